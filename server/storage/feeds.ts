/**
 * The feeds aggregate: what calendar feeds, CalDAV objects and the iCalendar import read, in
 * batches of ids (the events of a feed in chunks with what they show: venue, organizers,
 * categories, SEQUENCE, their series), and the UID bookkeeping of imported events. Lists of ids
 * are answered in the order given where the order matters.
 */
import type { PostStatus } from '../../shared/roles.js';
import type { EventRow } from './events.js';

export interface FeedState {
  /** The calendar's identifier, in the UIDs of its events. */
  site_uid: string;
  /** When content last changed: the feeds' Last-Modified. */
  changed_utc: string;
}

/** The columns of an event a VEVENT shows. */
export type FeedRow = Pick<
  EventRow,
  | 'id'
  | 'author'
  | 'status'
  | 'slug'
  | 'title'
  | 'description'
  | 'date_utc'
  | 'modified_utc'
  | 'timezone'
  | 'start_local'
  | 'end_local'
  | 'all_day'
  | 'venue_id'
  | 'event_status'
>;

/** What a made VEVENT depends on in the event's own row: [id, modified, sequence]. */
export type Fingerprint = [number, string, number];

export interface VenueBrief {
  id: number;
  status: PostStatus;
  author: number | null;
  title: string;
  address: string;
  city: string;
  stateprovince: string;
  zip: string;
  country: string;
  geo_lat: number | null;
  geo_lng: number | null;
}

export interface OrganizerBrief {
  event_id: number;
  id: number;
  status: PostStatus;
  author: number | null;
  title: string;
  email: string;
  slug: string;
}

export interface EventIcal {
  event_id: number;
  sequence: number;
  uid: string | null;
  source_sequence: number | null;
  source_modified: string | null;
}

/** An occurrence of a recurring series among a feed's events. */
export interface OccurrenceBrief {
  id: number;
  series_id: number;
  original_start_local: string;
  start_local: string;
  detached: string | null;
}

/** A series as a feed writes its rule (server/db/migrations/0009_recurrence.sql). */
export interface SeriesBrief {
  id: number;
  lines: string;
  timezone: string;
  all_day: number;
  start_local: string;
  end_local: string;
  modified_utc: string;
}

export interface ZoneSpan {
  timezone: string;
  first: string;
  last: string;
}

export interface FeedsReader {
  state(): Promise<FeedState>;
  /** The rows of these events, in the order given. */
  events(eventIds: readonly number[]): Promise<FeedRow[]>;
  /** [id, modified, sequence] of these events, in the order given. */
  fingerprints(eventIds: readonly number[]): Promise<Fingerprint[]>;
  /** Each zone the timed events use with their first start and last end (wall times). */
  zones(eventIds: readonly number[]): Promise<ZoneSpan[]>;
  ical(eventIds: readonly number[]): Promise<Map<number, EventIcal>>;
  /** Category names by event, in each event's order. */
  categories(eventIds: readonly number[]): Promise<Map<number, string[]>>;
  /** Organizers by event, in each event's order. */
  organizers(eventIds: readonly number[]): Promise<Map<number, OrganizerBrief[]>>;
  venues(venueIds: readonly number[]): Promise<Map<number, VenueBrief>>;
  /** The occurrences of recurring series among these events. */
  occurrences(eventIds: readonly number[]): Promise<OccurrenceBrief[]>;
  series(seriesIds: readonly number[]): Promise<SeriesBrief[]>;
  /** A series' occurrence rows (any status) and removed occurrences, by original start. */
  members(
    seriesId: number,
    from: string,
    until: string,
  ): Promise<{ rows: { id: number; original: string }[]; removed: string[] }>;
  /** Whether more than `limit` events are published, reading at most that many and one. */
  publishedMoreThan(limit: number): Promise<boolean>;
  byUid(uid: string): Promise<EventIcal | undefined>;
  /** The first live venue with this title (ASCII case folded). */
  venueByName(name: string): Promise<number | undefined>;
  /** The first live organizer with this e-mail address (ASCII case folded). */
  organizerByEmail(email: string): Promise<number | undefined>;
  organizerByName(name: string): Promise<number | undefined>;
}

export interface FeedsRepository extends FeedsReader {
  /** Records an event's SEQUENCE and UID (its own, or the one it was imported with). */
  putIcal(row: EventIcal): Promise<void>;
}
