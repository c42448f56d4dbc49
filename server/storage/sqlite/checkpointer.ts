/**
 * WAL checkpoints off the event loop. SQLite copies the pages of the `-wal` file back into the
 * database (a checkpoint) from the connection whose commit makes the WAL pass
 * `wal_autocheckpoint` pages: in the server that is the connection every request uses, so the
 * copy and its disk sync held up every request of that moment. Here a worker thread with a
 * connection of its own runs `wal_checkpoint(PASSIVE)` shortly after writes (never waiting for a
 * lock, never blocking a reader or the writer), and the server's connection checkpoints by
 * itself only when the WAL has grown far beyond that (the worker stopped, or a burst outran it).
 *
 * Durability does not depend on checkpoints: a commit is complete once its pages are in the WAL
 * (open.ts), and a checkpoint cut off by a crash is redone from the WAL by the next start.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { afterEachTransaction, BUSY_TIMEOUT_MS, type Db } from '../../db/open.js';

/** Pages (4 KiB) the WAL may reach before the server's own connection checkpoints (~64 MB). */
export const SAFETY_CHECKPOINT_PAGES = 16_000;
/** SQLite's default: what a connection without a checkpoint worker does. */
const DEFAULT_CHECKPOINT_PAGES = 1_000;
/** Writes within this time share one checkpoint. */
const DELAY_MS = 50;

// The worker's own code, in plain JavaScript: it runs as it is in the bundle and from sources.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
db.pragma('synchronous = NORMAL');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  let error = null;
  try {
    checkpoint.run();
  } catch (e) {
    error = String(e && e.message ? e.message : e);
  }
  parentPort.postMessage({ error });
});
`;

export interface Checkpointer {
  close(): Promise<void>;
}

interface Options {
  /** Told when the worker fails; the server's connection then checkpoints as SQLite's default. */
  onError?(error: unknown): void;
}

/** Starts the checkpoint worker for this file database (`db` is the server's connection). */
export function startCheckpointer(db: Db, file: string, options: Options = {}): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      busyTimeoutMs: BUSY_TIMEOUT_MS,
    },
  });
  // A waiting worker must not keep the process alive.
  worker.unref();
  db.pragma(`wal_autocheckpoint = ${SAFETY_CHECKPOINT_PAGES}`);
  let running = false;
  let dirty = false;
  let timer: NodeJS.Timeout | undefined;
  let alive = true;

  const fail = (error: unknown) => {
    if (!alive) return;
    alive = false;
    if (db.open) db.pragma(`wal_autocheckpoint = ${DEFAULT_CHECKPOINT_PAGES}`);
    options.onError?.(error);
  };
  const schedule = () => {
    if (timer || running || !alive) return;
    timer = setTimeout(() => {
      timer = undefined;
      dirty = false;
      running = true;
      worker.postMessage('checkpoint');
    }, DELAY_MS);
    timer.unref();
  };
  worker.on('message', (answer: { error: string | null }) => {
    running = false;
    if (answer.error !== null) options.onError?.(new Error(answer.error));
    if (dirty) schedule();
  });
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('The checkpoint worker stopped.')));
  // A checkpoint follows each transaction shortly: one for all the writes of that moment.
  afterEachTransaction(db, () => {
    dirty = true;
    schedule();
  });

  return {
    async close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      afterEachTransaction(db, () => undefined);
      if (!alive) return;
      alive = false;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      // Waited for: the process must not end before the worker has closed its connection.
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}
