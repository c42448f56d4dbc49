/**
 * Scheduled backups (docs/contract/extensions.md §E4): the settings, when backups are made,
 * what they hold (database and media files), retention, failures, and one claim per due backup.
 * The clock is injected; each test runs the scheduler's check itself instead of waiting a minute.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../server/clock.js';
import { createBackupScheduler } from '../../../../server/resources/backup/schedule.js';
import { createEvent, NS } from '../../../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { pngBytes, upload } from '../media/helpers.js';

const ADMIN = '/api/calendar/admin/v1';

async function scheduledServer(settings: Record<string, unknown> = {}) {
  const clock = fixedClock('2026-06-15T12:00:00Z');
  const server = await startTestServer({ file: true, clock });
  if (Object.keys(settings).length > 0) {
    const res = await server.call('PUT', `${ADMIN}/settings`, {
      auth: server.admin,
      body: settings,
    });
    expect(res.status, res.text).toBe(200);
  }
  return { server, clock };
}

async function status(server: TestServer) {
  const res = await server.call('GET', `${ADMIN}/backup-schedule`, { auth: server.admin });
  expect(res.status, res.text).toBe(200);
  return res.json as {
    schedule: string;
    keep: number;
    folder: string;
    next_utc: string | null;
    last: { ok: boolean | null; name: string | null; error: string | null } | null;
  };
}

const names = async (server: TestServer) =>
  (
    (await server.call('GET', `${ADMIN}/backups`, { auth: server.admin })).json as {
      backups: Array<{ name: string }>;
    }
  ).backups.map((b) => b.name);

describe('scheduled backups', () => {
  it('are daily by default, kept 14 deep, in the data folder, and due at once', async () => {
    const { server } = await scheduledServer();
    const before = await status(server);
    expect(before).toMatchObject({
      schedule: 'daily',
      keep: 14,
      folder: join(server.services.config.dataDir!, 'backups'),
      next_utc: '2026-06-15 12:00:00',
      last: null,
    });
    const settings = await server.call('GET', `${ADMIN}/settings`, { auth: server.admin });
    expect(settings.json).toMatchObject({
      backup_schedule: 'daily',
      backup_keep: 14,
      backup_dir: '',
    });
  });

  it('are made when due, checked, not again within the day, and kept as deep as asked', async () => {
    const { server, clock } = await scheduledServer({ backup_keep: 2 });
    await createEvent(server, { title: 'Kept in every backup' });
    await server.call('POST', `${ADMIN}/backups`, { auth: server.admin });
    await server.services.backupSchedule.tick();
    const first = await status(server);
    expect(first.last).toMatchObject({ ok: true, name: 'almanac-20260615T120000Z-scheduled.db' });
    expect(first.next_utc).toBe('2026-06-16 12:00:00');

    clock.set('2026-06-16T11:59:00Z');
    await server.services.backupSchedule.tick();
    expect((await status(server)).last?.name).toBe('almanac-20260615T120000Z-scheduled.db');

    for (const day of ['2026-06-16', '2026-06-17', '2026-06-18']) {
      clock.set(`${day}T12:00:00Z`);
      await server.services.backupSchedule.tick();
    }
    // The two newest scheduled backups stay; the one made by hand is not the schedule's to remove.
    expect(await names(server)).toEqual([
      'almanac-20260618T120000Z-scheduled.db',
      'almanac-20260617T120000Z-scheduled.db',
      'almanac-20260615T120000Z.db',
    ]);
  });

  it('hold the media files, which a restore brings back with the data', async () => {
    const { server } = await scheduledServer();
    const image = await upload(`${server.url}${ADMIN}/media`, server.admin, pngBytes(4, 4));
    expect(image.status).toBe(201);
    const file = String(image.body.file);
    const event = await createEvent(server, { title: 'With a picture', image: image.body.id });
    await server.services.backupSchedule.tick();
    const made = (await status(server)).last!.name!;
    const folder = join(server.services.config.dataDir!, 'backups');
    expect(readdirSync(join(folder, made.replace(/\.db$/, '.media')))).toEqual([file]);

    // The event and its image file are lost…
    await server.call('DELETE', `${NS}/events/${event.id}`, { auth: server.admin });
    rmSync(join(server.services.config.mediaDir, file));
    // …and come back with the backup.
    const restored = await server.call('POST', `${ADMIN}/backups/${made}/restore`, {
      auth: server.admin,
    });
    expect(restored.status, restored.text).toBe(200);
    expect(existsSync(join(server.services.config.mediaDir, file))).toBe(true);
    const back = await server.call('GET', `${NS}/events/${event.id}`, { auth: server.admin });
    expect(back.json).toMatchObject({ title: 'With a picture', status: 'publish' });
  });

  it('go to the chosen folder, weekly, or not at all', async () => {
    const chosen = mkdtempSync(join(tmpdir(), 'almanac-backups-'));
    try {
      const { server, clock } = await scheduledServer({
        backup_dir: chosen,
        backup_schedule: 'weekly',
      });
      await server.services.backupSchedule.tick();
      expect(readdirSync(chosen)).toEqual(['almanac-20260615T120000Z-scheduled.db']);
      expect(await names(server)).toEqual(['almanac-20260615T120000Z-scheduled.db']);
      expect((await status(server)).next_utc).toBe('2026-06-22 12:00:00');

      await server.call('PUT', `${ADMIN}/settings`, {
        auth: server.admin,
        body: { backup_schedule: 'off' },
      });
      clock.set('2026-07-15T12:00:00Z');
      await server.services.backupSchedule.tick();
      expect(readdirSync(chosen)).toHaveLength(1);
      expect((await status(server)).next_utc).toBeNull();
    } finally {
      rmSync(chosen, { recursive: true, force: true });
    }
  });

  it('report a failure and try again an hour later', async () => {
    const blocked = join(mkdtempSync(join(tmpdir(), 'almanac-blocked-')), 'a-file');
    writeFileSync(blocked, 'not a folder');
    const { server, clock } = await scheduledServer({ backup_dir: join(blocked, 'backups') });
    await server.services.backupSchedule.tick();
    const failed = await status(server);
    expect(failed.last).toMatchObject({ ok: false, name: null });
    expect(failed.last!.error).toMatch(/ENOTDIR|not a directory/i);
    expect(failed.next_utc).toBe('2026-06-15 13:00:00');

    await server.call('PUT', `${ADMIN}/settings`, { auth: server.admin, body: { backup_dir: '' } });
    clock.set('2026-06-15T13:00:00Z');
    await server.services.backupSchedule.tick();
    expect((await status(server)).last).toMatchObject({ ok: true, error: null });
  });

  it('are made once when several server processes find one due', async () => {
    const { server } = await scheduledServer();
    // A second scheduler on the same database, as a second worker process has.
    const other = createBackupScheduler(
      server.services.storage,
      server.services,
      server.services.backups,
    );
    await Promise.all([server.services.backupSchedule.tick(), other.tick()]);
    expect(await names(server)).toEqual(['almanac-20260615T120000Z-scheduled.db']);
  });
});

describe('the schedule settings and status', () => {
  it('refuse a relative folder, an unknown schedule and a keep out of range', async () => {
    const { server } = await scheduledServer();
    const res = await server.call('PUT', `${ADMIN}/settings`, {
      auth: server.admin,
      body: { backup_dir: 'backups', backup_schedule: 'hourly', backup_keep: 0 },
    });
    expect(res.status).toBe(400);
    expect(Object.keys((res.json as { data: { params: object } }).data.params).sort()).toEqual([
      'backup_dir',
      'backup_keep',
      'backup_schedule',
    ]);
  });

  it('are for administrators only', async () => {
    const { server } = await scheduledServer();
    const editor = await server.userWith('editor');
    expect((await server.call('GET', `${ADMIN}/backup-schedule`)).status).toBe(401);
    const res = await server.call('GET', `${ADMIN}/backup-schedule`, { auth: editor.auth });
    expect(res.status).toBe(403);
  });
});
