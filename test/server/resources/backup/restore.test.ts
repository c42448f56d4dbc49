import Database from 'better-sqlite3';
import { copyFileSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { loadMigrations, migrate } from '../../../../server/db/migrate.js';

const BACKUPS = '/api/calendar/admin/v1/backups';
const backupDir = (server: TestServer) => join(server.services.config.dataDir!, 'backups');

const count = (db: Database.Database, table: string) =>
  (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

/** An organizer written as rows straight into the database, around the services. */
function insertOrganizer(
  db: Database.Database,
  title: string,
  slug: string,
  status: string,
  description = '',
) {
  db.transaction(() => {
    const id = db.prepare("INSERT INTO posts (kind) VALUES ('organizer')").run().lastInsertRowid;
    db.prepare(
      `INSERT INTO organizers (id, status, slug, title, description, date_utc, modified_utc)
       VALUES (?, ?, ?, ?, ?, '2026-06-01 10:00:00', '2026-06-01 10:00:00')`,
    ).run(id, status, slug, title, description);
  })();
}

/** Enough data for a backup to take many steps of the backup API. */
function fill(server: TestServer, rows: number) {
  const padding = 'x'.repeat(1500);
  server.db.transaction(() => {
    for (let i = 0; i < rows; i++)
      insertOrganizer(server.db, `Seed ${i}`, `seed-${i}`, 'publish', padding);
  })();
}

/**
 * Writes through the API (users) and straight into the database (organizers) until stopped;
 * every write must succeed.
 */
function writeLoop(server: TestServer, prefix: string) {
  let running = true;
  let n = 0;
  const failures: string[] = [];
  const direct = (async () => {
    while (running) {
      insertOrganizer(server.db, `Loop ${n}`, `loop-${n++}`, 'draft');
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const http = (async () => {
    let i = 0;
    while (running) {
      const res = await server.call('POST', '/api/calendar/admin/v1/users', {
        auth: server.admin,
        body: { login: `${prefix}${i++}`, password: 'writer-password', role: 'author' },
      });
      if (res.status !== 201) failures.push(`${res.status} ${res.text}`);
    }
  })();
  return {
    failures,
    writes: () => n,
    /** Resolves once the direct writes have gone on `count` more times than now. */
    async more(count: number) {
      const target = n + count;
      while (n < target) await new Promise((resolve) => setImmediate(resolve));
    },
    async stop() {
      running = false;
      await Promise.all([direct, http]);
    },
  };
}

describe('POST /backups/{name}/restore', () => {
  it('backs up consistently under a write load and restores into the running server', async () => {
    const server = await startTestServer({ file: true });
    fill(server, 5000);
    const loop = writeLoop(server, 'first');
    // Writes are under way before the backup starts (the API's first one is in flight from the
    // start) and go on after it ends: a user and organizers written after its answer.
    await loop.more(3);
    const made = await server.call('POST', BACKUPS, { auth: server.admin });
    await server.userWith('editor', 'after-backup');
    await loop.more(2);
    await loop.stop();
    expect(made.status).toBe(201);
    expect(loop.failures).toEqual([]);

    const file = join(backupDir(server), made.body.name as string);
    const copy = new Database(file, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(copy.pragma('foreign_key_check')).toEqual([]);
    const backedUp = {
      users: count(copy, 'users'),
      organizers: count(copy, 'organizers'),
      posts: count(copy, 'posts'),
    };
    copy.close();
    // The copy is one instant: every post has its organizer row, and it is older than now.
    expect(backedUp.posts).toBe(backedUp.organizers);
    expect(backedUp.organizers).toBeGreaterThanOrEqual(5000);
    const db = server.db;
    expect(count(db, 'organizers')).toBeGreaterThan(backedUp.organizers);
    expect(count(db, 'users')).toBeGreaterThan(backedUp.users);
    const before = { users: count(db, 'users'), organizers: count(db, 'organizers') };

    // Restore while writes continue: none of them may fail.
    const during = writeLoop(server, 'second');
    const res = await server.call('POST', `${BACKUPS}/${made.body.name as string}/restore`, {
      auth: server.admin,
    });
    await during.stop();
    expect(during.failures).toEqual([]);
    expect(during.writes()).toBeGreaterThan(0);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      restored: made.json,
      safety_backup: {
        name: 'almanac-20260615T120000Z-before-restore.db',
        size: expect.any(Number),
        created_utc: '2026-06-15 12:00:00',
      },
    });

    // The restored rows are all there, plus whatever the loop wrote after the restore committed.
    const restoredSeeds = db
      .prepare("SELECT count(*) AS n FROM organizers WHERE title LIKE 'Seed %'")
      .get() as { n: number };
    expect(restoredSeeds.n).toBe(5000);
    expect(count(db, 'organizers')).toBeLessThan(before.organizers + 1000);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');

    const safety = join(backupDir(server), 'almanac-20260615T120000Z-before-restore.db');
    const saved = new Database(safety, { readonly: true });
    expect(count(saved, 'organizers')).toBeGreaterThanOrEqual(before.organizers);
    saved.close();

    // The server keeps working on the restored data through the API.
    const me = await server.call('GET', '/api/calendar/admin/v1/me', { auth: server.admin });
    expect(me.status).toBe(200);
  });

  it('restores exactly what the backup holds when nothing else writes', async () => {
    const server = await startTestServer({ file: true });
    await server.userWith('editor', 'before');
    const made = await server.call('POST', BACKUPS, { auth: server.admin });
    await server.userWith('editor', 'after');
    const res = await server.call('POST', `${BACKUPS}/${made.body.name as string}/restore`, {
      auth: server.admin,
    });
    expect(res.status).toBe(200);
    const logins = await server.call('GET', '/api/calendar/admin/v1/users', {
      auth: server.admin,
    });
    expect((logins.body.users as { login: string }[]).map((u) => u.login)).toEqual([
      'admin',
      'before',
    ]);
    expect(readdirSync(backupDir(server)).sort()).toEqual([
      'almanac-20260615T120000Z-before-restore.db',
      'almanac-20260615T120000Z.db',
    ]);
  });

  it('brings an older backup up to the current schema', async () => {
    const server = await startTestServer({ file: true });
    await server.call('POST', BACKUPS, { auth: server.admin });
    const migrations = loadMigrations();
    const old = new Database(join(backupDir(server), 'old.db'));
    migrate(old, migrations.slice(0, -1));
    old
      .prepare(
        `INSERT INTO users (login, role, password_hash, created_utc, modified_utc)
         VALUES ('veteran', 'administrator', 'x', '2025-01-01 00:00:00', '2025-01-01 00:00:00')`,
      )
      .run();
    old.close();

    const res = await server.call('POST', `${BACKUPS}/old.db/restore`, { auth: server.admin });
    expect(res.status).toBe(200);
    const db = server.db;
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(db.prepare('SELECT login FROM users').all()).toEqual([{ login: 'veteran' }]);
    // The backup file itself is left as it was.
    const kept = new Database(join(backupDir(server), 'old.db'), { readonly: true });
    expect(kept.pragma('user_version', { simple: true })).toBe(migrations.length - 1);
    kept.close();
  });

  it('refuses a backup that cannot be brought up to date', async () => {
    const server = await startTestServer({ file: true });
    const made = await server.call('POST', BACKUPS, { auth: server.admin });
    const file = join(backupDir(server), made.body.name as string);
    const broken = new Database(file);
    // Claims to predate migration 0002, whose tables it already has.
    broken.pragma('user_version = 1');
    broken.close();
    const res = await server.call('POST', `${BACKUPS}/${made.body.name as string}/restore`, {
      auth: server.admin,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('almanac_backup_invalid');
    expect(res.body.message as string).toMatch(/could not be brought up to date/);
    expect(count(server.db, 'users')).toBe(1);
    expect(readdirSync(backupDir(server))).toEqual([made.body.name]);
  });

  it('refuses damaged, foreign and newer files, leaving the data alone', async () => {
    const server = await startTestServer({ file: true });
    const made = await server.call('POST', BACKUPS, { auth: server.admin });
    const dir = backupDir(server);
    const good = join(dir, made.body.name as string);

    writeFileSync(join(dir, 'garbage.db'), 'this is not a database'.repeat(100));
    const foreign = new Database(join(dir, 'foreign.db'));
    foreign.exec('CREATE TABLE notes (x)');
    foreign.close();
    copyFileSync(good, join(dir, 'newer.db'));
    const newer = new Database(join(dir, 'newer.db'));
    newer.pragma('user_version = 999');
    newer.close();
    copyFileSync(good, join(dir, 'damaged.db'));
    const damaged = new Database(join(dir, 'damaged.db'));
    const root = (
      damaged.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'users'").get() as {
        rootpage: number;
      }
    ).rootpage;
    const pageSize = damaged.pragma('page_size', { simple: true }) as number;
    damaged.close();
    const bytes = readFileSync(join(dir, 'damaged.db'));
    bytes.fill(0xff, (root - 1) * pageSize + 8, root * pageSize);
    writeFileSync(join(dir, 'damaged.db'), bytes);

    await server.userWith('editor', 'kept');
    const expectations: [string, RegExp][] = [
      ['garbage.db', /cannot be read|not an Almanac/],
      ['foreign.db', /not an Almanac database/],
      ['newer.db', /newer version of Almanac \(schema 999/],
      ['damaged.db', /damaged|cannot be read/],
    ];
    for (const [name, message] of expectations) {
      const res = await server.call('POST', `${BACKUPS}/${name}/restore`, { auth: server.admin });
      expect(res.status, name).toBe(400);
      expect(res.body.code, name).toBe('almanac_backup_invalid');
      expect(res.body.message as string, name).toMatch(message);
    }
    expect(count(server.db, 'users')).toBe(2);
    expect(readdirSync(dir).filter((n) => n.includes('before-restore'))).toEqual([]);

    const missing = await server.call('POST', `${BACKUPS}/missing.db/restore`, {
      auth: server.admin,
    });
    expect(missing.status).toBe(404);
    const editor = await server.userWith('editor');
    const refused = await server.call('POST', `${BACKUPS}/${made.body.name as string}/restore`, {
      auth: editor.auth,
    });
    expect(refused.status).toBe(403);
    expect(
      (await server.call('POST', `${BACKUPS}/bad..db/restore`, { auth: server.admin })).status,
    ).toBe(400);
  });
});
