/**
 * Reading PostgreSQL's change log in commit-safe order (migration 0010): a position is the
 * (transaction id, number) of the last change read, and a page holds only changes of
 * transactions below the oldest one still running, so no change can later appear before a
 * position already handed out. Whatever node wrote a change and whatever node reads it, the
 * feed is the same.
 */
import { rowOf, rowsOf, type Query } from './query.js';

/** Where a reader stands: after this change (the start of the feed: xid '0', seq 0). */
export interface FeedPosition {
  /** A PostgreSQL xid8, as text (it may exceed 2^53). */
  xid: string;
  seq: number;
}

export const FEED_START: FeedPosition = { xid: '0', seq: 0 };

export interface FeedChange {
  kind: 'event' | 'venue' | 'organizer' | 'category' | 'tag';
  item_id: number;
  seq: number;
  xid: string;
  action: 'created' | 'updated' | 'deleted';
  author: number | null;
  ever_public: 0 | 1;
  by_user: number | null;
  changed_utc: string;
}

const COLUMNS = `kind, item_id, seq, xid::text AS xid, action, author, ever_public, by_user,
  changed_utc`;

/** At most `limit` changes after `after`, in feed order; the position after the last of them. */
export async function readChangeFeed(
  q: Query,
  after: FeedPosition,
  limit: number,
): Promise<{ changes: FeedChange[]; next: FeedPosition }> {
  const changes = await rowsOf<FeedChange>(
    q,
    `SELECT ${COLUMNS} FROM changes
     WHERE (xid, seq) > ($1::xid8, $2::bigint)
       AND xid < pg_snapshot_xmin(pg_current_snapshot())
     ORDER BY xid, seq LIMIT $3`,
    [after.xid, after.seq, limit],
  );
  const last = changes.at(-1);
  return { changes, next: last ? { xid: last.xid, seq: last.seq } : after };
}

/**
 * The watermark now: every change of a transaction below it has committed (or never will), and
 * every transaction still running or yet to start is at or above it. It only grows. A sync token
 * on PostgreSQL carries one: "every change of the transactions below it".
 */
export async function feedWatermark(q: Query): Promise<string> {
  const row = await rowOf<{ xmin: string }>(
    q,
    'SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin',
  );
  return row!.xmin;
}

/**
 * At most `limit` changes after `after` made by transactions below the watermark `below` (one
 * read before: a pass reads up to the watermark it started at), in feed order.
 */
export async function readFeedRange(
  q: Query,
  after: FeedPosition,
  below: string,
  limit: number,
): Promise<FeedChange[]> {
  return rowsOf<FeedChange>(
    q,
    `SELECT ${COLUMNS} FROM changes
     WHERE (xid, seq) > ($1::xid8, $2::bigint) AND xid < $3::xid8
     ORDER BY xid, seq LIMIT $4`,
    [after.xid, after.seq, below, limit],
  );
}
