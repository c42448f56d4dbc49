/**
 * The WHERE clauses and ORDER BYs of SQLite's event listings (listing.ts). The clause is composed
 * from fixed fragments with named parameters (docs/architecture.md, convention 5); lists of ids
 * travel as one JSON parameter, so the statement does not change with their length. Which
 * filter's index drives a query is chosen here, for SQLite's planner, which has no statistics.
 */
import type { PostStatus } from '../../../shared/roles.js';
import type { EventOrder, EventQuery, Visibility } from '../listing.js';

/** An event's status as a reader sees it at @dueBy: a due scheduled event is published. */
const STATUS_AT_DUE =
  "(CASE WHEN e.status = 'future' AND e.date_utc <= @dueBy THEN 'publish' ELSE e.status END)";

export type Params = Record<string, string | number>;

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

export type Driver =
  'include' | 'venues' | 'parent' | 'organizers' | 'search' | 'tags' | 'categories' | 'geo';

/**
 * The filter whose own index drives the query, the most selective kind first: a venue or an
 * organizer has a few dozen events, a tag or a category a share of the whole calendar. Only one
 * drives; the others are checked on its rows.
 */
export function driverOf(q: EventQuery): Driver | undefined {
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
export const BROAD: ReadonlySet<Driver> = new Set(['search', 'tags', 'categories']);

/**
 * A page of a broad filter either loads every match through the filter's index and sorts them
 * (a table row per match), or walks the listing index in order, checking the filter on each
 * event, and stops after the page (about `window / total` index steps per listed event, each far
 * cheaper than a row). With `total` matches among the `window` listed events, walking wins when
 * total² · 10 > window · (offset + limit). When the window's size is not cheap to know, a page
 * walks above this many matches.
 */
export const WALK_ABOVE = 300;

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
export function idSpan(q: EventQuery): boolean {
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
export function whereSql(
  q: EventQuery,
  walk = false,
): { sql: string; params: Params; driven: boolean } {
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
export function plainWindow(q: EventQuery): q is EventQuery & {
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

/**
 * Sort columns from this fixed map only, each backed by an index: events_start and
 * events_listing for start_date, the rest from migration 0015.
 */
const ORDER_COLUMNS: Record<EventOrder['by'], string> = {
  start_date: 'e.start_utc',
  end_date: 'e.end_utc',
  title: 'e.title COLLATE NOCASE',
  date: 'e.date_utc',
  modified: 'e.modified_utc',
};

/**
 * The ORDER BY of a listing in `order`. `+` keeps the column out of index selection when
 * another filter's index drives the query (its few rows are sorted instead).
 */
export function orderSql(order: EventOrder, driven: boolean): string {
  const direction = order.dir === 'asc' ? 'ASC' : 'DESC';
  return `${driven ? '+' : ''}${ORDER_COLUMNS[order.by]} ${direction}, e.id ${direction}`;
}
