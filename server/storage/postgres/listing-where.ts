/**
 * The WHERE clauses and ORDER BYs of PostgreSQL's event listings (listing.ts): the same filters
 * as SQLite's (sqlite/listing-where.ts), written for PostgreSQL's planner, which has statistics
 * and picks the driving index itself. Values travel as positional parameters; lists of ids as one
 * array parameter, so the statement does not change with their length.
 */
import type { EventOrder, EventQuery, Visibility } from '../listing.js';

/** The values of a statement's positional parameters, numbered as they are added. */
export class Params {
  readonly values: unknown[] = [];
  /** `value`'s placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The status column, or the status a reader sees at `dueBy` (a due scheduled event is published). */
function statusOf(p: Params, dueBy: string | undefined): string {
  if (dueBy === undefined) return 'e.status';
  return `(CASE WHEN e.status = 'future' AND e.date_utc <= ${p.add(dueBy)}::text THEN 'publish' ELSE e.status END)`;
}

export function visibilitySql(v: Visibility, p: Params, dueBy?: string): string {
  // Nothing visible: no parameter either (PostgreSQL refuses one the statement does not use).
  if (v.kind === 'own' && !v.publish && v.own.length === 0) return 'false';
  const status = statusOf(p, dueBy);
  if (v.kind === 'all') {
    return v.statuses.length === 1
      ? `${status} = ${p.add(v.statuses[0])}::text`
      : `${status} = ANY(${p.add(v.statuses)}::text[])`;
  }
  const parts: string[] = [];
  if (v.publish) parts.push(`${status} = 'publish'`);
  if (v.own.length > 0) {
    parts.push(
      `(e.author = ${p.add(v.author)}::bigint AND ${status} = ANY(${p.add(v.own)}::text[]))`,
    );
  }
  return `(${parts.join(' OR ')})`;
}

const GEO_VENUES = 'SELECT id FROM venues WHERE geo_lat IS NOT NULL AND geo_lng IS NOT NULL';

/**
 * The WHERE clause. `near`: the venues within the radius of a `near` filter, found beforehand
 * (listing.ts: the distance is the one SQLite's listing computes, shared/geo.ts).
 */
export function whereSql(q: EventQuery, p: Params, near?: number[]): string {
  const where = ['e.hide_from_listings = 0', visibilitySql(q.visibility, p, q.dueBy)];
  const range = (column: string, op: string, value: string | undefined) => {
    if (value !== undefined) where.push(`e.${column} ${op} ${p.add(value)}::text`);
  };
  range('start_utc', '>=', q.startMin);
  range('end_utc', '<=', q.endMax);
  range('start_utc', '<', q.startsBefore);
  range('start_utc', '>', q.startsAfter);
  range('end_utc', '<', q.endsBefore);
  range('end_utc', '>', q.endsAfter);
  const ids = (list: number[]) => `${p.add(list)}::bigint[]`;
  if (q.search !== undefined) where.push(`e.id = ANY(${ids(q.search)})`);
  for (const name of ['categories', 'tags'] as const) {
    const terms = q[name];
    if (terms === undefined) continue;
    where.push(
      `EXISTS (SELECT 1 FROM event_terms t WHERE t.event_id = e.id AND t.term_id = ANY(${ids(terms)}))`,
    );
  }
  if (q.venues !== undefined) where.push(`e.venue_id = ANY(${ids(q.venues)})`);
  if (q.organizers !== undefined) {
    where.push(
      `EXISTS (SELECT 1 FROM event_organizers o WHERE o.event_id = e.id AND o.organizer_id = ANY(${ids(q.organizers)}))`,
    );
  }
  if (q.include !== undefined) where.push(`e.id = ANY(${ids(q.include)})`);
  if (q.parent !== undefined) where.push(`e.parent_id = ${p.add(q.parent)}::bigint`);
  if (q.featured !== undefined) where.push(q.featured ? 'e.featured = 1' : 'e.featured = 0');
  if (q.geo?.kind === 'has') {
    where.push(
      q.geo.value
        ? `e.venue_id IN (${GEO_VENUES})`
        : `(e.venue_id IS NULL OR e.venue_id NOT IN (${GEO_VENUES}))`,
    );
  } else if (q.geo?.kind === 'near') {
    where.push(`e.venue_id = ANY(${ids(near ?? [])})`);
  }
  return where.join(' AND ');
}

/** Sort columns from this fixed map only; each has an index (migrations 0004 and 0015). */
const ORDER_COLUMNS: Record<EventOrder['by'], string> = {
  start_date: 'e.start_utc',
  end_date: 'e.end_utc',
  // SQLite's COLLATE NOCASE (migration 0001).
  title: 'nocase(e.title)',
  date: 'e.date_utc',
  modified: 'e.modified_utc',
};

/** A listing's ORDER BY: the query's order, or start then id (publication date with `include`). */
export function orderSql(q: EventQuery): string {
  if (q.order) {
    const direction = q.order.dir === 'asc' ? 'ASC' : 'DESC';
    return `${ORDER_COLUMNS[q.order.by]} ${direction}, e.id ${direction}`;
  }
  // With `include` the reference falls back to WordPress's post order (compat-notes §2.4).
  return q.include !== undefined ? 'e.date_utc, e.id' : 'e.start_utc, e.id';
}

/** A listing whose total the per-day counts can give: statuses and a date window, nothing else. */
export function plainWindow(q: EventQuery): q is EventQuery & {
  startMin: string;
  endMax: string;
  visibility: { kind: 'all' };
} {
  return (
    q.visibility.kind === 'all' &&
    // The per-day counts are kept by stored status.
    q.dueBy === undefined &&
    q.startMin !== undefined &&
    q.endMax !== undefined &&
    [
      q.startsBefore,
      q.startsAfter,
      q.endsBefore,
      q.endsAfter,
      q.featured,
      q.geo,
      q.search,
      q.categories,
      q.tags,
      q.venues,
      q.organizers,
      q.include,
      q.parent,
    ].every((value) => value === undefined)
  );
}
