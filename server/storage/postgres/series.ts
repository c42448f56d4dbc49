/**
 * PostgreSQL's SQL of the series aggregate (storage/series.ts), answering as SQLite's
 * (storage/sqlite/series.ts) does; lists of ids travel as arrays.
 */
import type { Member, SeriesLines, SeriesReader, SeriesRepository, SeriesRow } from '../series.js';
import { rowOf, rowsOf, type Query } from './query.js';
import { pgLog } from './change-log.js';
import { beforePostsDeleted, beforeSeriesDeleted, eventsWritten } from '../change-log.js';

/** The columns read (migration 0022 left two unused ones, written ''). */
const COLUMNS = `id, lines, timezone, all_day, start_local, end_local, template, last_start_utc,
  modified_utc, slot, slot_origin, creator, created_utc`;

export function pgSeriesReader(q: Query): SeriesReader {
  return {
    get: (id) => rowOf<SeriesRow>(q, `SELECT ${COLUMNS} FROM series WHERE id = $1`, [id]),
    bySlot: (slot) => rowsOf<SeriesRow>(q, `SELECT ${COLUMNS} FROM series WHERE slot = $1`, [slot]),
    nextSlot: async () =>
      (await rowOf<{ slot: number }>(q, 'SELECT coalesce(max(slot), 0) + 1 AS slot FROM series'))!
        .slot,
    createdSince: async (creator, since) =>
      (await rowOf<{ n: number }>(
        q,
        'SELECT count(*) AS n FROM series WHERE creator = $1 AND created_utc >= $2',
        [creator, since],
      ))!.n,
    anyRunning: async () =>
      (await rowOf<{ any: boolean }>(
        q,
        "SELECT EXISTS (SELECT 1 FROM series WHERE lines <> '[]') AS any",
      ))!.any,
    running: (from) =>
      rowsOf<SeriesRow>(
        q,
        `SELECT ${COLUMNS} FROM series WHERE lines <> '[]'
           AND (last_start_utc IS NULL OR last_start_utc >= $1) ORDER BY id`,
        [from],
      ),
    async storedOriginals(seriesIds) {
      const out = new Map<number, Set<string>>(seriesIds.map((id) => [id, new Set()]));
      if (seriesIds.length === 0) return out;
      const rows = await rowsOf<{ series_id: number; original: string }>(
        q,
        `SELECT series_id, original_start_local AS original FROM events
         WHERE series_id = ANY($1::bigint[]) AND original_start_local IS NOT NULL
         UNION ALL SELECT series_id, original_start_local FROM series_exceptions
         WHERE series_id = ANY($1::bigint[])`,
        [[...seriesIds]],
      );
      for (const row of rows) out.get(row.series_id)?.add(row.original);
      return out;
    },
    storedAt: async (seriesId, original) =>
      (
        await rowOf<{ id: number }>(
          q,
          'SELECT id FROM events WHERE series_id = $1 AND original_start_local = $2',
          [seriesId, original],
        )
      )?.id,
    removedAt: async (seriesId, original) =>
      (await rowOf(
        q,
        'SELECT 1 FROM series_exceptions WHERE series_id = $1 AND original_start_local = $2',
        [seriesId, original],
      )) !== undefined,
    async venueGeo(ids) {
      if (ids.length === 0) return new Map();
      const rows = await rowsOf<{ id: number; geo_lat: number | null; geo_lng: number | null }>(
        q,
        'SELECT id, geo_lat, geo_lng FROM venues WHERE id = ANY($1::bigint[])',
        [[...ids]],
      );
      return new Map(rows.map((v) => [v.id, { lat: v.geo_lat, lng: v.geo_lng }]));
    },
    async linesOf(ids) {
      if (ids.length === 0) return new Map();
      const rows = await rowsOf<SeriesLines>(
        q,
        'SELECT id, lines, timezone, slot FROM series WHERE id = ANY($1::bigint[])',
        [[...ids]],
      );
      return new Map(rows.map((row) => [row.id, row]));
    },
    async partsOf(slots) {
      const out = new Map<number, number[]>();
      if (slots.length === 0) return out;
      const rows = await rowsOf<{ id: number; slot: number }>(
        q,
        `SELECT id, slot FROM series WHERE slot = ANY($1::bigint[])
         ORDER BY slot, start_local, id`,
        [[...slots]],
      );
      for (const row of rows) {
        const ids = out.get(row.slot) ?? [];
        ids.push(row.id);
        out.set(row.slot, ids);
      }
      return out;
    },
    members: (seriesId) =>
      rowsOf<Member>(
        q,
        `SELECT id, status, author, original_start_local, start_utc, detached FROM events
         WHERE series_id = $1 ORDER BY original_start_local`,
        [seriesId],
      ),
    memberIds: async (seriesId) =>
      (
        await rowsOf<{ id: number }>(q, 'SELECT id FROM events WHERE series_id = $1 ORDER BY id', [
          seriesId,
        ])
      ).map((row) => row.id),
    exceptions: async (seriesId) =>
      new Set(
        (
          await rowsOf<{ original: string }>(
            q,
            'SELECT original_start_local AS original FROM series_exceptions WHERE series_id = $1',
            [seriesId],
          )
        ).map((row) => row.original),
      ),
  };
}

