/**
 * SQL of the change log (migration 0009): its state, ranges of changes, pruning, stamping the
 * user who made a change, and the rows a sync page presents. Table names come from a fixed map,
 * never from input.
 */
import type { Db } from '../../db/open.js';
import type { OrganizerRow } from '../organizers/kind.js';
import type { VenueRow } from '../venues/kind.js';
import type { EventRow } from '../../storage/events.js';
import type { TermRow } from '../terms/store.js';

export const SYNC_KINDS = ['category', 'tag', 'venue', 'organizer', 'event'] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];
export type PostKind = 'event' | 'venue' | 'organizer';

export interface SyncState {
  epoch: string;
  seq: number;
  horizon: number;
}

export interface ChangeRow {
  kind: SyncKind;
  item_id: number;
  seq: number;
  action: 'created' | 'updated' | 'deleted';
  author: number | null;
  ever_public: 0 | 1;
  by_user: number | null;
  changed_utc: string;
}

/** Which unpublished posts a reader sees besides the published ones. */
export type Access = { kind: 'all' } | { kind: 'public' } | { kind: 'own'; user: number };

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

export function createSyncStore(db: Db) {
  const s = {
    state: db.prepare<[], SyncState>('SELECT epoch, seq, horizon FROM sync_state WHERE id = 1'),
    seq: db.prepare<[], number>('SELECT seq FROM sync_state WHERE id = 1').pluck(),
    changes: db.prepare<{ after: number; upTo: number; limit: number }, ChangeRow>(
      `SELECT * FROM changes WHERE seq > @after AND seq <= @upTo ORDER BY seq LIMIT @limit`,
    ),
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
    terms: db.prepare<[string], TermRow>(
      'SELECT * FROM terms WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id',
    ),
    termIds: db
      .prepare<{ taxonomy: string; after: number; limit: number }, number>(
        'SELECT id FROM terms WHERE taxonomy = @taxonomy AND id > @after ORDER BY id LIMIT @limit',
      )
      .pluck(),
    userNames: db.prepare<[string], { id: number; name: string }>(
      `SELECT id, CASE display_name WHEN '' THEN login ELSE display_name END AS name
       FROM users WHERE id IN (SELECT value FROM json_each(?))`,
    ),
  };
  const postRows = Object.fromEntries(
    Object.entries(POST_TABLES).map(([kind, table]) => [
      kind,
      db.prepare<[string], unknown>(
        `SELECT * FROM ${table} WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`,
      ),
    ]),
  ) as Record<PostKind, ReturnType<Db['prepare']>>;
  const postIds = new Map<string, ReturnType<Db['prepare']>>();
  for (const [kind, table] of Object.entries(POST_TABLES)) {
    for (const [access, filter] of Object.entries(ACCESS_FILTERS)) {
      postIds.set(
        `${kind}:${access}`,
        db
          .prepare(
            `SELECT id FROM ${table} WHERE id > @after AND ${filter} ORDER BY id LIMIT @limit`,
          )
          .pluck(),
      );
    }
  }

  return {
    state: (): SyncState => s.state.get()!,
    seq: (): number => s.seq.get()!,
    /** Changes numbered in (after, upTo], oldest first. */
    changes: (after: number, upTo: number, limit: number): ChangeRow[] =>
      s.changes.all({ after, upTo, limit }),
    /** Names the user behind the changes numbered above `after` (inside the write transaction). */
    stamp(userId: number, after: number): void {
      s.stamp.run(userId, after);
    },
    /** Forgets changes made before `cutoffUtc`; tokens from before them become expired. */
    prune: db.transaction((cutoffUtc: string): number => {
      const upTo = s.prunedUpTo.get(cutoffUtc);
      if (upTo === null || upTo === undefined) return 0;
      s.raiseHorizon.run(upTo);
      return s.prune.run(cutoffUtc).changes;
    }),
    /** A new history: every token given out so far is refused (after a restore). */
    newEpoch(): void {
      s.newEpoch.run();
    },

    eventRows: (ids: readonly number[]): EventRow[] =>
      postRows.event.all(JSON.stringify(ids)) as EventRow[],
    venueRows: (ids: readonly number[]): VenueRow[] =>
      postRows.venue.all(JSON.stringify(ids)) as VenueRow[],
    organizerRows: (ids: readonly number[]): OrganizerRow[] =>
      postRows.organizer.all(JSON.stringify(ids)) as OrganizerRow[],
    termRows: (ids: readonly number[]): TermRow[] => s.terms.all(JSON.stringify(ids)),

    /** Ids after `after` of the objects of a kind a reader with `access` may read, by id. */
    readableIds(kind: SyncKind, access: Access, after: number, limit: number): number[] {
      if (kind === 'category' || kind === 'tag') {
        return s.termIds.all({ taxonomy: kind, after, limit });
      }
      const statement = postIds.get(`${kind}:${access.kind}`)!;
      const params = access.kind === 'own' ? { after, limit, user: access.user } : { after, limit };
      return statement.all(params) as number[];
    },

    userNames(ids: readonly number[]): Map<number, string> {
      if (ids.length === 0) return new Map();
      return new Map(s.userNames.all(JSON.stringify(ids)).map((row) => [row.id, row.name]));
    },
  };
}

export type SyncStore = ReturnType<typeof createSyncStore>;
