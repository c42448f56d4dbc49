/**
 * SQL for event listings. The WHERE clause is composed from fixed fragments with named
 * parameters (docs/architecture.md, convention 5); each distinct composition is prepared once
 * and cached. Lists of ids travel as one JSON parameter, so the statement does not change with
 * their length.
 */
import type { ReadDb, ReadStatement } from '../../db/read.js';
import type { PostStatus } from '../../../shared/roles.js';
import { distanceKm } from '../../../shared/geo.js';
import { SEARCH_CANDIDATES } from '../../../shared/search.js';
import type { EventRow } from './store.js';
import { orderSql, type EventOrder } from './listing-order.js';

/** Which statuses the listing shows, and whose. */
export type Visibility =
  | { kind: 'all'; statuses: PostStatus[] }
  /** Published events of everyone, plus the given statuses of one author's own events. */
  | { kind: 'own'; publish: boolean; own: PostStatus[]; author: number };

export type GeoFilter =
  | { kind: 'has'; value: boolean }
  | {
      kind: 'near';
      lat: number;
      lng: number;
      radiusKm: number;
      minLat: number;
      maxLat: number;
      /** Absent when the box crosses the antimeridian or reaches a pole. */
      minLng?: number;
      maxLng?: number;
    };

export interface EventQuery {
  visibility: Visibility;
  /** Instants in UTC, `YYYY-MM-DD HH:MM:SS`. */
  startMin?: string;
  endMax?: string;
  startsBefore?: string;
  startsAfter?: string;
  endsBefore?: string;
  endsAfter?: string;
  /** The events a search found (searchCandidates). */
  search?: number[];
  categories?: number[];
  tags?: number[];
  venues?: number[];
  organizers?: number[];
  include?: number[];
  parent?: number;
  featured?: boolean;
  geo?: GeoFilter;
  /** Absent: start, then id (the reference's order). */
  order?: EventOrder | undefined;
  /**
   * Set (to now, UTC) while a scheduled event is due but still stored as `future`
   * (scheduled.ts): statuses are then read as the clock makes them.
   */
  dueBy?: string | undefined;
}

/** An event's status as a reader sees it at @dueBy: a due scheduled event is published. */
const STATUS_AT_DUE =
  "(CASE WHEN e.status = 'future' AND e.date_utc <= @dueBy THEN 'publish' ELSE e.status END)";

type Params = Record<string, string | number>;

export function visibilitySql(
  v: Visibility,
  params: Params,
  column: string,
  dueBy?: string,
): string {
  if (dueBy !== undefined) {
    params.dueBy = dueBy;
    column = STATUS_AT_DUE;
  }
  if (v.kind === 'all') {
    if (v.statuses.length === 1) {
      params.status0 = v.statuses[0]!;
      return `${column} = @status0`;
    }
    const names = v.statuses.map((status, i) => {
      params[`status${i}`] = status;
      return `@status${i}`;
    });
    return `${column} IN (${names.join(', ')})`;
  }
  const parts: string[] = [];
  const status = dueBy === undefined ? 'e.status' : STATUS_AT_DUE;
  if (v.publish) parts.push(`${status} = 'publish'`);
  if (v.own.length > 0) {
    const names = v.own.map((status, i) => {
      params[`own${i}`] = status;
      return `@own${i}`;
    });
    params.author = v.author;
    parts.push(`(e.author = @author AND ${status} IN (${names.join(', ')}))`);
  }
  return parts.length === 0 ? '0' : `(${parts.join(' OR ')})`;
}

const GEO_VENUES = 'SELECT id FROM venues WHERE geo_lat IS NOT NULL AND geo_lng IS NOT NULL';

type Driver =
  'include' | 'venues' | 'parent' | 'organizers' | 'search' | 'tags' | 'categories' | 'geo';

/**
 * The filter whose own index drives the query, the most selective kind first: a venue or an
 * organizer has a few dozen events, a tag or a category a share of the whole calendar. Only one
 * drives; the others are checked on its rows.
 */
function driverOf(q: EventQuery): Driver | undefined {
  if (q.include !== undefined) return 'include';
  if (q.venues !== undefined) return 'venues';
  if (q.parent !== undefined) return 'parent';
  if (q.organizers !== undefined) return 'organizers';
  if (q.search !== undefined) return 'search';
  if (q.tags !== undefined) return 'tags';
  if (q.categories !== undefined) return 'categories';
  if (q.geo?.kind === 'near') return 'geo';
  return undefined;
}

/** Filters selective enough to drive the query from their own index. */
function driver(q: EventQuery): boolean {
  return driverOf(q) !== undefined;
}

/** Filters that can match a large share of the calendar (a common word, a big category). */
const BROAD: ReadonlySet<Driver> = new Set(['search', 'tags', 'categories']);

