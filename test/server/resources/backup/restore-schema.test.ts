/**
 * A restore cannot brick the server: a backup is migrated and its whole schema checked in a copy
 * before it replaces the live data, and a restore whose data fails after the swap is undone.
 */
import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../../helpers/server.js';
import { loadMigrations, migrate } from '../../../../server/db/migrate.js';
import { createBackupService } from '../../../../server/resources/backup/service.js';
import { Refused } from '../../../../server/errors.js';

const BACKUPS = '/api/calendar/admin/v1/backups';
const USERS = '/api/calendar/admin/v1/users';
const backupDir = (server: TestServer) => join(server.services.config.dataDir!, 'backups');

/** The server still answers: users are listed and a session can be opened. */
async function expectServing(server: TestServer, logins: string[]) {
  const users = await server.call('GET', USERS, { auth: server.admin });
  expect(users.status, users.text).toBe(200);
  expect((users.body.users as { login: string }[]).map((u) => u.login)).toEqual(logins);
  const events = await server.call('GET', '/api/calendar/events/v1/events');
  expect(events.status, events.text).toBe(200);
  const session = await server.call('POST', '/api/calendar/admin/v1/sessions', {
    body: { login: ADMIN.login, password: ADMIN.password },
  });
  expect(session.status, session.text).toBeLessThan(300);
}

/** A backup named `name` made from a fully migrated database, then changed by `spoil`. */
function spoiled(server: TestServer, name: string, spoil: (db: Database.Database) => void) {
  const db = new Database(join(backupDir(server), name));
  migrate(db);
  spoil(db);
  db.close();
}

describe('restoring checks the whole schema first', () => {
  it('refuses a small file with a fake old user_version, and keeps serving', async () => {
    const server = await startTestServer({ file: true });
    await server.call('POST', BACKUPS, { auth: server.admin });
    await server.userWith('editor', 'kept');
    const latest = loadMigrations().length;
    for (const version of [latest, latest - 1]) {
      const name = `fake-${version}.db`;
      const fake = new Database(join(backupDir(server), name));
      fake.exec(`CREATE TABLE posts (id INTEGER PRIMARY KEY, kind TEXT);
        CREATE TABLE users (id INTEGER PRIMARY KEY, login TEXT);
        CREATE TABLE events (id INTEGER PRIMARY KEY);
        CREATE TABLE venues (id INTEGER PRIMARY KEY);
        CREATE TABLE organizers (id INTEGER PRIMARY KEY);
        CREATE TABLE terms (id INTEGER PRIMARY KEY);
        CREATE TABLE event_organizers (event_id INTEGER, organizer_id INTEGER);
        CREATE TABLE event_terms (event_id INTEGER, term_id INTEGER);`);
      fake.pragma(`user_version = ${version}`);
      fake.close();
      const res = await server.call('POST', `${BACKUPS}/${name}/restore`, { auth: server.admin });
      expect(res.status, `${name}: ${res.text}`).toBe(400);
      expect(res.body.code).toBe('almanac_backup_invalid');
      expect(res.body.message as string).toMatch(
        /not hold a usable Almanac database|could not be brought up to date/,
      );
      await expectServing(server, ['admin', 'kept']);
    }
    expect(readdirSync(backupDir(server)).filter((n) => n.includes('before-restore'))).toEqual([]);
  });

  it('refuses a missing index, trigger or seeded row, a changed column and an extra table', async () => {
    const server = await startTestServer({ file: true });
    await server.call('POST', BACKUPS, { auth: server.admin });
    const spoils: Array<[string, (db: Database.Database) => void, RegExp]> = [
      ['no-index.db', (db) => db.exec('DROP INDEX events_listing'), /index events_listing/],
      [
        'no-trigger.db',
        (db) => {
          const trigger = db
            .prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger' LIMIT 1")
            .get() as { name: string };
          db.exec(`DROP TRIGGER "${trigger.name}"`);
        },
        /trigger .* is missing/,
      ],
      ['no-state.db', (db) => db.exec('DELETE FROM sync_state'), /sync_state lacks the rows/],
      ['extra.db', (db) => db.exec('CREATE TABLE notes (x)'), /table notes is not part/],
      [
        'column.db',
        (db) => db.exec('ALTER TABLE users ADD COLUMN nickname TEXT'),
        /table users differs/,
      ],
    ];
    for (const [name, spoil, message] of spoils) {
      spoiled(server, name, spoil);
      const res = await server.call('POST', `${BACKUPS}/${name}/restore`, { auth: server.admin });
      expect(res.status, `${name}: ${res.text}`).toBe(400);
      expect(res.body.message as string, name).toMatch(message);
    }
    await expectServing(server, ['admin']);
    // A backup of the current schema passes, whatever its version history.
    spoiled(server, 'fine.db', () => undefined);
    const fine = await server.call('POST', `${BACKUPS}/fine.db/restore`, { auth: server.admin });
    expect(fine.status, fine.text).toBe(200);
  });

  it('puts the data back when the restored data fails after the swap', async () => {
    const server = await startTestServer({ file: true });
    const made = await server.call('POST', BACKUPS, { auth: server.admin });
    await server.userWith('editor', 'after-backup');
    let calls = 0;
    const backups = createBackupService(server.services, {
      database: server.db,
      afterRestore: () => {
        // The first call follows the swap: it fails as a broken restored database would.
        if (++calls === 1) throw new Error('the restored data cannot be served');
      },
    });
    const failed = backups.restore(made.body.name as string);
    await expect(failed).rejects.toBeInstanceOf(Refused);
    await expect(failed).rejects.toThrow(/data as it was before the restore is back/);
    expect(calls).toBe(2);
    await expectServing(server, ['admin', 'after-backup']);
    expect(readdirSync(backupDir(server)).some((n) => n.includes('before-restore'))).toBe(true);
  });

  it('leaves nothing beside a backup in WAL mode that it checked', async () => {
    const server = await startTestServer({ file: true });
    await server.call('POST', BACKUPS, { auth: server.admin });
    spoiled(server, 'wal.db', (db) => db.pragma('journal_mode = WAL'));
    spoiled(server, 'wal-bad.db', (db) => {
      db.pragma('journal_mode = WAL');
      db.exec('CREATE TABLE notes (x)');
    });
    const bad = await server.call('POST', `${BACKUPS}/wal-bad.db/restore`, { auth: server.admin });
    expect(bad.status).toBe(400);
    const res = await server.call('POST', `${BACKUPS}/wal.db/restore`, { auth: server.admin });
    expect(res.status, res.text).toBe(200);
    const left = readdirSync(backupDir(server));
    expect(left.filter((n) => /-(shm|wal|journal)$|^\./.test(n))).toEqual([]);
  });
});
