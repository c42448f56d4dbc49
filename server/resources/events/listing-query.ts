/**
 * What an events listing request selects, as the storage's query (storage/listing.ts): who sees
 * what, the search's words, the geographic filter and the resolved filters. The date window is
 * listing-dates.ts's; a search's candidates are added by the listing (`withCandidates`).
 */
import { canEditOthers, canEditPosts, type Actor, type PostStatus } from '../../../shared/roles.js';
import { eventSearchWords, MIN_EVENT_SEARCH_WORD } from '../../../shared/search.js';
import { DEFAULT_GEOLOC_RADIUS_KM, type EventListInput } from '../../../shared/schemas/event.js';
import type { EventQuery, GeoFilter, Visibility } from '../../storage/listing.js';
import type { Taxonomy } from '../../storage/events.js';
import type { ListingDates } from './listing-dates.js';
import { eventOrder } from './listing-order.js';

const ALL_BUT_TRASH: PostStatus[] = ['publish', 'future', 'draft', 'pending', 'private'];

/**
 * WordPress search: every word must appear. Words are those the full-text index holds (runs of
 * letters and digits), so no input can reach an engine's query syntax; words too short to index
 * are dropped. Every word is a whole word except the last, which may be the start of one (`jazz
 * conf` finds "jazz conference"; storage/listing.ts).
 */
export const searchWords = (search: string): string[] =>
  eventSearchWords(search).filter((word) => [...word].length >= MIN_EVENT_SEARCH_WORD);

/** A search's words, or undefined without a search; none: the search matches nothing. */
export const wordsOf = (input: EventListInput): string[] | undefined =>
  input.search === undefined ? undefined : searchWords(input.search);

/** Which events a listing shows this actor: published ones, and what the actor may read. */
export function visibility(actor: Actor | null, statuses: PostStatus[] | undefined): Visibility {
  if (!canEditPosts(actor)) return { kind: 'all', statuses: ['publish'] };
  const wanted = statuses ?? ALL_BUT_TRASH;
  if (canEditOthers(actor)) return { kind: 'all', statuses: wanted };
  // Contributors and authors see everyone's published events and only their own others
  // (docs/contract/decisions.md 15).
  return {
    kind: 'own',
    publish: wanted.includes('publish'),
    own: wanted.filter((status) => status !== 'publish'),
    author: actor!.id,
  };
}

export function geoFilter(input: EventListInput): GeoFilter | undefined {
  if (input.geoloc_lat !== undefined && input.geoloc_lng !== undefined) {
    const radiusKm = input.geoloc_radius ?? DEFAULT_GEOLOC_RADIUS_KM;
    const lat = input.geoloc_lat;
    const lng = input.geoloc_lng;
    // One degree of latitude is ~111.2 km; 1% of slack keeps the box a superset of the circle.
    const dLat = (radiusKm / 111.19) * 1.01;
    const box: GeoFilter = {
      kind: 'near',
      lat,
      lng,
      radiusKm,
      minLat: lat - dLat,
      maxLat: lat + dLat,
    };
    const cos = Math.cos(((Math.abs(lat) + dLat) * Math.PI) / 180);
    if (box.maxLat < 90 && box.minLat > -90 && cos > 0) {
      const dLng = dLat / cos;
      if (lng - dLng > -180 && lng + dLng < 180) {
        box.minLng = lng - dLng;
        box.maxLng = lng + dLng;
      }
    }
    return box;
  }
  if (input.geoloc !== undefined) return { kind: 'has', value: input.geoloc };
  return undefined;
}

/** The term ids a `categories=` or `tags=` filter names (ids or slugs; unknown ones left out). */
export type TermIds = (taxonomy: Taxonomy, values: (string | number)[]) => Promise<number[]>;

/** The listing's query, a search's candidates aside. */
export async function queryOf(
  input: EventListInput,
  actor: Actor | null,
  bounds: ListingDates['bounds'],
  termIds: TermIds,
): Promise<EventQuery> {
  const words = wordsOf(input);
  const [categories, tags] = await Promise.all([
    input.categories === undefined ? undefined : termIds('category', input.categories),
    input.tags === undefined ? undefined : termIds('tag', input.tags),
  ]);
  return {
    visibility: visibility(actor, input.status),
    startMin: bounds.start_date,
    endMax: bounds.end_date,
    startsBefore: bounds.starts_before,
    startsAfter: bounds.starts_after,
    endsBefore: bounds.ends_before,
    endsAfter: bounds.ends_after,
    categories,
    tags,
    venues: input.venue,
    organizers: input.organizer,
    // A search without a single word matches nothing.
    include: words?.length === 0 ? [] : input.include,
    parent: input.post_parent,
    featured: input.featured,
    geo: geoFilter(input),
    order: eventOrder(input),
  };
}
