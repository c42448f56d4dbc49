/**
 * Presents events with what they link to. A page of events loads its organizer links, venues,
 * organizers, terms and images in a fixed number of batch queries, whatever its size. A linked
 * venue or organizer is shown only to a reader who may read it on its own: a published event
 * never carries a draft or trashed venue's name and address to anonymous readers.
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
import type { EventsStore } from './sync-store.js';

/** The series keys of a page of events (series/service.ts). */
export type SeriesKeysOf = (rows: EventRow[]) => Map<number, SeriesKeys>;

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
  store: EventsStore,
  ports: EventDeps,
  core: CoreServices,
  seriesKeys: SeriesKeysOf,
) {
  function many(rows: EventRow[], links: Links, options: EmbedOptions): EventWire[] {
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
    const organizerIds = store.organizersOf(ids.filter((id) => !given.organizers.has(id)));
    for (const [id, organizers] of given.organizers) organizerIds.set(id, organizers);
    const venueIds = unique(rows.flatMap((row) => (row.venue_id === null ? [] : [row.venue_id])));
    const imageIds = unique(rows.flatMap((row) => (row.image_id === null ? [] : [row.image_id])));
    const venues = readable(ports.venues.embed(venueIds, links, options), options.reader);
    const organizers = readable(
      ports.organizers.embed(unique([...organizerIds.values()].flat()), links, options),
      options.reader,
    );
    const images = ports.media.present(imageIds, links);
    const terms = ports.terms.embed(ids, links, given.terms);
    const series = seriesKeys(rows);

    return rows.map((row) => {
      const venue = row.venue_id === null ? undefined : venues.get(row.venue_id);
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
    one: (row: EventRow, links: Links, options: EmbedOptions): EventWire =>
      many([row], links, options)[0]!,
  };
}

function unique(ids: number[]): number[] {
  return [...new Set(ids)];
}

export type EventEmbedder = ReturnType<typeof createEventEmbedder>;
