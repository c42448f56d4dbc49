/**
 * The SQLite settings the reliability guarantees rest on (docs/reliability.md): WAL with
 * synchronous=NORMAL, foreign keys, a busy timeout, and write transactions that take the lock
 * first so that a second process makes them wait instead of failing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { BUSY_TIMEOUT_MS, openDatabase, type Db } from '../../server/db/open.js';
import { holdWriteLock, tempDir } from '../helpers/reliability.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()!();
});

function fresh(): { file: string; a: Db } {
  const dir = tempDir();
  const file = join(dir.dir, 'db.sqlite');
  const a = openDatabase(file);
  cleanups.push(() => {
    a.close();
    dir.cleanup();
  });
  a.exec('CREATE TABLE IF NOT EXISTS probe (x INTEGER)');
  return { file, a };
}

describe('database settings', () => {
  it('opens in WAL with synchronous=NORMAL, foreign keys and a busy timeout', () => {
    const { a } = fresh();
    expect(a.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(a.pragma('synchronous', { simple: true })).toBe(1);
    expect(a.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(a.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS);
  });

  it('runs a read-then-write transaction even when another connection wrote after the read began', () => {
    const { file, a } = fresh();
    const b = openDatabase(file, { migrate: false });
    cleanups.push(() => b.close());
    b.pragma('busy_timeout = 50');
    let otherWriter = 'wrote';
    // With a DEFERRED transaction, b's commit lands between a's read and a's write and a fails
    // with SQLITE_BUSY_SNAPSHOT; locking first makes b wait (here: give up quickly) instead.
    a.transaction(() => {
      a.prepare('SELECT count(*) FROM probe').get();
      try {
        b.prepare('INSERT INTO probe VALUES (2)').run();
      } catch (error) {
        otherWriter = (error as { code?: string }).code ?? 'error';
      }
      a.prepare('INSERT INTO probe VALUES (1)').run();
    })();
    expect(otherWriter).toBe('SQLITE_BUSY');
    expect(a.prepare('SELECT x FROM probe').pluck().all()).toEqual([1]);
  });

  it('keeps `.deferred` for read-only transactions', () => {
    const { a } = fresh();
    const read = a.transaction(() => a.prepare('SELECT count(*) FROM probe').pluck().get());
    expect(read.deferred()).toBe(0);
    expect(read()).toBe(0);
  });

  it('makes a writer wait for another process holding the lock instead of failing', async () => {
    const { file, a } = fresh();
    const holder = await holdWriteLock(file, 'INSERT INTO probe VALUES (7)', 800);
    const started = Date.now();
    a.transaction(() => a.prepare('INSERT INTO probe VALUES (8)').run())();
    expect(Date.now() - started).toBeGreaterThan(300);
    expect(a.prepare('SELECT x FROM probe ORDER BY x').pluck().all()).toEqual([7, 8]);
    await holder.done;
  });
});
