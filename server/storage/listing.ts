/**
 * The read side of event listings and search (docs/architecture.md, "Storage ports"): a page of
 * the events a query selects, their number, every id, a search's candidates, the search listing
 * an engine may answer from an index of its own, and the console's site search. Read only: no
 * method writes. Each engine composes its own SQL from the query (sqlite/listing*.ts,
 * postgres/listing*.ts); both give the same answers (test/postgres/storage/listing.test.ts).
 */
import type { PostStatus } from '../../shared/roles.js';
import type { EventOrderby, SortDirection } from '../../shared/schemas/order.js';
import type { EventRow } from './events.js';

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

/** A listing's order other than the reference's own (start, then id). */
export interface EventOrder {
  by: EventOrderby;
  dir: SortDirection;
}

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
   * (resources/events/scheduled.ts): statuses are then read as the clock makes them.
   */
  dueBy?: string | undefined;
}

/** An event the site search found. */
export interface EventHit {
  id: number;
  title: string;
  status: string;
}

/**
 * `words` are a search's words as the full-text index holds them (letters and digits, long
 * enough to be indexed; resources/events/listing.ts): every one whole but the last, which may be
 * the start of a word. An empty list matches nothing.
 */
export interface ListingReader {
  /**
   * One page of the matching events in listing order: start, then id (publication date, then
   * id, with `include`; `q.order` when given). `total`, when the caller knows it, may let the
   * engine pick a faster plan; the answer is the same.
   */
  page(q: EventQuery, limit: number, offset: number, total?: number): Promise<EventRow[]>;
  /** How many events match. */
  count(q: EventQuery): Promise<number>;
  /** The id of every matching event in start order, without a limit (feeds, CalDAV). */
  allIds(q: EventQuery): Promise<number[]>;
  /**
   * The events holding every word, the most recently created first, at most SEARCH_CANDIDATES
   * of them: a word found in most of a large calendar would otherwise make every listing that
   * searches it read (and count) most of the calendar.
   */
  searchCandidates(words: string[]): Promise<number[]>;
  /**
   * The total and the page of a search listing, when the engine answers it from an index of its
   * own (SQLite's index of listed events); undefined otherwise, and then the listing takes the
   * general plan (candidates, count, page), which gives the same answer.
   */
  searchPage(
    q: EventQuery,
    words: string[],
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: EventRow[] } | undefined>;
  /**
   * The console's search box: at most `limit` events holding the words that `visible` lets
   * through, newest first, among the ADMIN_SEARCH_CANDIDATES newest matches.
   */
  siteSearch(words: string[], visible: Visibility, limit: number): Promise<EventHit[]>;
}

/**
 * Whether a listing should know its total before its page: led by a filter that can match a
 * large share of the calendar (a search, tags, categories), whose total is needed anyway and lets
 * the engine choose the page's plan (`page`'s `total`).
 */
export function countsFirst(q: EventQuery): boolean {
  const narrower =
    q.include !== undefined ||
    q.venues !== undefined ||
    q.parent !== undefined ||
    q.organizers !== undefined;
  return (
    !narrower && (q.search !== undefined || q.tags !== undefined || q.categories !== undefined)
  );
}
