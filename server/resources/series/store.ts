/**
 * SQL for series (migrations 0009, 0022): the series rows, the occurrences deleted for good, and
 * the stored occurrences (those changed or trashed on their own, and each series' first event).
 */
import type { Db } from '../../db/open.js';
import type { PostStatus } from '../../../shared/roles.js';

/** One `series` row as stored. */
export interface SeriesRow {
  id: number;
  /** JSON array of canonical lines; '[]' once ended. */
  lines: string;
  timezone: string;
  all_day: 0 | 1;
  start_local: string;
  end_local: string;
  /** JSON of a Snapshot (snapshot.ts): what computed occurrences show. */
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

/** The columns read (migration 0022 left two unused ones, written ''). */
const COLUMNS = `id, lines, timezone, all_day, start_local, end_local, template, last_start_utc,
  modified_utc, slot, slot_origin, creator, created_utc`;

export function createSeriesStore(db: Db) {
  const s = {
    get: db.prepare<[number], SeriesRow>(`SELECT ${COLUMNS} FROM series WHERE id = ?`),
    insert: db.prepare<SeriesRow>(
      `INSERT INTO series (id, lines, timezone, all_day, start_local, end_local, template,
         last_start_utc, modified_utc, slot, slot_origin, creator, created_utc,
         generated_from_utc, generated_until_utc)
       VALUES (@id, @lines, @timezone, @all_day, @start_local, @end_local, @template,
         @last_start_utc, @modified_utc, @slot, @slot_origin, @creator, @created_utc, '', '')`,
    ),
    update: db.prepare<SeriesRow>(
      `UPDATE series SET lines = @lines, timezone = @timezone, all_day = @all_day,
         start_local = @start_local, end_local = @end_local, template = @template,
         last_start_utc = @last_start_utc, modified_utc = @modified_utc,
         slot = @slot, slot_origin = @slot_origin
       WHERE id = @id`,
    ),
    remove: db.prepare<[number]>('DELETE FROM series WHERE id = ?'),
    bySlot: db.prepare<[number], SeriesRow>(`SELECT ${COLUMNS} FROM series WHERE slot = ?`),
    nextSlot: db.prepare<[], number>('SELECT coalesce(max(slot), 0) + 1 FROM series').pluck(),
    createdSince: db
      .prepare<[number, string], number>(
        'SELECT count(*) FROM series WHERE creator = ? AND created_utc >= ?',
      )
      .pluck(),
    // The cheap check every listing makes first: most calendars have no running series.
    anyRunning: db
      .prepare<[], number>("SELECT EXISTS (SELECT 1 FROM series WHERE lines <> '[]')")
      .pluck(),
    running: db.prepare<[string], SeriesRow>(
      `SELECT ${COLUMNS} FROM series WHERE lines <> '[]'
         AND (last_start_utc IS NULL OR last_start_utc >= ?) ORDER BY id`,
    ),
    storedOriginals: db.prepare<{ ids: string }, { series_id: number; original: string }>(
      `SELECT series_id, original_start_local AS original FROM events
       WHERE series_id IN (SELECT value FROM json_each(@ids)) AND original_start_local IS NOT NULL
       UNION ALL SELECT series_id, original_start_local FROM series_exceptions
       WHERE series_id IN (SELECT value FROM json_each(@ids))`,
    ),
    storedAt: db.prepare<[number, string], { id: number }>(
      'SELECT id FROM events WHERE series_id = ? AND original_start_local = ?',
    ),
    removedAt: db.prepare<[number, string], { n: number }>(
      'SELECT 1 AS n FROM series_exceptions WHERE series_id = ? AND original_start_local = ?',
    ),
    venueGeo: db.prepare<[string], { id: number; geo_lat: number | null; geo_lng: number | null }>(
      'SELECT id, geo_lat, geo_lng FROM venues WHERE id IN (SELECT value FROM json_each(?))',
    ),
    linesOf: db.prepare<[string], { id: number; lines: string; timezone: string; slot: number }>(
      'SELECT id, lines, timezone, slot FROM series WHERE id IN (SELECT value FROM json_each(?))',
    ),
    // The parts a split made share the slot (edit.ts); in the order of their first starts.
    partsOf: db.prepare<[string], { id: number; slot: number }>(
      `SELECT id, slot FROM series WHERE slot IN (SELECT value FROM json_each(?))
       ORDER BY slot, start_local, id`,
    ),
    members: db.prepare<[number], Member>(
      `SELECT id, status, author, original_start_local, start_utc, detached FROM events
       WHERE series_id = ? ORDER BY original_start_local`,
    ),
    memberIds: db
      .prepare<[number], number>('SELECT id FROM events WHERE series_id = ? ORDER BY id')
      .pluck(),
    exceptions: db
      .prepare<[number], string>(
        'SELECT original_start_local FROM series_exceptions WHERE series_id = ?',
      )
      .pluck(),
    addException: db.prepare<[number, string]>(
      'INSERT OR IGNORE INTO series_exceptions (series_id, original_start_local) VALUES (?, ?)',
    ),
    clearExceptions: db.prepare<[number]>('DELETE FROM series_exceptions WHERE series_id = ?'),
    join: db.prepare<{
      id: number;
      series: number | null;
      parent: number | null;
      original: string | null;
    }>(
      `UPDATE events SET series_id = @series, parent_id = @parent,
         original_start_local = @original
       WHERE id = @id`,
    ),
    setDetached: db.prepare<[string | null, number]>('UPDATE events SET detached = ? WHERE id = ?'),
    setOriginal: db.prepare<[string, number]>(
      'UPDATE events SET original_start_local = ? WHERE id = ?',
    ),
    moveMembers: db.prepare<{ from: number; to: number; cut: string }>(
      `UPDATE events SET series_id = @to, parent_id = CASE WHEN id = @to THEN NULL ELSE @to END
       WHERE series_id = @from AND original_start_local >= @cut`,
    ),
    deletePosts: db.prepare<[string]>(
      'DELETE FROM posts WHERE id IN (SELECT value FROM json_each(?))',
    ),
    moveExceptions: db.prepare<{ from: number; to: number; cut: string }>(
      `UPDATE series_exceptions SET series_id = @to
       WHERE series_id = @from AND original_start_local >= @cut`,
    ),
  };

  return {
    get: (id: number): SeriesRow | undefined => s.get.get(id),
    insert: (row: SeriesRow): void => {
      s.insert.run(row);
    },
    update: (row: SeriesRow): void => {
      s.update.run(row);
    },
    remove: (id: number): void => {
      s.remove.run(id);
    },
    /** The series of a slot (a split series' parts share it). */
    bySlot: (slot: number): SeriesRow[] => s.bySlot.all(slot),
    nextSlot: (): number => s.nextSlot.get()!,
    /** How many series `creator` started from `since` on (UTC). */
    createdSince: (creator: number, since: string): number => s.createdSince.get(creator, since)!,
    anyRunning: (): boolean => s.anyRunning.get() === 1,
    /** The series whose rule may still give an occurrence starting at `from` (UTC) or later. */
    running: (from: string): SeriesRow[] => s.running.all(from),
    /**
     * The original starts of every stored occurrence (any status) and of every occurrence
     * deleted for good, per series: the rule's occurrences that are not computed.
     */
    storedOriginals(seriesIds: number[]): Map<number, Set<string>> {
      const out = new Map<number, Set<string>>(seriesIds.map((id) => [id, new Set()]));
      if (seriesIds.length === 0) return out;
      for (const row of s.storedOriginals.all({ ids: JSON.stringify(seriesIds) })) {
        out.get(row.series_id)?.add(row.original);
      }
      return out;
    },
    /** The stored occurrence of this original start, if any. */
    storedAt: (seriesId: number, original: string): number | undefined =>
      s.storedAt.get(seriesId, original)?.id,
    /** Whether the occurrence of this original start was deleted for good. */
    removedAt: (seriesId: number, original: string): boolean =>
      s.removedAt.get(seriesId, original) !== undefined,
    /** Venues' coordinates, for the `geoloc` filters on computed occurrences. */
    venueGeo(ids: number[]): Map<number, VenueGeo> {
      if (ids.length === 0) return new Map();
      return new Map(
        s.venueGeo.all(JSON.stringify(ids)).map((v) => [v.id, { lat: v.geo_lat, lng: v.geo_lng }]),
      );
    },
    /** The lines and zone of each series, for a page of events. */
    linesOf(ids: number[]): Map<number, { lines: string; timezone: string; slot: number }> {
      if (ids.length === 0) return new Map();
      return new Map(s.linesOf.all(JSON.stringify(ids)).map((row) => [row.id, row]));
    },
    /** The ids of every part of the series of these slots, first part first, by slot. */
    partsOf(slots: number[]): Map<number, number[]> {
      const out = new Map<number, number[]>();
      if (slots.length === 0) return out;
      for (const row of s.partsOf.all(JSON.stringify(slots))) {
        const ids = out.get(row.slot) ?? [];
        ids.push(row.id);
        out.set(row.slot, ids);
      }
      return out;
    },
    members: (seriesId: number): Member[] => s.members.all(seriesId),
    memberIds: (seriesId: number): number[] => s.memberIds.all(seriesId),
    exceptions: (seriesId: number): Set<string> => new Set(s.exceptions.all(seriesId)),
    setExceptions(seriesId: number, originals: Iterable<string>): void {
      s.clearExceptions.run(seriesId);
      for (const original of originals) s.addException.run(seriesId, original);
    },
    /** Makes an event an occurrence of a series (or of none, with nulls). */
    join(id: number, series: number | null, parent: number | null, original: string | null) {
      s.join.run({ id, series, parent, original });
    },
    setDetached(id: number, groups: readonly string[] | null): void {
      s.setDetached.run(groups === null || groups.length === 0 ? null : JSON.stringify(groups), id);
    },
    setOriginal: (id: number, original: string): void => {
      s.setOriginal.run(original, id);
    },
    /** Deletes stored occurrences for good (never trashed ones: the trash keeps its own). */
    deleteEvents(ids: number[]): void {
      if (ids.length > 0) s.deletePosts.run(JSON.stringify(ids));
    },
    /** Moves the stored occurrences from `cut` on (and their exceptions) to another series. */
    moveFrom(from: number, to: number, cut: string): void {
      s.moveMembers.run({ from, to, cut });
      s.moveExceptions.run({ from, to, cut });
    },
  };
}

export type SeriesStore = ReturnType<typeof createSeriesStore>;
