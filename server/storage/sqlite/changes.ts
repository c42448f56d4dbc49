/**
 * SQLite's SQL of the change feed (storage/changes.ts, migration 0010). Changes are numbered
 * from one counter inside the single writer, so a position is a change's number and so is a
 * cursor. Table names come from fixed maps, never from input.
 */
import type { Db } from '../../db/open.js';
import { readHandle } from '../../db/read.js';
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
  type SyncKind,
  type SyncState,
} from '../changes.js';
import type { EventRow } from '../events.js';
import type { OrganizerRow, VenueRow } from '../linked-posts.js';
import type { Sync } from './repository.js';

type PostKind = 'event' | 'venue' | 'organizer';

const POST_TABLES: Record<PostKind, string> = {
  event: 'events',
  venue: 'venues',
  organizer: 'organizers',
};

const ACCESS_FILTERS: Record<Access['kind'], string> = {
  all: "status <> 'trash'",
  public: "status = 'publish'",
  own: "(status = 'publish' OR (author = @user AND status <> 'trash'))",
};

const asCursor = (cursor: FeedCursor): number => (typeof cursor === 'number' ? cursor : NaN);

export function sqliteChangesReader(db: Db): Sync<ChangesReader> {
  const read = readHandle(db);
  const s = {
    state: read.prepare<[], SyncState>('SELECT epoch, seq, horizon FROM sync_state WHERE id = 1'),
    changes: read.prepare<{ after: number; upTo: number; limit: number }, FeedChange>(
      `SELECT kind, item_id, seq, action, author, ever_public, by_user, changed_utc, seq AS cursor
       FROM changes WHERE seq > @after AND seq <= @upTo ORDER BY seq LIMIT @limit`,
    ),
    terms: read.prepare<[string], { id: number; taxonomy: string; [column: string]: unknown }>(
      'SELECT * FROM terms WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id',
    ),
    termIds: read
      .prepare<{ taxonomy: string; after: number; limit: number }, number>(
        'SELECT id FROM terms WHERE taxonomy = @taxonomy AND id > @after ORDER BY id LIMIT @limit',
      )
      .pluck(),
    userNames: read.prepare<[string], { id: number; name: string }>(
      `SELECT id, CASE display_name WHEN '' THEN login ELSE display_name END AS name
       FROM users WHERE id IN (SELECT value FROM json_each(?))`,
    ),
  };
  const postRows = Object.fromEntries(
    Object.entries(POST_TABLES).map(([kind, table]) => [
      kind,
      read.prepare<[string], { id: number }>(
        `SELECT * FROM ${table} WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`,
      ),
    ]),
  ) as Record<PostKind, ReturnType<typeof read.prepare<[string], { id: number }>>>;
  const postIds = new Map<string, ReturnType<typeof read.prepare<[object], number>>>();
  for (const [kind, table] of Object.entries(POST_TABLES)) {
    for (const [access, filter] of Object.entries(ACCESS_FILTERS)) {
      postIds.set(
        `${kind}:${access}`,
        read
          .prepare<[object], number>(
            `SELECT id FROM ${table} WHERE id > @after AND ${filter} ORDER BY id LIMIT @limit`,
          )
          .pluck(),
      );
    }
  }

  function readableIds(kind: SyncKind, access: Access, after: number, limit: number): number[] {
    if (kind === 'category' || kind === 'tag')
      return s.termIds.all({ taxonomy: kind, after, limit });
    const params = access.kind === 'own' ? { after, limit, user: access.user } : { after, limit };
    return postIds.get(`${kind}:${access.kind}`)!.all(params);
  }

  function rowsOf(ids: Record<SyncKind, number[]>): FeedRows {
    const rows = emptyRows();
    const json = (list: number[]) => JSON.stringify(list);
    if (ids.event.length > 0) rows.event = postRows.event.all(json(ids.event)) as EventRow[];
    if (ids.venue.length > 0) rows.venue = postRows.venue.all(json(ids.venue)) as VenueRow[];
    if (ids.organizer.length > 0)
      rows.organizer = postRows.organizer.all(json(ids.organizer)) as OrganizerRow[];
    const termIds = [...ids.category, ...ids.tag];
    if (termIds.length > 0) {
      for (const row of s.terms.all(json(termIds))) {
        if (row.taxonomy === 'category' && ids.category.length > 0) rows.category.push(row);
        else if (row.taxonomy === 'tag' && ids.tag.length > 0) rows.tag.push(row);
      }
    }
    return rows;
  }

  function names(users: number[]): Map<number, string> {
    if (users.length === 0) return new Map();
    return new Map(s.userNames.all(JSON.stringify(users)).map((row) => [row.id, row.name]));
  }

  function read_(request: FeedRequest, state: SyncState): FeedPage {
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
        const found = readableIds(SYNC_KINDS[kind]!, request.access, after, room);
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
      page.rows = rowsOf(page.ids);
      return page;
    }
    page.changes = s.changes.all({
      after: asCursor(request.after),
      upTo: request.upTo,
      limit: request.limit,
    });
    if (request.rows) page.rows = rowsOf(idsOf(page.changes));
    if (request.names) page.names = names(usersOf(page.changes));
    return page;
  }

  // One deferred transaction: one snapshot, even with other processes writing meanwhile.
  const page = db.transaction((plan: (state: SyncState) => FeedRequest): FeedPage => {
    const state = s.state.get()!;
    return read_(plan(state), state);
  });

  return {
    state: () => s.state.get()!,
    page: (plan) => page.deferred(plan),
    cursors: {
      after: (position) => position,
      positionOf: (cursor) => asCursor(cursor),
      isCursor: (cursor) =>
        typeof cursor === 'number' && Number.isSafeInteger(cursor) && cursor >= 0,
    },
  };
}

