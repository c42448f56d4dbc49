/**
 * Opens the SQLite database the way every process of Almanac must: WAL so readers never block
 * the writer, foreign keys enforced, and a busy timeout so concurrent writers (several server
 * processes on one file) wait instead of failing with SQLITE_BUSY.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrate } from './migrate.js';
import { activeWriteHooks } from '../storage/write-hooks.js';

export type Db = Database.Database;

/** How long a writer waits for the lock before SQLite gives up; far above any single write. */
export const BUSY_TIMEOUT_MS = 10_000;

export interface OpenOptions {
  /** Skip migrations (a worker process opening a database another process migrated). */
  migrate?: boolean;
  /**
   * A whole database file's bytes to open in memory instead of an empty database (`file` is then
   * ':memory:'): tests start from a copy of one migrated template.
   */
  image?: Buffer;
}

export function openDatabase(file: string, options: OpenOptions = {}): Db {
  if (options.image && file !== ':memory:') throw new Error('An image opens only in memory.');
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(options.image ?? file);
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('journal_mode = WAL');
    // NORMAL in WAL mode: a committed transaction survives a crash of the process (it is in the
    // OS's WAL file), and the database is never corrupted; only an OS crash or power cut can lose
    // the last commits. FULL would fsync every commit and cap writes at the disk's sync rate.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('temp_store = MEMORY');
    db.pragma('cache_size = -32000');
    if (options.migrate !== false) migrate(db);
    writeTransactionsLockFirst(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

const afterTransactions = new WeakMap<Db, () => void>();

/**
 * `listener` runs at the end of each outermost `db.transaction` body, just before its commit
 * (or that of the group it belongs to, group-commit.ts): work it schedules for later finds the
 * writes committed.
 */
export function afterEachTransaction(db: Db, listener: () => void): void {
  afterTransactions.set(db, listener);
}

const endListeners = new WeakMap<Db, Set<() => void>>();

/**
 * `listener` also runs at the end of each outermost transaction body, as `afterEachTransaction`'s
 * does, for as long as the connection is open: what remembers something read on this connection
 * forgets it when this connection writes.
 */
export function onTransactionEnd(db: Db, listener: () => void): void {
  let listeners = endListeners.get(db);
  if (!listeners) endListeners.set(db, (listeners = new Set()));
  listeners.add(listener);
}

/**
 * A synchronous transaction cannot wait for a hook that answers a promise (one that reads
 * through the storage ports): it goes on without it, as before the ports.
 */
function settledLater(result: void | Promise<void>): void {
  if (result instanceof Promise) result.catch(() => undefined);
}

/**
 * Runs the listeners of the end of an outermost transaction body; `db.transaction` calls it, and
 * so does a unit of work of the storage ports, which manages its savepoint itself
 * (storage/sqlite/group-commit.ts).
 */
export function transactionEnded(db: Db): void {
  endListeners.get(db)?.forEach((listener) => listener());
  afterTransactions.get(db)?.();
}

/**
 * Makes `db.transaction(fn)()` begin IMMEDIATE, taking the write lock before the first read.
 * A DEFERRED transaction that reads and then writes, while another process committed in
 * between, fails at once with SQLITE_BUSY_SNAPSHOT: the busy timeout cannot help, since its
 * snapshot is stale. Locking first makes a concurrent writer wait (busy timeout) instead.
 * `.deferred` stays available for read-only transactions that want no lock.
 */
function writeTransactionsLockFirst(db: Db): void {
  const original = db.transaction.bind(db);
  let depth = 0;
  const ended = () => {
    if (depth === 0) transactionEnded(db);
  };
  // The request's write hooks (hooks.ts) run around the outermost transaction only: a nested one
  // is a savepoint inside it.
  const hooked = (fn: (...args: never[]) => unknown) =>
    function (this: unknown, ...args: never[]) {
      const hooks = depth === 0 ? activeWriteHooks() : [];
      depth++;
      try {
        for (const hook of hooks) settledLater(hook.begin?.());
        const result = fn.apply(this, args);
        for (const hook of hooks) settledLater(hook.end?.());
        return result;
      } finally {
        depth--;
        ended();
      }
    };
  // Every variant carries the others as properties (`.deferred`, `.exclusive`, …).
  db.transaction = ((fn: (...args: never[]) => unknown) =>
    original(hooked(fn)).immediate) as Db['transaction'];
}
