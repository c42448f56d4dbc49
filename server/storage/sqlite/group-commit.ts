/**
 * Group commit: the writes that requests hand over within one turn of the event loop run in one
 * SQLite transaction, each inside its own savepoint, and each request learns its outcome only
 * once that transaction has committed. A commit has a fixed cost (the WAL frames of every page
 * it touched, the checkpoints they bring): many small writes touching the same pages (the end of
 * the events table and its indexes, the change log, the search index) pay it once per group
 * instead of once each. Durability is unchanged: nothing is answered before its COMMIT returns.
 * The full-text indexes are written once per group too, just before its COMMIT
 * (search-per-group.ts): FTS5 writes what it holds as a new segment at every savepoint.
 *
 * A write is either synchronous work (`writeInGroup`, the stores not yet behind the storage
 * ports) or a unit of work (`unitInGroup`, storage.ts): an async body whose repositories resolve
 * synchronously, so it runs to its end in microtasks. Either way the whole group, from BEGIN to
 * COMMIT, runs within one turn of the event loop (the check phase and the microtasks it leaves):
 * no I/O callback, timer or other request runs while the transaction is open, so no read of
 * another request sees a write that is not yet committed. A unit of work still pending once the
 * microtasks of its turn are done has awaited something else (a fetch, a file, a timer): it is
 * rolled back and fails with `UnitOfWorkEscaped`, and its repositories refuse any later call,
 * instead of holding the transaction open across the event loop. A write that throws rolls back
 * to its savepoint and fails alone; the others of its group go on.
 */
import { transactionEnded, type Db } from '../../db/open.js';
import { activeWriteHooks, runWithHooks, type WriteHooks } from '../write-hooks.js';
import { searchPerGroup, type SearchPerGroup } from './search-per-group.js';

/** A group's transaction holds the event loop; a burst larger than this is split. */
export const MAX_GROUP = 64;

/** A unit of work that awaited something other than its repositories (see above). */
export class UnitOfWorkEscaped extends Error {
  constructor() {
    super(
      'A unit of work was still pending at the end of its turn: its body awaited something other than its repositories (I/O, a timer). It was rolled back. Do that work before or after the unit of work.',
    );
    this.name = 'UnitOfWorkEscaped';
  }
}

/** A unit of work once started: its outcome, and how to close its repositories. */
export interface StartedUnit {
  done: Promise<unknown>;
  close(): void;
}

/** Starts a unit of work: the request's hooks run first and last inside its body. */
export type StartUnit = (hooks: readonly WriteHooks[]) => StartedUnit;

type Work = { kind: 'sync'; run: () => unknown } | { kind: 'unit'; start: StartUnit };