export function sqliteChanges(db: Db): Sync<ChangesRepository> {
  const s = {
    seq: db.prepare<[], number>('SELECT seq FROM sync_state WHERE id = 1').pluck(),
    stamp: db.prepare<[number, number]>('UPDATE changes SET by_user = ? WHERE seq > ?'),
    prunedUpTo: db
      .prepare<[string], number | null>('SELECT max(seq) FROM changes WHERE changed_utc < ?')
      .pluck(),
    prune: db.prepare<[string]>('DELETE FROM changes WHERE changed_utc < ?'),
    raiseHorizon: db.prepare<[number]>(
      'UPDATE sync_state SET horizon = max(horizon, ?) WHERE id = 1',
    ),
    newEpoch: db.prepare(
      `UPDATE sync_state SET epoch = lower(hex(randomblob(4))), horizon = seq WHERE id = 1`,
    ),
  };
  return {
    ...sqliteChangesReader(db),
    mark: () => s.seq.get()!,
    stamp(user, mark) {
      if (s.seq.get()! > mark) s.stamp.run(user, mark);
    },
    prune: db.transaction((cutoffUtc: string): number => {
      const upTo = s.prunedUpTo.get(cutoffUtc);
      if (upTo === null || upTo === undefined) return 0;
      s.raiseHorizon.run(upTo);
      return s.prune.run(cutoffUtc).changes;
    }),
    newEpoch() {
      s.newEpoch.run();
    },
  };
}

/**
 * What other processes (and this one) committed, as SQLite tells it: `data_version` moves with
 * every commit of another connection, other processes' and the import worker's included, and
 * `total_changes()` with this connection's own writes. Checked every `everyMs` while anyone
 * listens.
 */
export function sqliteCommitNotifier(db: Db) {
  const generation = readHandle(db)
    .prepare<[], [number, number]>('SELECT total_changes(), data_version FROM pragma_data_version')
    .raw();
  const listeners = new Set<() => void>();
  let timer: NodeJS.Timeout | undefined;
  let seen = '';
  let every = Infinity;

  function check(): void {
    if (!db.open) return;
    const now = generation.get()!.join(':');
    if (now === seen) return;
    seen = now;
    for (const listener of [...listeners]) listener();
  }

  function restart(): void {
    clearInterval(timer);
    timer = listeners.size === 0 ? undefined : setInterval(check, every);
  }

  return {
    onCommit(listener: () => void, everyMs: number): () => void {
      if (listeners.size === 0) seen = generation.get()!.join(':');
      listeners.add(listener);
      if (timer === undefined || everyMs < every) {
        every = Math.min(every, everyMs);
        restart();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          every = Infinity;
          restart();
        }
      };
    },
  };
}
