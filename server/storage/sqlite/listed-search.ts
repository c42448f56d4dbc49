/**
 * Search listings of published events from events_fts_listed (migration 0017), whose rowid is
 * `start << 30 | id << 1 | long`: the matches of a date window are one rowid range, in listing
 * order, so the total is a count inside the full-text index and the page its rows at an offset,
 * without reading each match's row for its status and dates. Only the matches that may end after
 * the window (long events, and those starting in its last two days) are checked on their rows.
 * Events whose ids the keys cannot hold (occurrences stored with their reserved ids) are read
 * from their rows and merged in.
 * The answer is exactly the general plan's (listing.ts): the same candidates (the
 * SEARCH_CANDIDATES most recently created matches, from events_fts), the same filters, the same
 * order.
 */
import type { ReadDb } from '../../db/read.js';
import { SEARCH_CANDIDATES } from '../../../shared/search.js';
import type { EventRow } from '../events.js';
import type { EventQuery } from '../listing.js';
import { mergePage } from '../merge-page.js';

const byStart = (a: EventRow, b: EventRow): number =>
  a.start_utc < b.start_utc ? -1 : a.start_utc > b.start_utc ? 1 : a.id - b.id;

/** Seconds from 1900-01-01 to 1970-01-01: keys count from 1900. */
const FROM_1900 = 2_208_988_800n;
/** The last second a key can hold (every keyed event starts well before it, in 2172). */
const LAST_SECOND = (1n << 33n) - 1n;
/** The id's bits in a key, above the long flag. */
const ID_MASK = (1 << 29) - 1;
/** An event ending more than this after it starts is flagged long in its key. */
const SHORT_SECONDS = 2n * 86_400n;

/** The second of a UTC time (`YYYY-MM-DD HH:MM:SS`) counted from 1900. */
const secondOf = (utc: string): bigint =>
  BigInt(Date.parse(`${utc.replace(' ', 'T')}Z`) / 1000) + FROM_1900;
/**
 * The first key of a second, the second clamped to what keys hold: a bound before 1900 or after
 * 2172 then lies below or above every key, as the time lies before or after every keyed event.
 */
const keyAt = (second: bigint): bigint =>
  (second < 0n ? 0n : second > LAST_SECOND ? LAST_SECOND : second) << 30n;

/** A search the index answers: published events only, filtered by words and start and end dates. */
function answerable(q: EventQuery): boolean {
  return (
    q.visibility.kind === 'all' &&
    q.visibility.statuses.length === 1 &&
    q.visibility.statuses[0] === 'publish' &&
    OTHER_FILTERS.every((name) => q[name] === undefined)
  );
}

/** Filters the index cannot apply: a listing with any of them takes the general plan. */
const OTHER_FILTERS: ReadonlyArray<keyof EventQuery> = [
  'endsBefore',
  'endsAfter',
  'categories',
  'tags',
  'venues',
  'organizers',
  'include',
  'parent',
  'featured',
  'geo',
  'order',
  // The index holds events stored as published.
  'dueBy',
];

