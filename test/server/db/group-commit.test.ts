import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../server/db/open.js';
import { MAX_GROUP, writeInGroup } from '../../../server/storage/sqlite/group-commit.js';
import { withWriteHooks } from '../../../server/storage/write-hooks.js';

const dirs: string[] = [];
const opened: Array<{ close(): unknown }> = [];

afterEach(() => {
  while (opened.length > 0) opened.pop()!.close();
  while (dirs.length > 0) rmSync(dirs.pop()!, { recursive: true, force: true });
});

/** A database file, and a second connection that sees only what is committed. */
function files(): { db: Db; other: Database.Database } {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-group-'));
  dirs.push(dir);
  const db = openDatabase(join(dir, 'g.db'));
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE) STRICT');
  const other = new Database(join(dir, 'g.db'));
  opened.push(other, db);
  return { db, other };
}

const committed = (other: Database.Database) =>
  other
    .prepare<[], { text: string }>('SELECT text FROM notes ORDER BY id')
    .all()
    .map((r) => r.text);

describe('writeInGroup', () => {
  it('commits the writes of one moment in one transaction and answers each after the commit', async () => {
    const { db, other } = files();
    const insert = db.prepare<[string]>('INSERT INTO notes (text) VALUES (?)');
    const seenAtResolve: string[][] = [];
    const seenByLast: string[][] = [];
    const writes = ['a', 'b', 'c'].map((text) =>
      writeInGroup(db, () => {
        // The earlier writes of the group are there, and not yet committed.
        if (text === 'c') seenByLast.push(committed(other), committed(db as Database.Database));
        return Number(insert.run(text).lastInsertRowid);
      }).then((id) => {
        seenAtResolve.push(committed(other));
        return id;
      }),
    );
    // Handed over, not yet run: nothing is written before the loop's check phase.
    expect(committed(other)).toEqual([]);
    expect(await Promise.all(writes)).toEqual([1, 2, 3]);
    // Each promise resolved only when every write of the group was visible to another connection.
    expect(seenAtResolve).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
    ]);
    expect(seenByLast).toEqual([[], ['a', 'b']]);
  });

  it('rolls a failing write back alone: the others of its group are committed', async () => {
    const { db, other } = files();
    const insert = db.prepare<[string]>('INSERT INTO notes (text) VALUES (?)');
    const results = await Promise.allSettled([
      writeInGroup(db, () => insert.run('first').changes),
      writeInGroup(db, () => {
        insert.run('half-written');
        throw new Error('refused');
      }),
      writeInGroup(db, () => insert.run('first').changes),
      writeInGroup(db, () => insert.run('last').changes),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('refused'));
    expect(String((results[2] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(committed(other)).toEqual(['first', 'last']);
  });

  it("runs each request's write hooks around its own write only", async () => {
    const { db } = files();
    const insert = db.prepare<[string]>('INSERT INTO notes (text) VALUES (?)');
    const log: string[] = [];
    const hooked = (name: string, refuse = false) =>
      withWriteHooks(
        {
          begin: () => {
            log.push(`begin ${name}`);
            if (refuse) throw new Error(`precondition of ${name}`);
          },
          end: () => void log.push(`end ${name}`),
        },
        () => writeInGroup(db, () => log.push(`write ${name}`) && insert.run(name).changes),
      );
    const results = await Promise.allSettled([hooked('x'), hooked('y', true), hooked('z')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['begin x', 'write x', 'end x', 'begin y', 'begin z', 'write z', 'end z']);
  });

  it('splits a burst larger than a group into several transactions, in order', async () => {
    const { db, other } = files();
    const insert = db.prepare<[string]>('INSERT INTO notes (text) VALUES (?)');
    const texts = Array.from({ length: MAX_GROUP * 2 + 5 }, (_, i) => `n${i}`);
    await Promise.all(texts.map((text) => writeInGroup(db, () => insert.run(text))));
    expect(committed(other)).toEqual(texts);
  });
});
