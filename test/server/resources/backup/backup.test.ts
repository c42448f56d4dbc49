import Database from 'better-sqlite3';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';

const BACKUPS = '/api/calendar/admin/v1/backups';

const fileServer = () => startTestServer({ file: true });
const backupDir = (server: TestServer) => join(server.services.config.dataDir!, 'backups');

describe('POST /backups', () => {
  it('writes a self-contained copy named after the time and answers 201', async () => {
    const server = await fileServer();
    await server.userWith('editor', 'kept');
    const res = await server.call('POST', BACKUPS, { auth: server.admin });
    expect(res.status).toBe(201);
    const file = join(backupDir(server), 'almanac-20260615T120000Z.db');
    expect(res.json).toEqual({
      name: 'almanac-20260615T120000Z.db',
      size: readFileSync(file).length,
      created_utc: '2026-06-15 12:00:00',
    });
    const copy = new Database(file, { readonly: true });
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(copy.prepare('SELECT login FROM users ORDER BY id').all()).toEqual([
      { login: 'admin' },
      { login: 'kept' },
    ]);
    copy.close();
    expect(readdirSync(backupDir(server)).sort()).toEqual(['almanac-20260615T120000Z.db']);

    const second = await server.call('POST', BACKUPS, { auth: server.admin });
    expect(second.body.name).toBe('almanac-20260615T120000Z-2.db');
  });

  it('is for administrators only', async () => {
    const server = await fileServer();
    const editor = await server.userWith('editor');
    expect((await server.call('POST', BACKUPS)).status).toBe(401);
    const res = await server.call('POST', BACKUPS, { auth: editor.auth });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('rest_forbidden');
    expect(existsSync(backupDir(server))).toBe(false);
  });

  it('answers 409 on a server without a database file', async () => {
    const server = await startTestServer();
    const res = await server.call('POST', BACKUPS, { auth: server.admin });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      code: 'almanac_backups_unavailable',
      message: 'Backups need a database file; this server runs on an in-memory database.',
      data: { status: 409 },
    });
    expect((await server.call('GET', BACKUPS, { auth: server.admin })).json).toEqual({
      backups: [],
      total: 0,
    });
  });
});

describe('GET /backups', () => {
  it('lists backups newest first and ignores other files', async () => {
    const server = await fileServer();
    const clock = server.services.clock as { set?: (at: string) => void };
    await server.call('POST', BACKUPS, { auth: server.admin });
    await server.call('POST', BACKUPS, { auth: server.admin });
    clock.set!('2026-06-16T08:30:00Z');
    await server.call('POST', BACKUPS, { auth: server.admin });
    writeFileSync(join(backupDir(server), 'notes.txt'), 'x');
    writeFileSync(join(backupDir(server), '.hidden.db'), 'x');

    const res = await server.call('GET', BACKUPS, { auth: server.admin });
    expect(res.status).toBe(200);
    const backups = res.body.backups as { name: string; created_utc: string; size: number }[];
    expect(backups.map((b) => [b.name, b.created_utc])).toEqual([
      ['almanac-20260616T083000Z.db', '2026-06-16 08:30:00'],
      ['almanac-20260615T120000Z-2.db', '2026-06-15 12:00:00'],
      ['almanac-20260615T120000Z.db', '2026-06-15 12:00:00'],
    ]);
    expect(res.body.total).toBe(3);
    expect(backups[0]!.size).toBeGreaterThan(0);
    const subscriber = await server.userWith('subscriber');
    expect((await server.call('GET', BACKUPS, { auth: subscriber.auth })).status).toBe(403);
  });
});

describe('GET /backups/{name}/download', () => {
  it('sends the file as binary', async () => {
    const server = await fileServer();
    const made = await server.call('POST', BACKUPS, { auth: server.admin });
    const name = made.body.name as string;
    const res = await fetch(`${server.url}${BACKUPS}/${name}/download`, {
      headers: { authorization: server.admin },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.sqlite3');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(readFileSync(join(backupDir(server), name)))).toBe(true);
    expect(body.subarray(0, 15).toString()).toBe('SQLite format 3');
  });

  it('refuses unknown and malformed names, and non-administrators', async () => {
    const server = await fileServer();
    await server.call('POST', BACKUPS, { auth: server.admin });
    const author = await server.userWith('author');
    const missing = await server.call('GET', `${BACKUPS}/nope.db/download`, { auth: server.admin });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({
      code: 'almanac_backup_not_found',
      message: 'There is no backup with that name.',
      data: { status: 404 },
    });
    for (const name of ['..', '.hidden.db', 'a..db', 'notes.txt', '%2E%2E', '..%2F..%2Fetc']) {
      const res = await server.call('GET', `${BACKUPS}/${name}/download`, { auth: server.admin });
      expect([400, 404]).toContain(res.status);
      if (res.status === 400) expect(res.body.code).toBe('rest_invalid_param');
      else expect(res.body.code).toBe('rest_no_route');
    }
    const dotdot = await server.call('GET', `${BACKUPS}/../download`, { auth: server.admin });
    expect(dotdot.status).toBe(404);
    const bad = await server.call('GET', `${BACKUPS}/a..db/download`, { auth: server.admin });
    expect(bad.status).toBe(400);
    expect((bad.body.data as { params: object }).params).toHaveProperty('name');
    const forbidden = await server.call('GET', `${BACKUPS}/almanac-20260615T120000Z.db/download`, {
      auth: author.auth,
    });
    expect(forbidden.status).toBe(403);
  });
});

describe('DELETE /backups/{name}', () => {
  it('deletes the file and answers with what it was', async () => {
    const server = await fileServer();
    const made = await server.call('POST', BACKUPS, { auth: server.admin });
    const res = await server.call('DELETE', `${BACKUPS}/${made.body.name as string}`, {
      auth: server.admin,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ deleted: true, previous: made.json });
    expect(readdirSync(backupDir(server))).toEqual([]);
    const again = await server.call('DELETE', `${BACKUPS}/${made.body.name as string}`, {
      auth: server.admin,
    });
    expect(again.status).toBe(404);
    const editor = await server.userWith('editor');
    expect((await server.call('DELETE', `${BACKUPS}/x.db`, { auth: editor.auth })).status).toBe(
      403,
    );
    expect((await server.call('DELETE', `${BACKUPS}/x.txt`, { auth: server.admin })).status).toBe(
      400,
    );
  });
});