/**
 * A page of a broad filter either loads every match through the filter's index and sorts them
 * (a table row per match), or walks the listing index in order, checking the filter on each
 * event, and stops after the page (about `window / total` index steps per listed event, each far
 * cheaper than a row). With `total` matches among the `window` listed events, walking wins when
 * total² · 10 > window · (offset + limit). When the window's size is not cheap to know, a page
 * walks above this many matches.
 */
const WALK_ABOVE = 300;

/** Drivers that are lists of event ids. */
const BY_ID: ReadonlySet<Driver> = new Set([
  'search',
  'tags',
  'categories',
  'organizers',
  'include',
]);

/**
 * Whether a count can read only events_id_span: led by a list of ids, and filtering on nothing
 * but status and dates besides other id lists.
 */
function idSpan(q: EventQuery): boolean {
  const leading = driverOf(q);
  return (
    leading !== undefined &&
    BY_ID.has(leading) &&
    q.visibility.kind === 'all' &&
    q.dueBy === undefined &&
    q.venues === undefined &&
    q.parent === undefined &&
    q.featured === undefined &&
    q.geo === undefined
  );
}

/**
 * The WHERE clause. Without statistics SQLite prefers walking the start-date index in listing
 * order; with a selective filter that walk reads most of the window, so the date and status
 * terms are then written `+column`, which keeps them out of index selection and lets the
 * filter's own index drive (docs/architecture.md, convention 6).
 */
function whereSql(q: EventQuery, walk = false): { sql: string; params: Params; driven: boolean } {
  const params: Params = {};
  const leading = walk ? undefined : driverOf(q);
  const driven = leading !== undefined;
  // `+column` keeps a term out of index selection: only the leading filter's index is used.
  const lead = (name: Driver) => (name === leading ? '' : '+');
  const multiStatus = q.visibility.kind === 'all' && q.visibility.statuses.length > 1;
  // Another order walks its own index, so neither status nor dates may pick one.
  const unindexed = driven || q.order !== undefined;
  const status = unindexed || multiStatus ? '+e.status' : 'e.status';
  const where = ['e.hide_from_listings = 0', visibilitySql(q.visibility, params, status, q.dueBy)];
  const range = (column: string, op: string, name: string, value: string | undefined) => {
    if (value === undefined) return;
    params[name] = value;
    where.push(`${unindexed ? '+' : ''}e.${column} ${op} @${name}`);
  };
  range('start_utc', '>=', 'startMin', q.startMin);
  range('end_utc', '<=', 'endMax', q.endMax);
  range('start_utc', '<', 'startsBefore', q.startsBefore);
  range('start_utc', '>', 'startsAfter', q.startsAfter);
  range('end_utc', '<', 'endsBefore', q.endsBefore);
  range('end_utc', '>', 'endsAfter', q.endsAfter);
  const list = (name: string, ids: number[] | undefined, fragment: string) => {
    if (ids === undefined) return;
    params[name] = JSON.stringify(ids);
    where.push(fragment);
  };
  /**
   * A filter on the event's id. The leading one loads its ids through its own index; any other
   * is checked on each candidate row through the link table's primary key, instead of first
   * building the list of every event it matches (a big category has tens of thousands).
   */
  const byId = (name: Driver, ids: string, check: string) =>
    where.push(name === leading ? `e.id IN (${ids})` : `EXISTS (${check})`);
  list('search', q.search, `${lead('search')}e.id IN (SELECT value FROM json_each(@search))`);
  for (const name of ['categories', 'tags'] as const) {
    const terms = q[name];
    if (terms === undefined) continue;
    params[name] = JSON.stringify(terms);
    byId(
      name,
      `SELECT event_id FROM event_terms WHERE term_id IN (SELECT value FROM json_each(@${name}))`,
      `SELECT 1 FROM event_terms WHERE event_id = e.id AND term_id IN (SELECT value FROM json_each(@${name}))`,
    );
  }
  list(
    'venues',
    q.venues,
    // The venue index is partial (events without a venue are not in it).
    `${lead('venues')}e.venue_id IN (SELECT value FROM json_each(@venues)) AND e.venue_id IS NOT NULL`,
  );
  if (q.organizers !== undefined) {
    params.organizers = JSON.stringify(q.organizers);
    byId(
      'organizers',
      'SELECT event_id FROM event_organizers WHERE organizer_id IN (SELECT value FROM json_each(@organizers))',
      'SELECT 1 FROM event_organizers WHERE event_id = e.id AND organizer_id IN (SELECT value FROM json_each(@organizers))',
    );
  }
  list('include', q.include, `${lead('include')}e.id IN (SELECT value FROM json_each(@include))`);
  if (q.parent !== undefined) {
    params.parent = q.parent;
    where.push(`${lead('parent')}e.parent_id = @parent`);
  }
  if (q.featured !== undefined) {
    // A literal, so that `featured = 1` can use the partial index events_featured.
    where.push(q.featured ? 'e.featured = 1' : 'e.featured = 0');
  }
  if (q.geo?.kind === 'has') {
    where.push(
      q.geo.value
        ? `e.venue_id IN (${GEO_VENUES})`
        : `(e.venue_id IS NULL OR e.venue_id NOT IN (${GEO_VENUES}))`,
    );
  } else if (q.geo?.kind === 'near') {
    Object.assign(params, {
      lat: q.geo.lat,
      lng: q.geo.lng,
      radius: q.geo.radiusKm,
      minLat: q.geo.minLat,
      maxLat: q.geo.maxLat,
    });
    let box = 'geo_lat BETWEEN @minLat AND @maxLat';
    if (q.geo.minLng !== undefined && q.geo.maxLng !== undefined) {
      Object.assign(params, { minLng: q.geo.minLng, maxLng: q.geo.maxLng });
      box += ' AND geo_lng BETWEEN @minLng AND @maxLng';
    }
    // The box narrows the candidates through the venues_geo index; the distance is then exact.
    where.push(
      `${lead('geo')}e.venue_id IN (SELECT id FROM venues WHERE ${box}
        AND almanac_distance_km(geo_lat, geo_lng, @lat, @lng) <= @radius)`,
    );
  }
  return { sql: where.join(' AND '), params, driven };
}

