/** Event rows → the event object of docs/contract/compat-notes.md §1.1, keys in the reference's order. */
import { globalId, type Links } from '../../http/links.js';
import { autop } from '../../text/html.js';
import { dateDetails, zoneAbbreviationAt } from '../../../shared/dates.js';
import { presentCost, type CostDefaults } from '../../../shared/cost.js';
import { formatInZone, parseUtc, wallMillis } from '../../../shared/time.js';
import type {
  EmbeddedTermWire,
  EventWire,
  ImageWire,
  OrganizerWire,
  VenueWire,
} from '../../../shared/schemas/wire/index.js';
import type { SeriesKeys } from '../series/service.js';
import { EVENT_FLAGS, type EventRow } from '../../storage/events.js';
import { flagsOf } from '../../db/post-row.js';

export type Wire = Record<string, unknown>;

/** What an event links to, loaded for a whole page at once. */
export interface EventEmbeds {
  image?: ImageWire | undefined;
  venue?: VenueWire | undefined;
  organizers: OrganizerWire[];
  categories: EmbeddedTermWire[];
  tags: EmbeddedTermWire[];
  series: SeriesKeys;
  jsonLd?: Wire | undefined;
}

export interface PresentContext {
  links: Links;
  siteZone: string;
  currency: CostDefaults;
}

/** Statuses whose permalink is the pretty `/event/<slug>/` page (WordPress's rule). */
const PRETTY = new Set(['publish', 'private', 'trash']);

export function eventUrl(row: Pick<EventRow, 'id' | 'slug' | 'status'>, links: Links): string {
  if (PRETTY.has(row.status) && row.slug !== '') {
    return links.site(`/event/${encodeURIComponent(row.slug)}/`);
  }
  return links.site(`/?post_type=tribe_events&p=${row.id}`);
}

export function parseCostColumn(cost: string): string[] {
  try {
    const value: unknown = JSON.parse(cost);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

export function presentEvent(row: EventRow, embeds: EventEmbeds, ctx: PresentContext): EventWire {
  const { links } = ctx;
  const url = eventUrl(row, links);
  // The stored wall and UTC times of the start give the zone's offset without a zone lookup.
  const startMs = wallMillis(row.start_utc);
  const offsetMinutes = Math.round((wallMillis(row.start_local) - startMs) / 60_000);
  const cost = presentCost(parseCostColumn(row.cost), ctx.currency);
  const gid = globalId(row.id, links);
  const wire: EventWire = {
    id: row.id,
    global_id: gid,
    global_id_lineage: [gid],
    author: String(row.author ?? 0),
    status: row.status,
    date: formatInZone(parseUtc(row.date_utc), ctx.siteZone),
    date_utc: row.date_utc,
    modified: formatInZone(parseUtc(row.modified_utc), ctx.siteZone),
    modified_utc: row.modified_utc,
    url,
    rest_url: links.rest(`events/${row.id}`),
    title: row.title,
    description: autop(row.description),
    excerpt: autop(row.excerpt),
    slug: row.slug,
    image: embeds.image ?? false,
    all_day: row.all_day === 1,
    start_date: row.start_local,
    start_date_details: dateDetails(row.start_local),
    end_date: row.end_local,
    end_date_details: dateDetails(row.end_local),
    utc_start_date: row.start_utc,
    utc_start_date_details: dateDetails(row.start_utc),
    utc_end_date: row.end_utc,
    utc_end_date_details: dateDetails(row.end_utc),
    timezone: row.timezone,
    timezone_abbr: Number.isNaN(startMs)
      ? ''
      : zoneAbbreviationAt(row.timezone, startMs, offsetMinutes),
    cost: cost.cost,
    cost_details: cost.cost_details,
    website: row.website ?? url,
    ...flagsOf(row, EVENT_FLAGS),
    categories: embeds.categories,
    tags: embeds.tags,
    venue: embeds.venue ?? [],
    organizer: embeds.organizers,
    custom_fields: [],
    // Extension keys come after the reference's own (docs/contract/extensions.md).
    recurrence: embeds.series.recurrence,
    series_id: embeds.series.series_id,
    original_start_date: embeds.series.original_start_date,
    event_status: row.event_status,
    event_status_reason: row.event_status_reason,
    series_parts: embeds.series.series_parts,
  };
  if (embeds.jsonLd) wire.json_ld = embeds.jsonLd;
  return wire;
}
