/**
 * PostgreSQL's event listings and search (../listing.ts): the same answers as SQLite's
 * (test/postgres/storage/listing.test.ts). Searches read events_search's tsvector words through
 * their GIN index (migration 0004, search.ts) with the same candidate caps as FTS5's; the search
 * listing has no index of its own here (`searchPage` is undefined), so it takes the general plan,
 * ordered by the listing's indexes.
 */
import { distanceKm } from '../../../shared/geo.js';
import { ADMIN_SEARCH_CANDIDATES, SEARCH_CANDIDATES } from '../../../shared/search.js';
import type { EventRow } from '../events.js';
import type { EventHit, EventQuery, ListingReader } from '../listing.js';
import { orderSql, Params, plainWindow, visibilitySql, whereSql } from './listing-where.js';
import { rowOf, rowsOf, type Query } from './query.js';
import { searchCandidates } from './search.js';

const DAY_MS = 86_400_000;
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

export function pgListingReader(q: Query): ListingReader {
  /**
   * The venues within a `near` filter's radius: those in its box (the venues_geo index), then the
   * exact distance, computed as SQLite's listing computes it, so both keep the same venues.
   */
  async function nearVenues(query: EventQuery): Promise<number[] | undefined> {
    const geo = query.geo;
    if (geo?.kind !== 'near') return undefined;
    const p = new Params();
    let box = `geo_lat BETWEEN ${p.add(geo.minLat)}::float8 AND ${p.add(geo.maxLat)}::float8`;
    if (geo.minLng !== undefined && geo.maxLng !== undefined) {
      box += ` AND geo_lng BETWEEN ${p.add(geo.minLng)}::float8 AND ${p.add(geo.maxLng)}::float8`;
    }
    const venues = await rowsOf<{ id: number; lat: number; lng: number | null }>(
      q,
      `SELECT id, geo_lat AS lat, geo_lng AS lng FROM venues WHERE ${box}`,
      p.values,
    );
    // Number(): SQLite's function reads a missing longitude as 0, and so does this.
    return venues
      .filter((v) => distanceKm(v.lat, Number(v.lng), geo.lat, geo.lng) <= geo.radiusKm)
      .map((v) => v.id);
  }

  /**
   * The exact number of listed events with start ≥ startMin and end ≤ endMax: whole UTC days
   * strictly inside the window from event_day_counts (migration 0006), the window's first and
   * last days one by one (sqlite/listing.ts says more).
   */
  async function windowCount(statuses: string[], startMin: string, endMax: string) {
    const startDay = startMin.slice(0, 10);
    const endDay = endMax.slice(0, 10);
    const row = await rowOf<{ n: number }>(
      q,
      `SELECT
         (SELECT coalesce(sum(n), 0) FROM event_day_counts
          WHERE status = ANY($1::text[]) AND start_day > $2 AND start_day < $3 AND end_day < $3)
       + (SELECT count(*) FROM events
          WHERE hide_from_listings = 0 AND status = ANY($1::text[])
            AND start_utc >= $4 AND start_utc < $6 AND end_utc <= $5)
       + (SELECT count(*) FROM events
          WHERE hide_from_listings = 0 AND status = ANY($1::text[])
            AND end_utc >= $7 AND end_utc <= $5 AND start_utc >= $6)
       AS n`,
      [
        statuses,
        startDay,
        endDay,
        startMin,
        endMax,
        `${nextDay(startDay)} 00:00:00`,
        `${endDay} 00:00:00`,
      ],
    );
    // sum() of integers is numeric, which the driver reads as text.
    return Number(row!.n);
  }

  return {
    searchCandidates: (words) => searchCandidates(q, words, SEARCH_CANDIDATES),
    searchPage: () => Promise.resolve(undefined),
    async page(query, limit, offset) {
      const p = new Params();
      const where = whereSql(query, p, await nearVenues(query));
      return rowsOf<EventRow>(
        q,
        `SELECT e.* FROM events e WHERE ${where} ORDER BY ${orderSql(query)}
         LIMIT ${p.add(limit)}::bigint OFFSET ${p.add(offset)}::bigint`,
        p.values,
      );
    },
    async allIds(query) {
      const p = new Params();
      const where = whereSql(query, p, await nearVenues(query));
      const rows = await rowsOf<{ id: number }>(
        q,
        `SELECT e.id FROM events e WHERE ${where} ORDER BY e.start_utc, e.id`,
        p.values,
      );
      return rows.map((row) => row.id);
    },
    async count(query) {
      if (plainWindow(query)) {
        return windowCount(query.visibility.statuses, query.startMin, query.endMax);
      }
      const p = new Params();
      const where = whereSql(query, p, await nearVenues(query));
      const row = await rowOf<{ n: number }>(
        q,
        `SELECT count(*) AS n FROM events e WHERE ${where}`,
        p.values,
      );
      return row!.n;
    },
    async siteSearch(words, visible, limit) {
      if (words.length === 0) return [];
      const p = new Params();
      const found = `SELECT id FROM events_search WHERE words @@ search_query(${p.add(words)}::text[])
        ORDER BY id DESC LIMIT ${p.add(ADMIN_SEARCH_CANDIDATES)}::bigint`;
      const where = visibilitySql(visible, p);
      return rowsOf<EventHit>(
        q,
        `SELECT e.id, e.title, e.status FROM (${found}) f JOIN events e ON e.id = f.id
         WHERE ${where} ORDER BY f.id DESC LIMIT ${p.add(limit)}::bigint`,
        p.values,
      );
    },
  };
}
