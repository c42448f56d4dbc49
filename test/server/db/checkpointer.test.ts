/** WAL checkpoints from a worker thread (server/db/checkpointer.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../server/db/open.js';
import {
  SAFETY_CHECKPOINT_PAGES,
  startCheckpointer,
  type Checkpointer,
} from '../../../server/storage/sqlite/checkpointer.js';
import { startTestServer } from '../../helpers/server.js';

const dirs: string[] = [];
const cleanups: Array<() => unknown> = [];

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
  while (dirs.length > 0) rmSync(dirs.pop()!, { recursive: true, force: true });
});

function database(): { db: Db; file: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-checkpoint-'));
  dirs.push(dir);
  const file = join(dir, 'c.db');
  const db = openDatabase(file, { migrate: false });
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL) STRICT');
  cleanups.push(() => db.close());
  return { db, file, dir };
}

const started = (checkpointer: Checkpointer) => {
  cleanups.push(() => checkpointer.close());
  return checkpointer;
};

const autocheckpoint = (db: Db) => db.pragma('wal_autocheckpoint', { simple: true });

describe('the checkpoint worker', () => {
  it('copies committed pages into the database file while the connection itself does not', async () => {
    const { db, file } = database();
    started(startCheckpointer(db, file));
    expect(autocheckpoint(db)).toBe(SAFETY_CHECKPOINT_PAGES);
    const before = statSync(file).size;
    const insert = db.prepare<[string]>('INSERT INTO notes (text) VALUES (?)');
    // About 500 pages: far below the connection's own threshold, so only the worker copies them.
    db.transaction(() => {
      for (let i = 0; i < 500; i++) insert.run('x'.repeat(4000));
    })();
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(before + 400 * 4096), {
      timeout: 30_000,
      interval: 20,
    });
    expect(db.prepare('SELECT count(*) FROM notes').pluck().get()).toBe(500);
  });

  it('hands checkpoints back to the connection when the worker cannot open the database', async () => {
    const { db, dir } = database();
    const failed = vi.fn();
    started(startCheckpointer(db, join(dir, 'missing', 'c.db'), { onError: failed }));
    await vi.waitFor(() => expect(failed).toHaveBeenCalled(), { timeout: 30_000 });
    expect(autocheckpoint(db)).toBe(1_000);
  });

  it('runs for a server on a database file, and stops with it', async () => {
    const server = await startTestServer({ file: true });
    expect(autocheckpoint(server.db)).toBe(SAFETY_CHECKPOINT_PAGES);
    const res = await server.call('POST', '/api/calendar/events/v1/events', {
      auth: server.admin,
      body: {
        title: 'Checkpointed',
        start_date: '2026-07-01 10:00:00',
        end_date: '2026-07-01 11:00:00',
      },
    });
    expect(res.status, res.text).toBe(201);
  });
});