interface Pending {
  work: Work;
  /** The request's write hooks (write-hooks.ts), run around its own savepoint. */
  hooks: readonly WriteHooks[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const UNIT_SAVEPOINT = 'almanac_unit';

class WriteGroups {
  private queue: Pending[] = [];
  private scheduled = false;
  private searchIndex: SearchPerGroup | undefined;

  constructor(private readonly db: Db) {}

  /** The full-text indexes are written once per group, before its COMMIT (migration 0030). */
  private get search(): SearchPerGroup {
    this.searchIndex ??= searchPerGroup(this.db);
    return this.searchIndex;
  }

  submit<T>(work: Work): Promise<T> {
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
    // Outside any request's hooks: each item runs with its own.
    runWithHooks([], () =>
      this.commitGroup(batch, (outcomes) =>
        batch.forEach((item, i) => {
          const outcome = outcomes[i]!;
          if (outcome.ok) item.resolve(outcome.value);
          else item.reject(outcome.error);
        }),
      ),
    );
  }

  /**
   * Runs the batch in as few transactions as it can and hands over the outcome of each item, in
   * order, once the last transaction has ended. Synchronous items run at once; the loop waits for
   * a unit of work's microtasks and goes on when it settles.
   */
  private commitGroup(batch: Pending[], finished: (outcomes: Outcome[]) => void): void {
    const outcomes: Outcome[] = [];
    let open: number[] = [];
    const failOpen = (error: unknown) => {
      for (const i of open) outcomes[i] = { ok: false, error };
      open = [];
    };
    const settle = (i: number, outcome: Outcome) => {
      outcomes[i] = outcome;
      if (outcome.ok) open.push(i);
      // Some errors (a full disk, an I/O error) make SQLite roll the whole transaction back:
      // the writes before this one are gone too, and the next item starts a new transaction.
      if (!this.db.inTransaction) failOpen(new Error('The write transaction was rolled back.'));
    };
    const step = (from: number): void => {
      for (let i = from; i < batch.length; i++) {
        const item = batch[i]!;
        if (!this.db.inTransaction) {
          try {
            this.db.exec('BEGIN IMMEDIATE');
            this.search.begin();
          } catch (error) {
            if (this.db.inTransaction) this.db.exec('ROLLBACK');
            outcomes[i] = { ok: false, error };
            continue;
          }
        }
        if (item.work.kind === 'unit') {
          this.runUnit(item.hooks, item.work.start, (outcome) => {
            settle(i, outcome);
            step(i + 1);
          });
          return;
        }
        const run = item.work.run;
        try {
          // Nested in the open transaction, `db.transaction` makes a savepoint and runs the
          // request's hooks around it (open.ts).
          settle(i, {
            ok: true,
            value: runWithHooks(item.hooks, () => this.db.transaction(run)()),
          });
        } catch (error) {
          settle(i, { ok: false, error });
        }
      }
      if (this.db.inTransaction) {
        try {
          this.search.finish();
          this.db.exec('COMMIT');
          open = [];
        } catch (error) {
          if (this.db.inTransaction) this.db.exec('ROLLBACK');
          failOpen(error);
        }
      }
      finished(outcomes);
    };
    step(0);
  }

  /** One unit of work in its savepoint; `done` is told its outcome once. */
  private runUnit(
    hooks: readonly WriteHooks[],
    start: StartUnit,
    done: (outcome: Outcome) => void,
  ): void {
    try {
      this.db.exec(`SAVEPOINT ${UNIT_SAVEPOINT}`);
    } catch (error) {
      done({ ok: false, error });
      return;
    }
    let unit: StartedUnit | undefined;
    let settled = false;
    const end = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      unit?.close();
      let result = outcome;
      if (result.ok) {
        try {
          this.db.exec(`RELEASE ${UNIT_SAVEPOINT}`);
        } catch (error) {
          result = { ok: false, error };
        }
      }
      if (!result.ok && this.db.inTransaction) {
        this.db.exec(`ROLLBACK TO ${UNIT_SAVEPOINT}`);
        this.db.exec(`RELEASE ${UNIT_SAVEPOINT}`);
      }
      transactionEnded(this.db);
      done(result);
    };
    try {
      unit = start(hooks);
    } catch (error) {
      end({ ok: false, error });
      return;
    }
    unit.done.then(
      (value) => end({ ok: true, value }),
      (error: unknown) => end({ ok: false, error }),
    );
    // A tick queued from a microtask runs once the microtask queue is empty (Node runs ticks,
    // then all microtasks, then the ticks those queued): a body that only awaited its
    // repositories has settled by then.
    queueMicrotask(() =>
      process.nextTick(() => {
        if (!settled) end({ ok: false, error: new UnitOfWorkEscaped() });
      }),
    );
  }
}

const groups = new WeakMap<Db, WriteGroups>();

function groupOf(db: Db): WriteGroups {
  let group = groups.get(db);
  if (!group) {
    group = new WriteGroups(db);
    groups.set(db, group);
  }
  return group;
}

/**
 * Runs `work` (synchronous, as any transaction's body) in the next group transaction of this
 * connection; resolves with its result once the group has committed.
 */
export function writeInGroup<T>(db: Db, work: () => T): Promise<T> {
  return groupOf(db).submit<T>({ kind: 'sync', run: work });
}

/**
 * Runs a unit of work (storage.ts) in the next group transaction of this connection; resolves
 * with its result once the group has committed.
 */
export function unitInGroup<T>(db: Db, start: StartUnit): Promise<T> {
  return groupOf(db).submit<T>({ kind: 'unit', start });
}
