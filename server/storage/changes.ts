/**
 * The change feed behind the sync routes (docs/contract/extensions.md E3): the history's state,
 * the changes after a position read in pages, the objects a page shows, pruning, and the new
 * history a restore starts.
 *
 * A **position** is a number a sync token carries: everything committed "up to" it has been
 * read. SQLite numbers changes from one counter inside its single writer, so a position is a
 * change's number and the numbers committed form a prefix. PostgreSQL has writers on several
 * nodes at once: there a position is a transaction-id watermark (storage/postgres/change-feed.ts),
 * everything made by transactions below it. Inside a pass, a reader stands at a **cursor**
 * (opaque to services: the engine's own order of the feed), carried by page tokens.
 */
import type { EventRow } from './events.js';
import type { OrganizerRow, VenueRow } from './linked-posts.js';

export const SYNC_KINDS = ['category', 'tag', 'venue', 'organizer', 'event'] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

export interface SyncState {
  /** Names this database's history: a restore starts a new one, refusing earlier tokens. */
  epoch: string;
  /** The position now: what a pass started now reads up to (see above). */
  seq: number;
  /** Tokens below this are older than the kept history. */
  horizon: number;
}

export interface ChangeRow {
  kind: SyncKind;
  item_id: number;
  /** The change's number (on PostgreSQL taken in write order, not commit order). */
  seq: number;
  action: 'created' | 'updated' | 'deleted';
  /** The object's author at its last change and whether it was ever published. */
  author: number | null;
  ever_public: 0 | 1;
  /** The user whose request made the change, when known. */
  by_user: number | null;
  changed_utc: string;
}

/** Where a reader stands inside a pass, after the change it was read with. */
export type FeedCursor = number | string;

export interface FeedChange extends ChangeRow {
  cursor: FeedCursor;
}

/** Which unpublished posts a reader sees besides the published ones. */
export type Access = { kind: 'all' } | { kind: 'public' } | { kind: 'own'; user: number };

/** A stored row of an object the feed names, as its table holds it (terms: their resource's). */
export interface StoredRow {
  id: number;
  [column: string]: unknown;
}

/** The rows of the objects a page names, by kind, in id order; objects gone are absent. */
export interface FeedRows {
  event: EventRow[];
  venue: VenueRow[];
  organizer: OrganizerRow[];
  category: StoredRow[];
  tag: StoredRow[];
}

/** What one read of the feed asks for; planned from the state it is read with. */
export type FeedRequest =
  /** Every object `access` may read, kind after kind (SYNC_KINDS' order), by id. */
  | { mode: 'full'; access: Access; kind: number; after: number; limit: number }
  /** The changes after `after` up to position `upTo`, oldest first. */
  | {
      mode: 'changes';
      after: FeedCursor;
      upTo: number;
      limit: number;
      /** Read the rows of the objects changed; the names of the users behind the changes. */
      rows: boolean;
      names: boolean;
    };

export interface FeedPage {
  state: SyncState;
  /** Full read: the ids read by kind, and where the next page starts. */
  ids: Record<SyncKind, number[]>;
  next: { kind: number; after: number };
  /** Changes read: the changes, each with its cursor. */
  changes: FeedChange[];
  rows: FeedRows;
  /** The names of the users behind the changes read (`by_user`). */
  names: Map<number, string>;
}

export interface ChangesReader {
  state(): Promise<SyncState>;
  /**
   * One page read in one snapshot: the state, then what `plan` asks for given it. `plan` runs
   * synchronously and may throw (a token older than the history), and then nothing more is read.
   */
  page(plan: (state: SyncState) => FeedRequest): Promise<FeedPage>;
  /** This engine's cursors (answered at once: no I/O). */
  readonly cursors: FeedCursors;
}

export interface FeedCursors {
  /** The cursor a pass starting after position `position` starts at. */
  after(position: number): FeedCursor;
  /**
   * A position at or before a cursor: everything up to it has been read (compared with the
   * horizon; a stream's event id). Resuming there may read again what lies between the two.
   */
  positionOf(cursor: FeedCursor): number;
  /** Whether `cursor` is one this engine makes. */
  isCursor(cursor: FeedCursor): boolean;
}

export interface ChangesRepository extends ChangesReader {
  /** A mark of the feed now, inside a unit of work, for `stamp` after its writes. */
  mark(): Promise<number>;
  /** Names the user behind the changes the transaction made since `mark`. */
  stamp(user: number, mark: number): Promise<void>;
  /** Forgets changes made before `cutoffUtc` and raises the horizon above them; how many. */
  prune(cutoffUtc: string): Promise<number>;
  /** A new history (after a restore): every token given out so far is refused. */
  newEpoch(): Promise<void>;
}

/**
 * Tells when other writers (other processes or nodes, an import's worker) may have committed
 * changes: the listener then reads the feed from where it stands. A notification carries
 * nothing and may come without a change; one missed is made up by the next.
 */
export interface CommitNotifier {
  /**
   * Calls `listener` after commits; `everyMs` is how often an engine that cannot be told
   * (SQLite) checks. Returns how to stop.
   */
  onCommit(listener: () => void, everyMs: number): () => void;
}

export const emptyIds = (): Record<SyncKind, number[]> => ({
  category: [],
  tag: [],
  venue: [],
  organizer: [],
  event: [],
});

export const emptyRows = (): FeedRows => ({
  event: [],
  venue: [],
  organizer: [],
  category: [],
  tag: [],
});

/** The ids each kind of change names, in the changes' order. */
export function idsOf(changes: readonly ChangeRow[]): Record<SyncKind, number[]> {
  const ids = emptyIds();
  for (const change of changes) ids[change.kind].push(change.item_id);
  return ids;
}

/** The users behind changes, once each. */
export const usersOf = (changes: readonly ChangeRow[]): number[] => [
  ...new Set(changes.flatMap((c) => (c.by_user === null ? [] : [c.by_user]))),
];
