/**
 * Backups of a calendar on PostgreSQL (issue 26, "Moving"; docs/contract/extensions.md §E4, §E5):
 * the export document plus the media files, made by hand or on schedule, and a scheduled backup
 * made once per due time when several nodes find it due together.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../server/clock.js';
import { createLogger } from '../../../server/logger.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { pngBytes, upload } from '../../server/resources/media/helpers.js';
import { VENUES } from '../../server/resources/linked-posts/helpers.js';

type FixedClock = ReturnType<typeof fixedClock>;

const ADMIN = '/api/calendar/admin/v1';
const quiet = { log: createLogger('error') };
const folders: string[] = [];

afterEach(() => {
  while (folders.length > 0) rmSync(folders.pop()!, { recursive: true, force: true });
});

/** A node with a data folder of its own, on a fresh database or joining `databaseUrl`. */
function node(clock: FixedClock, databaseUrl?: string): Promise<TestServer> {
  return startTestServer({
    engine: 'postgres',
    file: true,
    clock,
    start: quiet,
    ...(databaseUrl ? { databaseUrl } : {}),
  });
}

async function names(server: TestServer): Promise<string[]> {
  const res = await server.call('GET', `${ADMIN}/backups`, { auth: server.admin });
  expect(res.status, res.text).toBe(200);
  return (res.json as { backups: Array<{ name: string }> }).backups.map((b) => b.name);
}

describe('backups on PostgreSQL', () => {
  it('are the export document with the media files, listed and downloaded as JSON', async () => {
    const server = await node(fixedClock('2026-06-15T12:00:00Z'));
    const venue = await server.call('POST', VENUES, {
      auth: server.admin,
      body: { venue: 'Backed-up Hall' },
    });
    expect(venue.status, venue.text).toBe(201);
    const image = await upload(`${server.url}${ADMIN}/media`, server.admin, pngBytes(4, 4));
    expect(image.status).toBe(201);

    const made = await server.call('POST', `${ADMIN}/backups`, { auth: server.admin });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({
      name: 'almanac-20260615T120000Z.json',
      created_utc: '2026-06-15 12:00:00',
    });
    const folder = join(server.services.config.dataDir!, 'backups');
    expect(readdirSync(folder).sort()).toEqual([
      'almanac-20260615T120000Z.json',
      'almanac-20260615T120000Z.media',
    ]);
    expect(readdirSync(join(folder, 'almanac-20260615T120000Z.media'))).toEqual([
      String(image.body.file),
    ]);
    const doc = JSON.parse(readFileSync(join(folder, 'almanac-20260615T120000Z.json'), 'utf8'));
    expect(doc).toMatchObject({ format: 'almanac-export', version: 1 });
    expect(doc.venues.map((v: { id: number; title: string }) => [v.id, v.title])).toEqual([
      [venue.body.id, 'Backed-up Hall'],
    ]);
    expect(doc.media.map((m: { id: number }) => m.id)).toEqual([image.body.id]);
    expect(doc.users.map((u: { login: string }) => u.login)).toEqual(['admin']);

    const download = await server.call(
      'GET',
      `${ADMIN}/backups/almanac-20260615T120000Z.json/download`,
      { auth: server.admin },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^application\/json/);
    expect(download.json).toEqual(doc);

    const second = await server.call('POST', `${ADMIN}/backups`, { auth: server.admin });
    expect(second.body.name).toBe('almanac-20260615T120000Z-2.json');
    expect(await names(server)).toEqual([
      'almanac-20260615T120000Z-2.json',
      'almanac-20260615T120000Z.json',
    ]);
  });

  it('refuse to restore a copy of an SQLite database, which almanac migrate moves', async () => {
    const server = await node(fixedClock('2026-06-15T12:00:00Z'));
    const folder = join(server.services.config.dataDir!, 'backups');
    const made = await server.call('POST', `${ADMIN}/backups`, { auth: server.admin });
    expect(made.status, made.text).toBe(201);
    writeFileSync(join(folder, 'almanac-20260101T000000Z.db'), 'SQLite format 3\0');
    const res = await server.call('POST', `${ADMIN}/backups/almanac-20260101T000000Z.db/restore`, {
      auth: server.admin,
    });
    expect(res.body.code, res.text).toBe('almanac_backup_invalid');
    expect(res.body.message).toMatch(/almanac migrate --from/);
  });
});

