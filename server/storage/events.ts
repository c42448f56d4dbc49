/**
 * The events aggregate: single events' rows, their links to organizers and terms, slugs, the
 * trash's memory of a trashed event, the shared id space, and scheduled publishing. Listings and
 * search are read by the listing repository (listing.ts; docs/architecture.md, "Storage
 * ports").
 */
import type { EventStatus } from '../../shared/schemas/event-status.js';
import { POST_COLUMNS, type PostRow } from '../db/post-row.js';

/** One `events` row as stored. */
export interface EventRow extends PostRow {
  parent_id: number | null;
  timezone: string;
  start_local: string;
  end_local: string;
  start_utc: string;
  end_utc: string;
  all_day: 0 | 1;
  cost: string;
  website: string | null;
  show_map: 0 | 1;
  show_map_link: 0 | 1;
  hide_from_listings: 0 | 1;
  sticky: 0 | 1;
  featured: 0 | 1;
  venue_id: number | null;
  image_id: number | null;
  /** Recurring events (server/resources/series): set by series code only, never by updates. */
  series_id: number | null;
  original_start_local: string | null;
  detached: string | null;
  /** docs/contract/extensions.md §E7. */
  event_status: EventStatus;
  event_status_reason: string;
}

export type EventValues = Omit<EventRow, 'id'>;

/** The 0/1 flags, in the order the wire shape and the export show them. */
export const EVENT_FLAGS = [
  'show_map',
  'show_map_link',
  'hide_from_listings',
  'sticky',
  'featured',
] as const satisfies readonly (keyof EventRow)[];

/** What a trashed event was, so that restoring it gives back its status and slug. */
export interface TrashMeta {
  post_id: number;
  previous_status: string;
  previous_slug: string;
  trashed_utc: string;
}

export type Taxonomy = 'category' | 'tag';

/** The columns an update writes (every column but the id and the occurrence columns). */
export const EVENT_UPDATE_COLUMNS = [
  ...POST_COLUMNS,
  'parent_id',
  'timezone',
  'start_local',
  'end_local',
  'start_utc',
  'end_utc',
  'all_day',
  'cost',
  'website',
  'show_map',
  'show_map_link',
  'hide_from_listings',
  'sticky',
  'featured',
  'venue_id',
  'image_id',
  'event_status',
  'event_status_reason',
] as const satisfies readonly (keyof EventValues)[];
/** Written when a row is made; afterwards only the series code changes them. */
const OCCURRENCE_COLUMNS = [
  'series_id',
  'original_start_local',
  'detached',
] as const satisfies readonly (keyof EventValues)[];
/** Every column but the id, as a new row is written. */
export const EVENT_COLUMNS = [...EVENT_UPDATE_COLUMNS, ...OCCURRENCE_COLUMNS];

export interface EventsReader {
  /** The earliest publication date (UTC) of an event still stored as scheduled. */
  earliestScheduled(): Promise<string | undefined>;
  get(id: number): Promise<EventRow | undefined>;
  /** What kind of object owns this id in the shared id space (`event`, `venue`, ...). */
  kind(id: number): Promise<string | undefined>;
  /** The kinds of these ids, by id (an id no object owns is left out), in one read. */
  kinds(ids: readonly number[]): Promise<Map<number, string>>;
  /** The first event (by id) with this slug. */
  bySlug(slug: string): Promise<EventRow | undefined>;
  /** The slugs other events use among `base` and `base-<n>`. */
  slugVariants(base: string, selfId: number): Promise<Set<string>>;
  /** Organizer ids of each event, in link order (an empty list for one without). */
  organizersOf(eventIds: readonly number[]): Promise<Map<number, number[]>>;
  /** The event's terms of one taxonomy, in link order. */
  termIds(eventId: number, taxonomy: Taxonomy): Promise<number[]>;
  trashMeta(id: number): Promise<TrashMeta | undefined>;
}

export interface EventsRepository extends EventsReader {
  /** Stores `publish` on the scheduled events due by `nowUtc`; how many. */
  publishDue(nowUtc: string): Promise<number>;
  /** Takes the next ordinary id of the shared id space for a new event. */
  newId(): Promise<number>;
  /** Takes a given id (a computed occurrence's, as it becomes stored). */
  claimId(id: number): Promise<void>;
  insert(row: EventRow): Promise<void>;
  /** Writes every column but the occurrence columns (series code changes those). */
  update(row: EventRow): Promise<void>;
  /**
   * Replaces the event's organizers: positions are the list's indexes, a repeated id keeps its
   * first. `fresh`: the event was created in this unit, so it has no links to clear.
   */
  setOrganizers(eventId: number, organizerIds: readonly number[], fresh?: boolean): Promise<void>;
  /** Replaces the event's terms of one taxonomy, as `setOrganizers` does. */
  setTerms(
    eventId: number,
    taxonomy: Taxonomy,
    termIds: readonly number[],
    fresh?: boolean,
  ): Promise<void>;
  /** Remembers (or replaces) what a trashed event was. */
  putTrashMeta(meta: TrashMeta): Promise<void>;
  dropTrashMeta(id: number): Promise<void>;
}
