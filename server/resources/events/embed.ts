/**
 * Presents events with what they link to. A page of events reads its organizer links, venues,
 * organizers, terms, images and series through the storage ports, one read per kind (the
 * venues' and organizers' images one more each), whatever its size, all at once. A linked venue
 * or organizer is shown only to a reader who may read it on its own: a published event never
 * carries a draft or trashed venue's name and address to anonymous readers.
 */
import { canReadPost, type Actor } from '../../../shared/roles.js';
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../core.js';
import { eventJsonLd } from './json-ld.js';
import type { EventWire, OrganizerWire, VenueWire } from '../../../shared/schemas/wire/index.js';
import { eventUrl, presentEvent, type PresentContext } from './present.js';
import type { EventDeps } from './service.js';
import type { SeriesKeys } from '../series/service.js';
import { templateOfComputed } from '../series/occurrences.js';
import type { EventRow } from '../../storage/events.js';

/** The series keys of a page of events (series/service.ts). */
export type SeriesKeysOf = (rows: EventRow[]) => Promise<Map<number, SeriesKeys>>;

export interface EmbedOptions {
  jsonLd: boolean;
  /** Who reads the answer: what they may not read is left out of it. */
  reader: Actor | null;
}

/** The linked objects of `embedded` that `reader` may read, by id. */
function readable<W extends VenueWire | OrganizerWire>(
  embedded: Map<number, W>,
  reader: Actor | null,
): Map<number, W> {
  const out = new Map<number, W>();
  for (const [id, wire] of embedded) {
    if (canReadPost(reader, { author: Number(wire.author), status: wire.status }))
      out.set(id, wire);
  }
  return out;
}

export function createEventEmbedder(
  ports: EventDeps,
  core: CoreServices,
  seriesKeys: SeriesKeysOf,
) {
  const read = core.storage.read;

  async function many(rows: EventRow[], links: Links, options: EmbedOptions): Promise<EventWire[]> {
    if (rows.length === 0) return [];
    const settings = core.settings.get();
    const ctx: PresentContext = {
      links,
      siteZone: settings.timezone,
      currency: {
        currency_symbol: settings.currency_symbol,
        currency_code: settings.currency_code,
        currency_position: settings.currency_position,
      },
    };
    const ids = rows.map((row) => row.id);
    // Computed occurrences have no stored links: they show their series template's.
    const given = { organizers: new Map<number, number[]>(), terms: new Map<number, number[]>() };
    for (const row of rows) {
      const template = templateOfComputed(row);
      if (template === undefined) continue;
      given.organizers.set(row.id, template.organizers);
      given.terms.set(row.id, [...template.categories, ...template.tags]);
    }
    const stored = ids.filter((id) => !given.organizers.has(id));
    const venueIds = unique(rows.flatMap((row) => (row.venue_id === null ? [] : [row.venue_id])));
    const imageIds = unique(rows.flatMap((row) => (row.image_id === null ? [] : [row.image_id])));
    const [organizerIds, venues, images, terms, series] = await Promise.all([
      read.events.organizersOf(stored),
      ports.venues.embed(venueIds, links, options),
      ports.media.onPorts.present(read, imageIds, links),
      ports.terms.onPorts.embed(read, ids, links, given.terms),
      seriesKeys(rows),
    ]);
    for (const [id, organizers] of given.organizers) organizerIds.set(id, organizers);
    // The organizers are read by the ids their links give, so after those.
    const organizers = readable(
      await ports.organizers.embed(unique([...organizerIds.values()].flat()), links, options),
      options.reader,
    );
    const shownVenues = readable(venues, options.reader);

    return rows.map((row) => {
      const venue = row.venue_id === null ? undefined : shownVenues.get(row.venue_id);
      const linked = (organizerIds.get(row.id) ?? [])
        .map((id) => organizers.get(id))
        .filter((organizer): organizer is OrganizerWire => organizer !== undefined);
      const image = row.image_id === null ? undefined : images.get(row.image_id);
      const rowTerms = terms.get(row.id) ?? { categories: [], tags: [] };
      const jsonLd = options.jsonLd
        ? eventJsonLd({
            row,
            url: eventUrl(row, links),
            imageUrl: image?.url,
            venue,
            organizers: linked,
            currencyCode: settings.currency_code,
          })
        : undefined;
      return presentEvent(
        row,
        {
          image,
          venue,
          organizers: linked,
          categories: rowTerms.categories,
          tags: rowTerms.tags,
          series: series.get(row.id)!,
          jsonLd,
        },
        ctx,
      );
    });
  }

  return {
    many,
    one: async (row: EventRow, links: Links, options: EmbedOptions): Promise<EventWire> =>
      (await many([row], links, options))[0]!,
  };
}

function unique(ids: number[]): number[] {
  return [...new Set(ids)];
}

export type EventEmbedder = ReturnType<typeof createEventEmbedder>;
