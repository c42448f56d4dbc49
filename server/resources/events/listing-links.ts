/**
 * The links of an events listing page (docs/contract/compat-notes.md §2.2): `rest_url`,
 * `next_rest_url` and `previous_rest_url` carry every parameter in effect, dates as resolved,
 * so following them pages one result set once.
 */
import { canEditPosts, type Actor } from '../../../shared/roles.js';
import { DEFAULT_GEOLOC_RADIUS_KM, type EventListInput } from '../../../shared/schemas/event.js';
import type { EventArchiveWire } from '../../../shared/schemas/wire/events.js';
import type { Links, QueryValue } from '../../http/links.js';
import type { EventQuery } from '../../storage/listing.js';
import type { ListingDates } from './listing-dates.js';

export type ArchiveLinks = Pick<
  EventArchiveWire,
  'rest_url' | 'next_rest_url' | 'previous_rest_url'
>;

export function archiveLinks(
  input: EventListInput,
  perPage: number,
  dates: Pick<ListingDates, 'echo' | 'strict'>,
  q: EventQuery,
  actor: Actor | null,
  links: Links,
  totalPages: number,
): ArchiveLinks {
  const { echo, strict } = dates;
  const csv = (values: ReadonlyArray<string | number> | undefined) => values?.join(',');
  const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
  const geo = q.geo?.kind === 'near';
  const args = (page: number | undefined): [string, QueryValue][] => [
    ['page', page],
    ['per_page', perPage],
    ['start_date', echo.start_date],
    ['end_date', echo.end_date],
    ['search', input.search],
    // Whoever cannot edit events sees only published ones, and the link says so, for a
    // subscriber as for an anonymous visitor (docs/contract/compat-notes.md §2.2).
    ['status', input.status ? csv(input.status) : canEditPosts(actor) ? undefined : 'publish'],
    ['post_parent', input.post_parent],
    ['include', csv(input.include)],
    ['starts_before', echo.starts_before],
    ['starts_after', echo.starts_after],
    ['ends_before', echo.ends_before],
    ['ends_after', echo.ends_after],
    ['ticketed', flag(input.ticketed)],
    ['venue', csv(input.venue)],
    ['organizer', csv(input.organizer)],
    ['featured', flag(input.featured)],
    ['categories', csv(input.categories)],
    ['tags', csv(input.tags)],
    ['strict_dates', strict ? 'true' : undefined],
    ['geoloc', geo ? undefined : flag(input.geoloc)],
    ['geoloc_lat', geo ? input.geoloc_lat : undefined],
    ['geoloc_lng', geo ? input.geoloc_lng : undefined],
    ['geoloc_radius', geo ? (input.geoloc_radius ?? DEFAULT_GEOLOC_RADIUS_KM) : undefined],
    ['orderby', input.orderby],
    ['order', input.order],
  ];
  const url = (page: number | undefined) => links.rest('events/', args(page));

  const next = input.page < totalPages ? url(input.page + 1) : undefined;
  const previous = input.page > 1 ? url(input.page === 2 ? undefined : input.page - 1) : undefined;
  return {
    rest_url: url(input.page),
    ...(next === undefined ? {} : { next_rest_url: next }),
    ...(previous === undefined ? {} : { previous_rest_url: previous }),
  };
}
