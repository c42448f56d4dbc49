/**
 * SQLite's event listings and search (../listing.ts). Each distinct composition of the WHERE
 * clause (listing-where.ts) is prepared once and cached. Searches read the FTS5 index events_fts
 * (migration 0004); a search listing of published events by dates is answered from the index of
 * listed events (listed-search.ts).
 */
import type { PostStatus } from '../../../shared/roles.js';
import { distanceKm } from '../../../shared/geo.js';
import { ADMIN_SEARCH_CANDIDATES, SEARCH_CANDIDATES } from '../../../shared/search.js';
import type { ReadDb, ReadStatement } from '../../db/read.js';
import type { EventRow } from '../events.js';
import type { EventHit, EventQuery, ListingReader } from '../listing.js';
import { createListedSearch } from './listed-search.js';
import {
  BROAD,
  driverOf,
  idSpan,
  orderSql,
  plainWindow,
  visibilitySql,
  WALK_ABOVE,
  whereSql,
  type Params,
} from './listing-where.js';
import type { Sync } from './repository.js';
import { objectRows, type ObjectRows } from './row-objects.js';

/**
 * The FTS5 query of a search's words: every word whole except the last, which may be the start
 * of one (`jazz conf` finds "jazz conference"). FTS5 reads a word-start by merging the lists of
 * every word it starts, so one of them per search bounds that work, where whole words are read
 * lazily and stop with the candidates (SEARCH_CANDIDATES). Words are runs of letters and digits
 * (resources/events/listing.ts), so none reaches FTS5's query syntax.
 */
export function ftsQuery(words: string[]): string | undefined {
  if (words.length === 0) return undefined;
  return words.map((word, i) => `"${word}"${i === words.length - 1 ? '*' : ''}`).join(' ');
}

const DAY_MS = 86_400_000;
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

