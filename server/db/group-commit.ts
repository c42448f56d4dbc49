/**
 * Group commit: the writes that requests hand over within one turn of the event loop run in one
 * SQLite transaction, each inside its own savepoint, and each request learns its outcome only
 * once that transaction has committed. A commit has a fixed cost (the WAL frames of every page
 * it touched, the checkpoints they bring): many small writes touching the same pages (the end of
 * the events table and its indexes, the change log, the search index) pay it once per group
 * instead of once each. Durability is unchanged: nothing is answered before its COMMIT returns.
 *
 * The work of each write runs later than it is handed over (in the loop's check phase), but
 * synchronously and alone, as every transaction here does: no read of another request ever sees
 * a write that is not yet committed. A write that throws rolls back to its savepoint and fails
 * alone; the others of its group go on.
 */
import type { Db } from './open.js';
import { activeWriteHooks, runWithHooks, type WriteHooks } from './hooks.js';

/** A group's transaction holds the event loop; a burst larger than this is split. */
export const MAX_GROUP = 64;

interface Pending {
  work: () => unknown;
  /** The request's write hooks (hooks.ts), run around its own savepoint. */
  hooks: readonly WriteHooks[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

class WriteGroups {
  private queue: Pending[] = [];
  private scheduled = false;

  constructor(private readonly db: Db) {}

  submit<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        work,
        hooks: activeWriteHooks(),
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      if (!this.scheduled) {
        this.scheduled = true;
        // After the poll phase: every request whose bytes arrived together has handed its
        // write over by then.
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue.splice(0, MAX_GROUP);
    if (this.queue.length > 0) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    const outcomes = runWithHooks([], () => this.commitGroup(batch));
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }

  /** Runs the batch in as few transactions as it can; the outcome of each item, in order. */
  private commitGroup(batch: Pending[]): Outcome[] {
    const outcomes: Outcome[] = [];
    let open: number[] = [];
    const failOpen = (error: unknown) => {
      for (const i of open) outcomes[i] = { ok: false, error };
      open = [];
    };
    for (const [i, item] of batch.entries()) {
      if (!this.db.inTransaction) {
        try {
          this.db.exec('BEGIN IMMEDIATE');
        } catch (error) {
          outcomes[i] = { ok: false, error };
          continue;
        }
      }
      try {
        // Nested in the open transaction, `db.transaction` makes a savepoint and runs the
        // request's hooks around it (open.ts).
        const value = runWithHooks(item.hooks, () => this.db.transaction(item.work)());
        outcomes[i] = { ok: true, value };
        open.push(i);
      } catch (error) {
        outcomes[i] = { ok: false, error };
      }
      // Some errors (a full disk, an I/O error) make SQLite roll the whole transaction back:
      // the writes before this one are gone too, and the next item starts a new transaction.
      if (!this.db.inTransaction) failOpen(new Error('The write transaction was rolled back.'));
    }
    if (this.db.inTransaction) {
      try {
        this.db.exec('COMMIT');
        open = [];
      } catch (error) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        failOpen(error);
      }
    }
    return outcomes;
  }
}

const groups = new WeakMap<Db, WriteGroups>();

/**
 * Runs `work` (synchronous, as any transaction's body) in the next group transaction of this
 * connection; resolves with its result once the group has committed.
 */
export function writeInGroup<T>(db: Db, work: () => T): Promise<T> {
  let group = groups.get(db);
  if (!group) {
    group = new WriteGroups(db);
    groups.set(db, group);
  }
  return group.submit(work);
}
