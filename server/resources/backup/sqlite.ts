/**
 * The SQLite side of backups: an online copy of the live database, checking a backup file, and
 * copying a backup back into the live database while the server keeps running.
 */
import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from '../../db/open.js';
import { loadMigrations, migrate } from '../../db/migrate.js';
import { schemaProblems } from './schema-check.js';

/** Pages copied per step of an online backup: small steps keep the event loop responsive. */
const STEP_PAGES = 1024;
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the live database into `file` with SQLite's backup API while requests continue.
 * Writes through this same connection are folded into the copy as it runs; a write by another
 * process restarts it, so after a restart the rest is copied in one step to make sure it ends.
 */
export async function backupTo(db: Db, file: string): Promise<void> {
  let remaining = Number.POSITIVE_INFINITY;
  let restarted = false;
  await db.backup(file, {
    progress: ({ remainingPages }) => {
      if (remainingPages > remaining) restarted = true;
      remaining = remainingPages;
      return restarted ? ALL_PAGES : STEP_PAGES;
    },
  });
  // The copy keeps the live database's WAL flag; a backup is one self-contained file instead.
  const copy = new Database(file);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

export type BackupProblem =
  | { kind: 'unreadable'; message: string }
  | { kind: 'corrupt'; message: string }
  | { kind: 'not_almanac' }
  | { kind: 'too_new'; version: number; supported: number };

export interface BackupCheck {
  version: number;
  pageSize: number;
}

/** Opens a backup read-only and checks it is an intact Almanac database this version can use. */
export function checkBackup(file: string): BackupCheck | BackupProblem {
  let db: Db | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') return { kind: 'corrupt', message: String(integrity) };
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name IN ('posts', 'users')",
      )
      .all();
    const version = db.pragma('user_version', { simple: true }) as number;
    if (tables.length !== 2 || version < 1) return { kind: 'not_almanac' };
    const supported = loadMigrations().length;
    if (version > supported) return { kind: 'too_new', version, supported };
    return { version, pageSize: db.pragma('page_size', { simple: true }) as number };
  } catch (error) {
    return { kind: 'unreadable', message: (error as Error).message };
  } finally {
    db?.close();
  }
}

/**
 * Makes a working copy of an older backup usable by this version: the live database's page size
 * (the backup API cannot change it in a WAL database) and every migration applied.
 */
export async function upgradeCopy(source: string, target: string, pageSize: number) {
  const from = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await from.backup(target);
  } finally {
    from.close();
  }
  const copy = new Database(target);
  try {
    copy.pragma('journal_mode = DELETE');
    copy.pragma(`page_size = ${Math.trunc(pageSize)}`);
    copy.exec('VACUUM');
    copy.pragma('foreign_keys = ON');
    migrate(copy);
  } finally {
    copy.close();
  }
}

/** What keeps a migrated working copy from being served (backup/schema-check.ts). */
export function copyProblems(file: string): string[] {
  const copy = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return schemaProblems(copy);
  } catch (error) {
    return [(error as Error).message];
  } finally {
    copy.close();
  }
}

/*
 * Runs in a worker thread. The copy holds the live database's write lock from its first step to
 * its last; a write on the server's thread meanwhile waits in SQLite's busy handler, which
 * blocks that thread, so the copy must run on another thread to be able to finish and let the
 * write through. Readers keep seeing the old data until the copy commits, then the new.
 */
const RESTORE_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const source = new Database(workerData.from, { readonly: true, fileMustExist: true });
source.backup(workerData.to, { progress: () => 0x7fffffff }).then(
  () => { source.close(); parentPort.postMessage({ ok: true }); },
  (error) => { source.close(); parentPort.postMessage({ ok: false, message: String(error && error.message) }); },
);`;

/** Copies `from` (a checked backup) over the live database file `to`, in place. */
export function restoreInto(from: string, to: string): Promise<void> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve, reject) => {
    const worker = new Worker(RESTORE_WORKER, { eval: true, workerData: { driver, from, to } });
    let settled = false;
    worker.once('message', (message: { ok: boolean; message?: string }) => {
      settled = true;
      if (message.ok) resolve();
      else reject(new Error(`Restoring the backup failed: ${message.message ?? 'unknown error'}`));
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`The restore worker stopped with code ${code}.`));
    });
  });
}