export function sqliteListingReader(db: ReadDb): Sync<ListingReader> {
  db.function('almanac_distance_km', { deterministic: true }, (lat1, lng1, lat2, lng2) =>
    distanceKm(Number(lat1), Number(lng1), Number(lat2), Number(lng2)),
  );
  const cache = new Map<string, ReadStatement<[Params?], unknown>>();
  const prepared = (sql: string): ReadStatement<[Params?], unknown> => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare<[Params?], unknown>(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
  const pages = new Map<string, ObjectRows<[Params], EventRow>>();
  /** A page's statement, its rows made as objects (row-objects.ts). */
  const pageRows = (sql: string): ObjectRows<[Params], EventRow> => {
    let statement = pages.get(sql);
    if (!statement) {
      statement = objectRows<[Params], EventRow>(db.prepare<[Params], unknown>(sql));
      pages.set(sql, statement);
    }
    return statement;
  };
  /**
   * The exact number of listed events with start ≥ startMin and end ≤ endMax, without reading
   * every event in between: whole UTC days strictly inside the window come from
   * event_day_counts (migration 0006); events starting on the window's first day, or ending on
   * its last day, are counted one by one from covering indexes (a day's worth each).
   */
  const windowStatement = db.prepare<Record<string, string>, { n: number }>(
    `SELECT
       (SELECT coalesce(sum(n), 0) FROM event_day_counts
        WHERE status IN (SELECT value FROM json_each(@statuses))
          AND start_day > @startDay AND start_day < @endDay AND end_day < @endDay)
     + (SELECT count(*) FROM events
        WHERE hide_from_listings = 0 AND status IN (SELECT value FROM json_each(@statuses))
          AND start_utc >= @startMin AND start_utc < @afterStartDay AND end_utc <= @endMax)
     + (SELECT count(*) FROM events
        WHERE hide_from_listings = 0 AND status IN (SELECT value FROM json_each(@statuses))
          AND end_utc >= @endDayStart AND end_utc <= @endMax AND start_utc >= @afterStartDay)
     AS n`,
  );
  const windowCount = (statuses: PostStatus[], startMin: string, endMax: string): number => {
    const startDay = startMin.slice(0, 10);
    const endDay = endMax.slice(0, 10);
    return windowStatement.get({
      statuses: JSON.stringify(statuses),
      startDay,
      endDay,
      startMin,
      endMax,
      afterStartDay: `${nextDay(startDay)} 00:00:00`,
      endDayStart: `${endDay} 00:00:00`,
    })!.n;
  };
  /** See WALK_ABOVE. The window's size comes from the per-day counts when its shape allows. */
  const walks = (q: EventQuery, total: number | undefined, limit: number, offset: number) => {
    if (total === undefined) return true;
    const bare = { ...q, search: undefined, categories: undefined, tags: undefined };
    if (!plainWindow(bare)) return total > WALK_ABOVE;
    const window = windowCount(bare.visibility.statuses, bare.startMin, bare.endMax);
    return total * total * 10 > window * (offset + limit);
  };

  const candidates = db
    .prepare<[string, number], number>(
      'SELECT rowid FROM events_fts WHERE events_fts MATCH ? ORDER BY rowid DESC LIMIT ?',
    )
    .pluck();
  const listed = createListedSearch(db);

  return {
    searchCandidates(words) {
      const fts = ftsQuery(words);
      return fts === undefined ? [] : candidates.all(fts, SEARCH_CANDIDATES);
    },
    searchPage(q, words, limit, offset) {
      const fts = ftsQuery(words);
      return fts === undefined ? undefined : listed.page(q, fts, limit, offset);
    },
    /**
     * `total`, when known, picks the plan of a broad filter: few matches are loaded through the
     * filter's index and sorted, many are found by walking the listing in order.
     */
    page(q, limit, offset, total) {
      const leading = driverOf(q);
      const walk = leading !== undefined && BROAD.has(leading) && walks(q, total, limit, offset);
      const { sql, params, driven } = whereSql(q, walk);
      // A driven query sorts its few rows rather than walk the start index in order. With
      // `include` the reference falls back to WordPress's post order: publication date, then id
      // (docs/contract/compat-notes.md §2.4).
      const order = q.order
        ? orderSql(q.order, driven)
        : leading === 'include'
          ? '+e.date_utc, e.id'
          : driven
            ? '+e.start_utc, e.id'
            : 'e.start_utc, e.id';
      return pageRows(
        `SELECT e.* FROM events e WHERE ${sql} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
      ).all({ ...params, limit, offset });
    },
    allIds(q) {
      const { sql, params, driven } = whereSql(q);
      const order = driven ? '+e.start_utc, e.id' : 'e.start_utc, e.id';
      const statement = prepared(`SELECT e.id FROM events e WHERE ${sql} ORDER BY ${order}`);
      const ids =
        Object.keys(params).length > 0 ? statement.raw().all(params) : statement.raw().all();
      return (ids as [number][]).map((row) => row[0]);
    },
    count(q) {
      if (plainWindow(q)) return windowCount(q.visibility.statuses, q.startMin, q.endMax);
      const { sql, params } = whereSql(q);
      const statement = prepared(
        `SELECT count(*) AS n FROM events e ${idSpan(q) ? 'INDEXED BY events_id_span ' : ''}WHERE ${sql}`,
      );
      // better-sqlite3 refuses a parameter object for a statement without named parameters.
      const row = (Object.keys(params).length > 0 ? statement.get(params) : statement.get()) as {
        n: number;
      };
      return row.n;
    },
    siteSearch(words, visible, limit) {
      const fts = ftsQuery(words);
      if (fts === undefined) return [];
      const params: Params = { fts, limit, candidates: ADMIN_SEARCH_CANDIDATES };
      const where = visibilitySql(visible, params, 'e.status');
      // The newest candidates, in a subquery that stops after them; CROSS JOIN keeps them the
      // outer loop (SQLite could otherwise walk events). The full-text index drives the query in
      // rowid order, so a common word stops after the page instead of reading every event
      // holding it, and a word found only in events the caller may not read stops at the cap.
      return prepared(
        `SELECT e.id, e.title, e.status FROM (SELECT rowid FROM events_fts
            WHERE events_fts MATCH @fts ORDER BY rowid DESC LIMIT @candidates) f
          CROSS JOIN events e ON e.id = f.rowid
          WHERE ${where} ORDER BY f.rowid DESC LIMIT @limit`,
      ).all(params) as EventHit[];
    },
  };
}
