/**
 * PostgreSQL's SQL of the change feed (storage/changes.ts, migration 0010), on the watermark
 * reader of change-feed.ts: a position is a transaction-id watermark (every change of the
 * transactions below it), a cursor the (transaction id, number) of the last change read, written
 * `xid:seq`. A page reads its state and its rows in one snapshot, whose own watermark is the
 * position a pass started by it reads up to: every transaction that commits after the snapshot
 * is at or above it, so the next pass reports what it changed.
 */
import {
  SYNC_KINDS,
  emptyIds,
  emptyRows,
  idsOf,
  usersOf,
  type Access,
  type ChangesReader,
  type ChangesRepository,
  type FeedChange,
  type FeedCursor,
  type FeedPage,
  type FeedRequest,
  type FeedRows,
  type StoredRow,
  type SyncKind,
  type SyncState,
} from '../changes.js';
import type { EventRow } from '../events.js';
import type { OrganizerRow, VenueRow } from '../linked-posts.js';
import { readFeedRange, type FeedPosition } from './change-feed.js';
import { rowOf, rowsOf, type Query, type Together } from './query.js';

const CURSOR = /^(\d{1,20}):(\d{1,20})$/;

function positionOfCursor(cursor: FeedCursor): FeedPosition | undefined {
  const match = typeof cursor === 'string' ? CURSOR.exec(cursor) : null;
  return match ? { xid: match[1]!, seq: Number(match[2]) } : undefined;
}

const ACCESS_FILTERS: Record<Access['kind'], string> = {
  all: "status <> 'trash'",
  public: "status = 'publish'",
  own: "(status = 'publish' OR (author = $3 AND status <> 'trash'))",
};

const POST_TABLES = { event: 'events', venue: 'venues', organizer: 'organizers' } as const;

const STATE_SQL = `SELECT epoch, horizon,
  pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS seq FROM sync_state WHERE id = 1`;

async function readableIds(
  q: Query,
  kind: SyncKind,
  access: Access,
  after: number,
  limit: number,
): Promise<number[]> {
  if (kind === 'category' || kind === 'tag') {
    const rows = await rowsOf<{ id: number }>(
      q,
      'SELECT id FROM terms WHERE taxonomy = $3 AND id > $1 ORDER BY id LIMIT $2',
      [after, limit, kind],
    );
    return rows.map((row) => row.id);
  }
  const values: unknown[] = [after, limit];
  if (access.kind === 'own') values.push(access.user);
  const rows = await rowsOf<{ id: number }>(
    q,
    `SELECT id FROM ${POST_TABLES[kind]} WHERE id > $1 AND ${ACCESS_FILTERS[access.kind]}
     ORDER BY id LIMIT $2`,
    values,
  );
  return rows.map((row) => row.id);
}

async function rowsOfIds(q: Query, ids: Record<SyncKind, number[]>): Promise<FeedRows> {
  const rows = emptyRows();
  const of = <R>(table: string, list: number[]) =>
    list.length === 0
      ? Promise.resolve([] as R[])
      : rowsOf<R & StoredRow>(
          q,
          `SELECT * FROM ${table} WHERE id = ANY($1::bigint[]) ORDER BY id`,
          [list],
        );
  rows.event = await of<EventRow>('events', ids.event);
  rows.venue = await of<VenueRow>('venues', ids.venue);
  rows.organizer = await of<OrganizerRow>('organizers', ids.organizer);
  const terms = await of<StoredRow>('terms', [...ids.category, ...ids.tag]);
  for (const row of terms) {
    if (row.taxonomy === 'category' && ids.category.length > 0) rows.category.push(row);
    else if (row.taxonomy === 'tag' && ids.tag.length > 0) rows.tag.push(row);
  }
  return rows;
}

async function namesOf(q: Query, users: number[]): Promise<Map<number, string>> {
  if (users.length === 0) return new Map();
  const rows = await rowsOf<{ id: number; name: string }>(
    q,
    `SELECT id, CASE display_name WHEN '' THEN login ELSE display_name END AS name
     FROM users WHERE id = ANY($1::bigint[])`,
    [users],
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

async function readPage(q: Query, request: FeedRequest, state: SyncState): Promise<FeedPage> {
  const page: FeedPage = {
    state,
    ids: emptyIds(),
    next: { kind: 0, after: 0 },
    changes: [],
    rows: emptyRows(),
    names: new Map(),
  };
  if (request.mode === 'full') {
    let { kind, after } = request;
    let room = request.limit;
    while (room > 0 && kind < SYNC_KINDS.length) {
      const found = await readableIds(q, SYNC_KINDS[kind]!, request.access, after, room);
      page.ids[SYNC_KINDS[kind]!].push(...found);
      room -= found.length;
      if (room > 0) {
        kind++;
        after = 0;
      } else {
        after = found[found.length - 1]!;
      }
    }
    page.next = { kind, after };
    page.rows = await rowsOfIds(q, page.ids);
    return page;
  }
  const from = positionOfCursor(request.after);
  if (!from) throw new RangeError(`Not a change feed cursor: ${String(request.after)}`);
  const changes = await readFeedRange(q, from, String(request.upTo), request.limit);
  page.changes = changes.map(({ xid, ...change }): FeedChange => ({
    ...change,
    cursor: `${xid}:${change.seq}`,
  }));
  if (request.rows) page.rows = await rowsOfIds(q, idsOf(page.changes));
  if (request.names) page.names = await namesOf(q, usersOf(page.changes));
  return page;
}

export function pgChangesReader(q: Query, together: Together): ChangesReader {
  return {
    state: async () => (await rowOf<SyncState>(q, STATE_SQL))!,
    page: (plan) =>
      together(async (snapshot) => {
        const state = (await rowOf<SyncState>(snapshot, STATE_SQL))!;
        return readPage(snapshot, plan(state), state);
      }),
    cursors: {
      after: (position) => `${position}:0`,
      positionOf: (cursor) => Number(positionOfCursor(cursor)?.xid ?? NaN),
      isCursor: (cursor) => {
        const position = positionOfCursor(cursor);
        return position !== undefined && Number.isSafeInteger(Number(position.xid));
      },
    },
  };
}

export function pgChanges(q: Query, together: Together): ChangesRepository {
  return {
    ...pgChangesReader(q, together),
    // The changes a transaction made are those of its own transaction id: no mark is needed.
    mark: () => Promise.resolve(0),
    async stamp(user) {
      await q('UPDATE changes SET by_user = $1 WHERE xid = pg_current_xact_id_if_assigned()', [
        user,
      ]);
    },
    async prune(cutoffUtc) {
      const gone = await rowOf<{ count: number; above: number | null }>(
        q,
        `WITH gone AS (DELETE FROM changes WHERE changed_utc < $1 RETURNING xid)
         SELECT count(*)::bigint AS count, max(xid::text::bigint) + 1 AS above FROM gone`,
        [cutoffUtc],
      );
      if (!gone || gone.above === null) return 0;
      await q('UPDATE sync_state SET horizon = GREATEST(horizon, $1::bigint) WHERE id = 1', [
        gone.above,
      ]);
      return gone.count;
    },
    async newEpoch() {
      await q(
        `UPDATE sync_state SET epoch = substr(md5(random()::text), 1, 8),
           horizon = pg_snapshot_xmin(pg_current_snapshot())::text::bigint WHERE id = 1`,
      );
    },
  };
}
