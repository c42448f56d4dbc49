/**
 * The series aggregate (migrations 0009, 0022): the series rows, the occurrences deleted for
 * good (exceptions), and what the series code reads and writes of the stored occurrences (those
 * changed or trashed on their own, and each series' first event), which are event rows
 * (storage/events.ts).
 */
import type { PostStatus } from '../../shared/roles.js';

/** One `series` row as stored. */
export interface SeriesRow {
  id: number;
  /** JSON array of canonical lines; '[]' once ended. */
  lines: string;
  timezone: string;
  all_day: 0 | 1;
  start_local: string;
  end_local: string;
  /** JSON of a Snapshot (resources/series/snapshot.ts): what computed occurrences show. */
  template: string;
  /** The latest instant at which an occurrence can start; NULL when the rule never ends. */
  last_start_utc: string | null;
  modified_utc: string;
  /** The series' number and day 0 in the reserved id range (shared/recurrence/occurrence-id.ts). */
  slot: number;
  slot_origin: number;
  /** Who started it, and when (the daily quota of new series). */
  creator: number | null;
  created_utc: string;
}

/** What scope edits need to know of each stored occurrence. */
export interface Member {
  id: number;
  status: PostStatus;
  author: number | null;
  original_start_local: string;
  start_utc: string;
  /** JSON array of field groups changed on its own, or null. */
  detached: string | null;
}

export interface VenueGeo {
  lat: number | null;
  lng: number | null;
}

/** What a page of events needs of each one's series. */
export interface SeriesLines {
  id: number;
  lines: string;
  timezone: string;
  slot: number;
}

export interface SeriesReader {
  get(id: number): Promise<SeriesRow | undefined>;
  /** The series of a slot (a split series' parts share it). */
  bySlot(slot: number): Promise<SeriesRow[]>;
  /** The slot a new series takes. */
  nextSlot(): Promise<number>;
  /** How many series `creator` started from `since` on (UTC). */
  createdSince(creator: number, since: string): Promise<number>;
  /** Whether any series still has a rule (most calendars have none: listings ask first). */
  anyRunning(): Promise<boolean>;
  /** The series whose rule may still give an occurrence starting at `from` (UTC) or later. */
  running(from: string): Promise<SeriesRow[]>;
  /**
   * The original starts of every stored occurrence (any status) and of every occurrence
   * deleted for good, per series: the rule's occurrences that are not computed.
   */
  storedOriginals(seriesIds: readonly number[]): Promise<Map<number, Set<string>>>;
  /** The stored occurrence of this original start, if any. */
  storedAt(seriesId: number, original: string): Promise<number | undefined>;
  /** Whether the occurrence of this original start was deleted for good. */
  removedAt(seriesId: number, original: string): Promise<boolean>;
  /** Venues' coordinates, for the `geoloc` filters on computed occurrences. */
  venueGeo(ids: readonly number[]): Promise<Map<number, VenueGeo>>;
  /** The lines and zone of each series, for a page of events. */
  linesOf(ids: readonly number[]): Promise<Map<number, SeriesLines>>;
  /** The ids of every part of the series of these slots, first part first, by slot. */
  partsOf(slots: readonly number[]): Promise<Map<number, number[]>>;
  /** The stored occurrences, by original start. */
  members(seriesId: number): Promise<Member[]>;
  /** The ids of the stored occurrences, in id order. */
  memberIds(seriesId: number): Promise<number[]>;
  /** The original starts of the occurrences deleted for good. */
  exceptions(seriesId: number): Promise<Set<string>>;
}

export interface SeriesRepository extends SeriesReader {
  insert(row: SeriesRow): Promise<void>;
  /** Writes the rule, its template and its slot (never the creator). */
  update(row: SeriesRow): Promise<void>;
  remove(id: number): Promise<void>;
  /** Replaces the occurrences deleted for good. */
  setExceptions(seriesId: number, originals: Iterable<string>): Promise<void>;
  /** Makes an event an occurrence of a series (or of none, with nulls). */
  join(
    id: number,
    series: number | null,
    parent: number | null,
    original: string | null,
  ): Promise<void>;
  /** The field groups an occurrence changed on its own (none: null). */
  setDetached(id: number, groups: readonly string[] | null): Promise<void>;
  setOriginal(id: number, original: string): Promise<void>;
  /** Deletes stored occurrences for good (never trashed ones: the trash keeps its own). */
  deleteEvents(ids: readonly number[]): Promise<void>;
  /** Moves the stored occurrences from `cut` on (and their exceptions) to another series. */
  moveFrom(from: number, to: number, cut: string): Promise<void>;
}