describe('restoring a backup on PostgreSQL', () => {
  it('puts the calendar back as it was, on every node, with a new change history', async () => {
    const clock = fixedClock('2026-06-15T12:00:00Z');
    const a = await node(clock);
    const b = await node(clock, a.databaseUrl);
    const hall = await a.call('POST', VENUES, { auth: a.admin, body: { venue: 'Kept Hall' } });
    expect(hall.status, hall.text).toBe(201);
    const image = await upload(`${a.url}${ADMIN}/media`, a.admin, pngBytes(4, 4));
    expect(image.status).toBe(201);
    const made = await a.call('POST', `${ADMIN}/backups`, { auth: a.admin });
    expect(made.status, made.text).toBe(201);
    const name = made.body.name as string;
    const changes = await a.call('GET', '/api/calendar/sync/v1/changes?per_page=200', {
      auth: a.admin,
    });
    const token = changes.body.next_sync_token as string;

    // What happens after the backup: a rename, a new venue, a user, a lost media file.
    const renamed = await b.call('POST', `${VENUES}/${hall.body.id}`, {
      auth: b.admin,
      body: { venue: 'Renamed Hall' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const later = await b.call('POST', VENUES, { auth: b.admin, body: { venue: 'Later Hall' } });
    expect(later.status).toBe(201);
    const user = await b.userWith('editor', 'edith');
    rmSync(join(a.services.config.mediaDir, String(image.body.file)));

    const restored = await a.call('POST', `${ADMIN}/backups/${name}/restore`, { auth: a.admin });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body).toMatchObject({
      restored: { name },
      safety_backup: { name: 'almanac-20260615T120000Z-before-restore.json' },
    });
    for (const server of [a, b]) {
      const back = await server.call('GET', `${VENUES}/${hall.body.id}`);
      expect(back.status).toBe(200);
      expect(back.body.venue).toBe('Kept Hall');
      const gone = await server.call('GET', `${VENUES}/${later.body.id}`);
      expect(gone.status, gone.text).toBe(400);
      expect(gone.body.data).toMatchObject({ params: { id: 'id is not a venue ID.' } });
      // Users stay as they are: the document never holds credentials.
      const me = await server.call('GET', `${ADMIN}/me`, { auth: user.auth });
      expect(me.status).toBe(200);
      const stale = await server.call('GET', '/api/calendar/sync/v1/changes', {
        auth: server.admin,
        query: { sync_token: token },
      });
      expect(stale.status, stale.text).toBe(410);
    }
    expect(readdirSync(a.services.config.mediaDir)).toEqual([String(image.body.file)]);
  });

  it('refuses a damaged document, and undoes a restore whose record does not import', async () => {
    const server = await node(fixedClock('2026-06-15T12:00:00Z'));
    const hall = await server.call('POST', VENUES, { auth: server.admin, body: { venue: 'Hall' } });
    const made = await server.call('POST', `${ADMIN}/backups`, { auth: server.admin });
    const file = join(server.services.config.dataDir!, 'backups', made.body.name as string);
    const text = readFileSync(file, 'utf8');
    await server.call('POST', `${VENUES}/${hall.body.id}`, {
      auth: server.admin,
      body: { venue: 'Changed' },
    });
    const restore = () =>
      server.call('POST', `${ADMIN}/backups/${made.body.name}/restore`, { auth: server.admin });

    // Cut short: refused before anything is touched, no safety backup made.
    writeFileSync(file, text.slice(0, text.length / 2));
    const damaged = await restore();
    expect(damaged.body.code, damaged.text).toBe('almanac_backup_invalid');
    expect(damaged.body.message).toMatch(/^This backup is damaged: /);
    expect(await names(server)).toEqual([made.body.name]);

    // A record the import refuses: the unit that emptied the calendar is rolled back.
    const doc = JSON.parse(text);
    doc.venues[0].id = 'not a number';
    writeFileSync(file, JSON.stringify(doc));
    const refused = await restore();
    expect(refused.body.code, refused.text).toBe('almanac_backup_invalid');
    expect(refused.body.message).toMatch(/could not be restored .*the data is as it was\.$/);
    expect((await server.call('GET', `${VENUES}/${hall.body.id}`)).body.venue).toBe('Changed');
  });
});

describe('scheduled backups across PostgreSQL nodes', () => {
  it('are made once per due time when two nodes find one due at once', async () => {
    const clock = fixedClock('2026-06-15T12:00:00Z');
    const a = await node(clock);
    const b = await node(clock, a.databaseUrl);
    // One folder for both nodes (a shared disk), so that a second backup would show there.
    const shared = mkdtempSync(join(tmpdir(), 'almanac-pg-backups-'));
    folders.push(shared);
    const set = await a.call('PUT', `${ADMIN}/settings`, {
      auth: a.admin,
      body: { backup_dir: shared, backup_keep: 5 },
    });
    expect(set.status, set.text).toBe(200);

    await Promise.all([a.services.backupSchedule.tick(), b.services.backupSchedule.tick()]);
    expect(readdirSync(shared).filter((name) => name.endsWith('.json'))).toEqual([
      'almanac-20260615T120000Z-scheduled.json',
    ]);
    // Both nodes read the one run, and neither makes another within the day.
    for (const server of [a, b]) {
      const status = await server.call('GET', `${ADMIN}/backup-schedule`, { auth: server.admin });
      expect(status.json).toMatchObject({
        next_utc: '2026-06-16 12:00:00',
        last: { ok: true, name: 'almanac-20260615T120000Z-scheduled.json' },
      });
    }
    clock.set('2026-06-16T11:59:00Z');
    await Promise.all([a.services.backupSchedule.tick(), b.services.backupSchedule.tick()]);
    expect(readdirSync(shared).filter((name) => name.endsWith('.json'))).toHaveLength(1);

    // The next due time, found by both nodes again: one more backup, by either.
    clock.set('2026-06-16T12:00:00Z');
    await Promise.all([b.services.backupSchedule.tick(), a.services.backupSchedule.tick()]);
    expect(
      readdirSync(shared)
        .filter((name) => name.endsWith('.json'))
        .sort(),
    ).toEqual([
      'almanac-20260615T120000Z-scheduled.json',
      'almanac-20260616T120000Z-scheduled.json',
    ]);
  });
});
