/** SQL of the series aggregate (storage/series.ts). */
import type { Db } from '../../db/open.js';
import { readHandle, type ReadDb } from '../../db/read.js';
import type { Member, SeriesLines, SeriesReader, SeriesRepository, SeriesRow } from '../series.js';
import type { Sync } from './repository.js';
import { sqliteLog } from './change-log.js';
import { beforePostsDeleted, beforeSeriesDeleted, eventsWritten } from '../change-log.js';

/** The columns read (migration 0022 left two unused ones, written ''). */
const COLUMNS = `id, lines, timezone, all_day, start_local, end_local, template, last_start_utc,
  modified_utc, slot, slot_origin, creator, created_utc`;

export function sqliteSeriesReader(db: ReadDb): Sync<SeriesReader> {
  const s = {
    get: db.prepare<[number], SeriesRow>(`SELECT ${COLUMNS} FROM series WHERE id = ?`),
    bySlot: db.prepare<[number], SeriesRow>(`SELECT ${COLUMNS} FROM series WHERE slot = ?`),
    nextSlot: db.prepare<[], number>('SELECT coalesce(max(slot), 0) + 1 FROM series').pluck(),
    createdSince: db
      .prepare<[number, string], number>(
        'SELECT count(*) FROM series WHERE creator = ? AND created_utc >= ?',
      )
      .pluck(),
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
    linesOf: db.prepare<[string], SeriesLines>(
      'SELECT id, lines, timezone, slot FROM series WHERE id IN (SELECT value FROM json_each(?))',
    ),
    // The parts a split made share the slot (resources/series/edit.ts); in the order of their
    // first starts.
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
  };
  return {
    get: (id) => s.get.get(id),
    bySlot: (slot) => s.bySlot.all(slot),
    nextSlot: () => s.nextSlot.get()!,
    createdSince: (creator, since) => s.createdSince.get(creator, since)!,
    anyRunning: () => s.anyRunning.get() === 1,
    running: (from) => s.running.all(from),
    storedOriginals(seriesIds) {
      const out = new Map<number, Set<string>>(seriesIds.map((id) => [id, new Set()]));
      if (seriesIds.length === 0) return out;
      for (const row of s.storedOriginals.all({ ids: JSON.stringify(seriesIds) })) {
        out.get(row.series_id)?.add(row.original);
      }
      return out;
    },
    storedAt: (seriesId, original) => s.storedAt.get(seriesId, original)?.id,
    removedAt: (seriesId, original) => s.removedAt.get(seriesId, original) !== undefined,
    venueGeo(ids) {
      if (ids.length === 0) return new Map();
      return new Map(
        s.venueGeo.all(JSON.stringify(ids)).map((v) => [v.id, { lat: v.geo_lat, lng: v.geo_lng }]),
      );
    },
    linesOf(ids) {
      if (ids.length === 0) return new Map();
      return new Map(s.linesOf.all(JSON.stringify(ids)).map((row) => [row.id, row]));
    },
    partsOf(slots) {
      const out = new Map<number, number[]>();
      if (slots.length === 0) return out;
      for (const row of s.partsOf.all(JSON.stringify(slots))) {
        const ids = out.get(row.slot) ?? [];
        ids.push(row.id);
        out.set(row.slot, ids);
      }
      return out;
    },
    members: (seriesId) => s.members.all(seriesId),
    memberIds: (seriesId) => s.memberIds.all(seriesId),
    exceptions: (seriesId) => new Set(s.exceptions.all(seriesId)),
  };
}

export function sqliteSeries(db: Db): Sync<SeriesRepository> {
  const log = sqliteLog(db);
  const s = {
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
    moveMembers: db
      .prepare<{ from: number; to: number; cut: string }, number>(
        `UPDATE events SET series_id = @to, parent_id = CASE WHEN id = @to THEN NULL ELSE @to END
         WHERE series_id = @from AND original_start_local >= @cut RETURNING id`,
      )
      .pluck(),
    deletePosts: db.prepare<[string]>(
      'DELETE FROM posts WHERE id IN (SELECT value FROM json_each(?))',
    ),
    moveExceptions: db.prepare<{ from: number; to: number; cut: string }>(
      `UPDATE series_exceptions SET series_id = @to
       WHERE series_id = @from AND original_start_local >= @cut`,
    ),
  };
  return {
    ...sqliteSeriesReader(readHandle(db)),
    insert: (row) => {
      s.insert.run(row);
    },
    update: (row) => {
      s.update.run(row);
    },
    remove: (id) => {
      const after = log(beforeSeriesDeleted(id));
      s.remove.run(id);
      log(after());
    },
    setExceptions(seriesId, originals) {
      s.clearExceptions.run(seriesId);
      for (const original of originals) s.addException.run(seriesId, original);
    },
    join(id, series, parent, original) {
      s.join.run({ id, series, parent, original });
      log(eventsWritten([id]));
    },
    setDetached(id, groups) {
      s.setDetached.run(groups === null || groups.length === 0 ? null : JSON.stringify(groups), id);
      log(eventsWritten([id]));
    },
    setOriginal: (id, original) => {
      s.setOriginal.run(original, id);
      log(eventsWritten([id]));
    },
    deleteEvents(ids) {
      if (ids.length === 0) return;
      const after = log(beforePostsDeleted(ids));
      s.deletePosts.run(JSON.stringify(ids));
      log(after());
    },
    moveFrom(from, to, cut) {
      const moved = s.moveMembers.all({ from, to, cut }).sort((a, b) => a - b);
      s.moveExceptions.run({ from, to, cut });
      log(eventsWritten(moved));
    },
  };
}