/** A listing whose total the per-day counts can give: statuses and a date window, nothing else. */
function plainWindow(q: EventQuery): q is EventQuery & {
  startMin: string;
  endMax: string;
  visibility: { kind: 'all'; statuses: PostStatus[] };
} {
  return (
    q.visibility.kind === 'all' &&
    // The per-day counts are kept by stored status.
    q.dueBy === undefined &&
    q.startMin !== undefined &&
    q.endMax !== undefined &&
    q.startsBefore === undefined &&
    q.startsAfter === undefined &&
    q.endsBefore === undefined &&
    q.endsAfter === undefined &&
    q.featured === undefined &&
    q.geo === undefined &&
    !driver(q)
  );
}

const DAY_MS = 86_400_000;
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

export function createListingStore(db: ReadDb) {
  db.function('almanac_distance_km', { deterministic: true }, (lat1, lng1, lat2, lng2) =>
    distanceKm(Number(lat1), Number(lng1), Number(lat2), Number(lng2)),
  );
  const cache = new Map<string, ReadStatement<[Params?], unknown>>();
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
  const prepared = (sql: string): ReadStatement<[Params?], unknown> => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare<[Params?], unknown>(sql);
      cache.set(sql, statement);
    }
    return statement;
  };

  const candidates = db
    .prepare<[string, number], number>(
      'SELECT rowid FROM events_fts WHERE events_fts MATCH ? ORDER BY rowid DESC LIMIT ?',
    )
    .pluck();

  return {
    /**
     * The events an FTS5 query matches, the most recently created first, at most
     * SEARCH_CANDIDATES of them: a word found in most of a large calendar would otherwise make
     * every listing that searches it read (and count) most of the calendar.
     */
    searchCandidates: (fts: string): number[] => candidates.all(fts, SEARCH_CANDIDATES),
    /** Whether the page of this listing should know its total first (see `page`). */
    countFirst: (q: EventQuery): boolean => {
      const leading = driverOf(q);
      return leading !== undefined && BROAD.has(leading);
    },
    /**
     * One page of matching events in listing order: start, then id (publication date, then id,
     * for `include`). `total`, when known, picks
     * the plan of a broad filter: few matches are loaded through the filter's index and sorted,
     * many are found by walking the listing in order.
     */
    page(q: EventQuery, limit: number, offset: number, total?: number): EventRow[] {
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
      return prepared(
        `SELECT e.* FROM events e WHERE ${sql} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
      ).all({ ...params, limit, offset }) as EventRow[];
    },
    /**
     * The id of every matching event in listing order, without a limit (calendar feeds, which
     * then read the rows in chunks).
     */
    allIds(q: EventQuery): number[] {
      const { sql, params, driven } = whereSql(q);
      const order = driven ? '+e.start_utc, e.id' : 'e.start_utc, e.id';
      const statement = prepared(`SELECT e.id FROM events e WHERE ${sql} ORDER BY ${order}`);
      const ids =
        Object.keys(params).length > 0 ? statement.raw().all(params) : statement.raw().all();
      return (ids as [number][]).map((row) => row[0]);
    },
    count(q: EventQuery): number {
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
  };
}

export type ListingStore = ReturnType<typeof createListingStore>;