export function pgSeries(q: Query): SeriesRepository {
  const log = pgLog(q);
  return {
    ...pgSeriesReader(q),
    async insert(row) {
      await q(
        `INSERT INTO series (id, lines, timezone, all_day, start_local, end_local, template,
           last_start_utc, modified_utc, slot, slot_origin, creator, created_utc,
           generated_from_utc, generated_until_utc)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, '', '')`,
        [
          row.id,
          row.lines,
          row.timezone,
          row.all_day,
          row.start_local,
          row.end_local,
          row.template,
          row.last_start_utc,
          row.modified_utc,
          row.slot,
          row.slot_origin,
          row.creator,
          row.created_utc,
        ],
      );
    },
    async update(row) {
      await q(
        `UPDATE series SET lines = $2, timezone = $3, all_day = $4, start_local = $5,
           end_local = $6, template = $7, last_start_utc = $8, modified_utc = $9, slot = $10,
           slot_origin = $11
         WHERE id = $1`,
        [
          row.id,
          row.lines,
          row.timezone,
          row.all_day,
          row.start_local,
          row.end_local,
          row.template,
          row.last_start_utc,
          row.modified_utc,
          row.slot,
          row.slot_origin,
        ],
      );
    },
    async remove(id) {
      const after = await log(beforeSeriesDeleted(id));
      await q('DELETE FROM series WHERE id = $1', [id]);
      await log(after());
    },
    async setExceptions(seriesId, originals) {
      await q('DELETE FROM series_exceptions WHERE series_id = $1', [seriesId]);
      const list = [...originals];
      if (list.length === 0) return;
      await q(
        `INSERT INTO series_exceptions (series_id, original_start_local)
         SELECT $1, o FROM unnest($2::text[]) AS o ON CONFLICT DO NOTHING`,
        [seriesId, list],
      );
    },
    async join(id, series, parent, original) {
      await q(
        `UPDATE events SET series_id = $2, parent_id = $3, original_start_local = $4
         WHERE id = $1`,
        [id, series, parent, original],
      );
      await log(eventsWritten([id]));
    },
    async setDetached(id, groups) {
      await q('UPDATE events SET detached = $2 WHERE id = $1', [
        id,
        groups === null || groups.length === 0 ? null : JSON.stringify(groups),
      ]);
      await log(eventsWritten([id]));
    },
    async setOriginal(id, original) {
      await q('UPDATE events SET original_start_local = $2 WHERE id = $1', [id, original]);
      await log(eventsWritten([id]));
    },
    async deleteEvents(ids) {
      if (ids.length === 0) return;
      const after = await log(beforePostsDeleted(ids));
      await q('DELETE FROM posts WHERE id = ANY($1::bigint[])', [[...ids]]);
      await log(after());
    },
    async moveFrom(from, to, cut) {
      const moved = await rowsOf<{ id: number }>(
        q,
        `UPDATE events SET series_id = $2, parent_id = CASE WHEN id = $2 THEN NULL ELSE $2 END
         WHERE series_id = $1 AND original_start_local >= $3 RETURNING id`,
        [from, to, cut],
      );
      await log(eventsWritten(moved.map((row) => Number(row.id)).sort((a, b) => a - b)));
      await q(
        `UPDATE series_exceptions SET series_id = $2
         WHERE series_id = $1 AND original_start_local >= $3`,
        [from, to, cut],
      );
    },
  };
}
