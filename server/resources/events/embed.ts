/**
 * Presents events with what they link to. A page of events loads its organizer links, venues,
 * organizers, terms and images in a fixed number of batch queries, whatever its size.
 */
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../services.js';
import { eventJsonLd } from './json-ld.js';
import type { EventWire, OrganizerWire } from '../../../shared/schemas/wire/index.js';
import { eventUrl, presentEvent, type PresentContext } from './present.js';
import type { EventDeps } from './service.js';
import type { SeriesKeys } from '../series/service.js';
import type { EventRow, EventsStore } from './store.js';

/** The series keys of a page of events (series/service.ts). */
export type SeriesKeysOf = (rows: EventRow[]) => Map<number, SeriesKeys>;

export function createEventEmbedder(
  store: EventsStore,
  ports: EventDeps,
  core: CoreServices,
  seriesKeys: SeriesKeysOf,
) {
  function many(rows: EventRow[], links: Links, options: { jsonLd: boolean }): EventWire[] {
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
    const organizerIds = store.organizersOf(ids);
    const venueIds = unique(rows.flatMap((row) => (row.venue_id === null ? [] : [row.venue_id])));
    const imageIds = unique(rows.flatMap((row) => (row.image_id === null ? [] : [row.image_id])));
    const venues = ports.venues.embed(venueIds, links, options);
    const organizers = ports.organizers.embed(
      unique([...organizerIds.values()].flat()),
      links,
      options,
    );
    const images = ports.media.present(imageIds, links);
    const terms = ports.terms.embed(ids, links);
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
    one: (row: EventRow, links: Links, options: { jsonLd: boolean }): EventWire =>
      many([row], links, options)[0]!,
  };
}

function unique(ids: number[]): number[] {
  return [...new Set(ids)];
}

export type EventEmbedder = ReturnType<typeof createEventEmbedder>;
