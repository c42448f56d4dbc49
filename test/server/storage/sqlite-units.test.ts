/**
 * Units of work of the SQLite adapter (server/storage/sqlite/storage.ts): they share a group's
 * transaction, see their own writes, run the request's hooks inside it, fail loudly when their
 * body awaits anything but their repositories, and the read side never sees them uncommitted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  openSqliteStorage,
  ReadInsideWrite,
  UnitOfWorkClosed,
  type SqliteStorage,
} from '../../../server/storage/sqlite/storage.js';
import { UnitOfWorkEscaped, writeInGroup } from '../../../server/storage/sqlite/group-commit.js';
import { withWriteHooks } from '../../../server/storage/write-hooks.js';
import type { UnitOfWork } from '../../../server/storage/storage.js';

const dirs: string[] = [];
const opened: Array<() => unknown> = [];

afterEach(async () => {
  while (opened.length > 0) await opened.pop()!();
  while (dirs.length > 0) rmSync(dirs.pop()!, { recursive: true, force: true });
});

/** A storage on a file, and a second connection that sees only what is committed. */
function files(): { storage: SqliteStorage; other: Database.Database } {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-units-'));
  dirs.push(dir);
  const storage = openSqliteStorage(join(dir, 'u.db'), { checkpoints: false });
  const other = new Database(join(dir, 'u.db'));
  opened.push(
    () => storage.close(),
    () => other.close(),
  );
  return { storage, other };
}

const committedSettings = (other: Database.Database) =>
  other
    .prepare<[], { key: string }>('SELECT key FROM settings ORDER BY key')
    .all()
    .map((row) => row.key);

const put = (uow: UnitOfWork, key: string) => uow.settings.putAll({ [key]: 1 });

describe('units of work on SQLite', () => {
  it('commit together with the synchronous writes of the same moment, each seeing its own', async () => {
    const { storage, other } = files();
    const seenInside: string[][] = [];
    const results = await Promise.all([
      storage.write(async (uow) => {
        await put(uow, 'a');
        await put(uow, 'b');
        seenInside.push(Object.keys(await uow.settings.all()).sort());
        return committedSettings(other);
      }),
      writeInGroup(storage.db, () => {
        storage.sync.settings.putAll({ c: 1 });
        return 'sync';
      }),
      storage.write(async (uow) => {
        await put(uow, 'd');
        return committedSettings(other);
      }),
    ]);
    // Nothing was committed while the group ran; everything was once each promise resolved.
    expect(results).toEqual([[], 'sync', []]);
    expect(seenInside).toEqual([['a', 'b']]);
    expect(committedSettings(other)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('roll back alone when their body rejects', async () => {
    const { storage, other } = files();
    const results = await Promise.allSettled([
      storage.write((uow) => put(uow, 'kept')),
      storage.write(async (uow) => {
        await put(uow, 'dropped');
        throw new Error('refused');
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(committedSettings(other)).toEqual(['kept']);
  });

  it('fail when their body awaits something else, and their repositories refuse later calls', async () => {
    const { storage, other } = files();
    let lateCall!: (outcome: PromiseSettledResult<unknown>) => void;
    const late = new Promise<PromiseSettledResult<unknown>>((resolve) => (lateCall = resolve));
    const results = await Promise.allSettled([
      storage.write(async (uow) => {
        await put(uow, 'before-timer');
        await new Promise((resolve) => setTimeout(resolve, 1));
        lateCall((await Promise.allSettled([put(uow, 'after-timer')]))[0]!);
      }),
      storage.write((uow) => put(uow, 'next')),
    ]);
    expect(results[0]).toEqual({ status: 'rejected', reason: new UnitOfWorkEscaped() });
    expect(results[1]!.status).toBe('fulfilled');
    expect(await late).toEqual({ status: 'rejected', reason: new UnitOfWorkClosed() });
    expect(committedSettings(other)).toEqual(['next']);
  });

  it('run the request hooks inside, waiting for a hook that reads through the read side', async () => {
    const { storage, other } = files();
    await storage.write((uow) => put(uow, 'first'));
    const log: string[] = [];
    await withWriteHooks(
      {
        // A precondition's GET reads the rows as the unit's transaction has them.
        begin: async () => {
          log.push(`begin ${Object.keys(await storage.read.settings.all()).join(',')}`);
        },
        end: async () => {
          log.push(`end ${Object.keys(await storage.read.settings.all()).join(',')}`);
          log.push(`committed ${committedSettings(other).join(',')}`);
        },
      },
      () => storage.write((uow) => put(uow, 'second')),
    );
    expect(log).toEqual(['begin first', 'end first,second', 'committed first']);
  });

  it('keep the read side out of a transaction that is not theirs', async () => {
    const { storage } = files();
    let read: Promise<unknown> | undefined;
    await writeInGroup(storage.db, () => {
      read = storage.read.settings.all();
    });
    await expect(read).rejects.toBeInstanceOf(ReadInsideWrite);
    await expect(storage.read.settings.all()).resolves.toEqual({});
  });
});
