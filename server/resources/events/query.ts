/**
 * SQL for event listings. The WHERE clause is composed from fixed fragments with named
 * parameters (STYLE.md 13); each distinct composition is prepared once and cached. Lists of ids
 * travel as one JSON parameter, so the statement does not change with their length.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/open.js';
import type { PostStatus } from '../../../shared/roles.js';
import type { EventRow } from './store.js';

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
  /** An FTS5 query. */
  search?: string;
  categories?: number[];
  tags?: number[];
  venues?: number[];
  organizers?: number[];
  include?: number[];
  parent?: number;
  featured?: boolean;
  geo?: GeoFilter;
}

type Params = Record<string, string | number>;

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

function visibilitySql(v: Visibility, params: Params): string {
  if (v.kind === 'all') {
    if (v.statuses.length === 1) {
      params.status0 = v.statuses[0]!;
      return 'e.status = @status0';
    }
    const names = v.statuses.map((status, i) => {
      params[`status${i}`] = status;
      return `@status${i}`;
    });
    return `e.status IN (${names.join(', ')})`;
  }
  const parts: string[] = [];
  if (v.publish) parts.push("e.status = 'publish'");
  if (v.own.length > 0) {
    const names = v.own.map((status, i) => {
      params[`own${i}`] = status;
      return `@own${i}`;
    });
    params.author = v.author;
    parts.push(`(e.author = @author AND e.status IN (${names.join(', ')}))`);
  }
  return parts.length === 0 ? '0' : `(${parts.join(' OR ')})`;
}

const GEO_VENUES = 'SELECT id FROM venues WHERE geo_lat IS NOT NULL AND geo_lng IS NOT NULL';

function whereSql(q: EventQuery): { sql: string; params: Params } {
  const params: Params = {};
  const where = ['e.hide_from_listings = 0', visibilitySql(q.visibility, params)];
  const range = (column: string, op: string, name: string, value: string | undefined) => {
    if (value === undefined) return;
    params[name] = value;
    where.push(`e.${column} ${op} @${name}`);
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
  if (q.search !== undefined) {
    params.search = q.search;
    where.push('e.id IN (SELECT rowid FROM events_fts WHERE events_fts MATCH @search)');
  }
  list(
    'categories',
    q.categories,
    'e.id IN (SELECT event_id FROM event_terms WHERE term_id IN (SELECT value FROM json_each(@categories)))',
  );
  list(
    'tags',
    q.tags,
    'e.id IN (SELECT event_id FROM event_terms WHERE term_id IN (SELECT value FROM json_each(@tags)))',
  );
  list('venues', q.venues, 'e.venue_id IN (SELECT value FROM json_each(@venues))');
  list(
    'organizers',
    q.organizers,
    'e.id IN (SELECT event_id FROM event_organizers WHERE organizer_id IN (SELECT value FROM json_each(@organizers)))',
  );
  list('include', q.include, 'e.id IN (SELECT value FROM json_each(@include))');
  if (q.parent !== undefined) {
    params.parent = q.parent;
    where.push('e.parent_id = @parent');
  }
  if (q.featured !== undefined) {
    params.featured = q.featured ? 1 : 0;
    where.push('e.featured = @featured');
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
      `e.venue_id IN (SELECT id FROM venues WHERE ${box}
        AND almanac_distance_km(geo_lat, geo_lng, @lat, @lng) <= @radius)`,
    );
  }
  return { sql: where.join(' AND '), params };
}

export function createEventsQuery(db: Db) {
  db.function('almanac_distance_km', { deterministic: true }, (lat1, lng1, lat2, lng2) =>
    distanceKm(Number(lat1), Number(lng1), Number(lat2), Number(lng2)),
  );
  const cache = new Map<string, Statement>();
  const prepared = (sql: string): Statement => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };

  return {
    /** One page of matching events in listing order: start, then id. */
    page(q: EventQuery, limit: number, offset: number): EventRow[] {
      const { sql, params } = whereSql(q);
      return prepared(
        `SELECT e.* FROM events e WHERE ${sql} ORDER BY e.start_utc, e.id LIMIT @limit OFFSET @offset`,
      ).all({ ...params, limit, offset }) as EventRow[];
    },
    count(q: EventQuery): number {
      const { sql, params } = whereSql(q);
      const statement = prepared(`SELECT count(*) AS n FROM events e WHERE ${sql}`);
      // better-sqlite3 refuses a parameter object for a statement without named parameters.
      const row = (Object.keys(params).length > 0 ? statement.get(params) : statement.get()) as {
        n: number;
      };
      return row.n;
    },
  };
}

export type EventsQuery = ReturnType<typeof createEventsQuery>;