export function createListedSearch(db: ReadDb) {
  /** Published listed events whose start the keys cannot hold: then the index is not used. */
  const unkeyed = db
    .prepare<[], number>(
      `SELECT EXISTS (SELECT 1 FROM events WHERE hide_from_listings = 0 AND status = 'publish'
           AND start_utc < '1900-01-01 00:00:00')
         OR EXISTS (SELECT 1 FROM events WHERE hide_from_listings = 0 AND status = 'publish'
           AND start_utc >= '2172-01-01 00:00:00')`,
    )
    .pluck();
  /**
   * The matches whose ids the keys cannot hold: occurrences stored with their reserved ids
   * (shared/recurrence/occurrence-id.ts), few and left out of the index, read from their rows and
   * merged in listing order (events_fts holds them under their ids, like every event).
   */
  const unkeyedMatches = db.prepare<Record<string, unknown>, EventRow>(
    `SELECT e.* FROM events e
     WHERE e.id IN (SELECT rowid FROM events_fts WHERE events_fts MATCH @fts
         AND rowid > ${ID_MASK} AND rowid >= @oldest)
       AND e.status = 'publish' AND e.hide_from_listings = 0
       AND (@startMin IS NULL OR e.start_utc >= @startMin)
       AND (@startsAfter IS NULL OR e.start_utc > @startsAfter)
       AND (@endMax IS NULL OR e.end_utc <= @endMax)
       AND (@startsBefore IS NULL OR e.start_utc < @startsBefore)
     ORDER BY e.start_utc, e.id`,
  );
  /** The id of the oldest candidate when a search has more matches than it considers. */
  const oldestCandidate = db
    .prepare<[string, number], number>(
      'SELECT rowid FROM events_fts WHERE events_fts MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?',
    )
    .pluck();
  const inRange = `events_fts_listed MATCH @fts AND rowid BETWEEN @lo AND @hi
    AND (rowid >> 1 & ${ID_MASK}) >= @oldest`;
  /** The total, and the matches that may end after the window (to check on their rows). */
  const counted = db.prepare<Record<string, unknown>, { n: number; unsure: string }>(
    `SELECT count(*) AS n,
       json_group_array(rowid >> 1 & ${ID_MASK}) FILTER (WHERE rowid & 1 OR rowid >= @edge) AS unsure
     FROM events_fts_listed WHERE ${inRange}`,
  );
  const endingAfter = db
    .prepare<[string, string], number>(
      'SELECT id FROM events WHERE id IN (SELECT value FROM json_each(?)) AND end_utc > ?',
    )
    .pluck();
  const pageIds = db
    .prepare<Record<string, unknown>, number>(
      `SELECT rowid >> 1 & ${ID_MASK} FROM events_fts_listed WHERE ${inRange}
         AND (rowid >> 1 & ${ID_MASK}) NOT IN (SELECT value FROM json_each(@excluded))
       ORDER BY rowid LIMIT @limit OFFSET @offset`,
    )
    .pluck();
  const rows = db.prepare<[string], EventRow>(
    'SELECT * FROM events WHERE id IN (SELECT value FROM json_each(?))',
  );

  return {
    /**
     * The total and the page of a search listing (`fts`: an FTS5 query of events_fts), or
     * undefined when the listing has filters or a visibility this index cannot answer.
     */
    page(
      q: EventQuery,
      fts: string,
      limit: number,
      offset: number,
    ): { total: number; rows: EventRow[] } | undefined {
      if (!answerable(q) || unkeyed.get() === 1) return undefined;
      let lo = 0n;
      let hi = keyAt(LAST_SECOND);
      const atLeast = (key: bigint) => (lo = key > lo ? key : lo);
      const below = (key: bigint) => (hi = key - 1n < hi ? key - 1n : hi);
      if (q.startMin !== undefined) atLeast(keyAt(secondOf(q.startMin)));
      if (q.startsAfter !== undefined) atLeast(keyAt(secondOf(q.startsAfter) + 1n));
      // An event ends no earlier than it starts: ending by endMax, it starts by endMax.
      if (q.endMax !== undefined) below(keyAt(secondOf(q.endMax) + 1n));
      if (q.startsBefore !== undefined) below(keyAt(secondOf(q.startsBefore)));
      if (lo > hi) return { total: 0, rows: [] };
      const oldest = oldestCandidate.get(fts, SEARCH_CANDIDATES - 1) ?? 0;
      const endMax = q.endMax;
      // Without an end bound nothing is unsure: an edge past every key.
      const edge = endMax === undefined ? hi + 1n : keyAt(secondOf(endMax) - SHORT_SECONDS);
      const range = { fts, lo, hi, oldest };
      const { n, unsure } = counted.get({ ...range, edge })!;
      const excluded =
        endMax === undefined || unsure === '[]' ? [] : endingAfter.all(unsure, endMax);
      const others = unkeyedMatches.all({
        fts,
        oldest,
        startMin: q.startMin ?? null,
        startsAfter: q.startsAfter ?? null,
        endMax: q.endMax ?? null,
        startsBefore: q.startsBefore ?? null,
      });
      const keyed = n - excluded.length;
      const total = keyed + others.length;
      if (total === 0 || offset >= total) return { total, rows: [] };
      // The keyed rows that can share the page with the others start at most others.length
      // rows before it.
      const from = Math.max(0, offset - others.length);
      const ids = pageIds.all({
        ...range,
        excluded: JSON.stringify(excluded),
        limit: offset + limit - from,
        offset: from,
      });
      const byId = new Map(rows.all(JSON.stringify(ids)).map((row) => [row.id, row]));
      const page = ids.map((id) => byId.get(id)!);
      if (others.length === 0) return { total, rows: page };
      return { total, rows: mergePage(page, from, others, offset, limit, byStart) };
    },
  };
}
