/**
 * The desktop bundle as scripts/build-node.mjs makes it: the server process starts from it
 * (migrations found next to the bundle, console served), the headless server `npm start` runs
 * starts from it too, and the sandboxed preload requires nothing but electron. The bundle is
 * rebuilt on start only when its sources are newer (scripts/freshness.mjs).
 */
import { execFileSync, fork, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaitReady, fromChildProcess } from '../../main/server-process.js';
import { stale } from '../../scripts/freshness.mjs';

const root = join(import.meta.dirname, '../..');
let out: string;
let data: string;

beforeAll(() => {
  const tmp = join(root, '.tmp');
  mkdirSync(tmp, { recursive: true });
  out = mkdtempSync(join(tmp, 'build-'));
  data = mkdtempSync(join(tmp, 'build-data-'));
  execFileSync(process.execPath, [join(root, 'scripts/build-node.mjs'), out], { stdio: 'pipe' });
}, 120_000);

afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
});

describe('scripts/build-node.mjs', { timeout: 60_000 }, () => {
  it('bundles the entry points and the import worker, and copies the migrations', () => {
    for (const file of [
      'main/main.js',
      'main/preload.cjs',
      'server/child.js',
      'server/cli.js',
      'server/import-worker.js',
    ])
      expect(existsSync(join(out, file)), file).toBe(true);
    expect(readdirSync(join(out, 'server/migrations'))).toEqual(
      readdirSync(join(root, 'server/db/migrations')).filter((f) => f.endsWith('.sql')),
    );
  });

  it('makes a CommonJS preload that requires only electron', () => {
    const preload = readFileSync(join(out, 'main/preload.cjs'), 'utf8');
    expect([...new Set(preload.match(/require\("[^"]+"\)/g))]).toEqual(['require("electron")']);
    expect(preload).not.toMatch(/^\s*(import|export)\s/m);
  });

  it('keeps better-sqlite3 and electron out of the bundles', () => {
    const main = readFileSync(join(out, 'main/main.js'), 'utf8');
    expect(main).toMatch(/from "electron"/);
    const child = readFileSync(join(out, 'server/child.js'), 'utf8');
    expect(child).toMatch(/from "better-sqlite3"|require\("better-sqlite3"\)/);
    expect(child).not.toMatch(/from "electron"/);
  });

  it('gives a server process that migrates a new database and reports ready', async () => {
    const child = fork(join(out, 'server/child.js'), [], {
      env: {
        ...process.env,
        ALMANAC_DATA_DIR: data,
        ALMANAC_PORT: '0',
        ALMANAC_LOG_LEVEL: 'silent',
        ALMANAC_ADMIN_PASSWORD: 'owner-password',
      },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    const server = await awaitReady(fromChildProcess(child), 30_000);
    const me = await fetch(`${server.url}/api/calendar/admin/v1/me`, {
      headers: { authorization: `Bearer ${server.session.token}` },
    });
    expect(me.status).toBe(200);
    expect((await fetch(`${server.url}/console/`)).status).toBe(200);
    expect(await server.stop(15_000)).toBe('exited');
  });

  it('gives a headless server (npm start) that migrates a new database and listens', async () => {
    const cli = spawn(
      process.execPath,
      [join(out, 'server/cli.js'), '--db', join(data, 'cli.db'), '--port', '0'],
      {
        env: { ...process.env, ALMANAC_LOG_LEVEL: 'silent', ALMANAC_ADMIN_PASSWORD: 'owner-pw' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const exited = new Promise<number | null>((resolve) => cli.once('exit', resolve));
    let printed = '';
    const url = await new Promise<string>((resolve, reject) => {
      cli.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        printed += chunk;
        const match = /Almanac listening on (\S+)/.exec(printed);
        if (match) resolve(match[1]!);
      });
      void exited.then((code) => reject(new Error(`exited with ${code}: ${printed}`)));
    });
    try {
      const events = await fetch(`${url}/api/calendar/events/v1/events`);
      expect(events.status).toBe(200);
      // Imports run in the bundled worker thread (server/import-worker.js).
      const imported = await fetch(`${url}/api/calendar/admin/v1/import/ics`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from('admin:owner-pw').toString('base64')}`,
          'content-type': 'text/calendar',
        },
        body: [
          'BEGIN:VCALENDAR',
          'VERSION:2.0',
          'PRODID:-//Almanac tests//EN',
          'BEGIN:VEVENT',
          'UID:bundle@example.org',
          'DTSTART:20260701T100000Z',
          'SUMMARY:From the bundle',
          'END:VEVENT',
          'END:VCALENDAR',
          '',
        ].join('\r\n'),
      });
      expect(await imported.json()).toMatchObject({ created: 1, errors: [] });
    } finally {
      cli.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});

describe('scripts/freshness.mjs', () => {
  it('calls a build stale when missing or older than any source, current otherwise', () => {
    const dir = mkdtempSync(join(root, '.tmp', 'fresh-'));
    try {
      const built = join(dir, 'built.js');
      const source = join(dir, 'src');
      mkdirSync(join(source, 'deep'), { recursive: true });
      writeFileSync(join(source, 'deep', 'a.ts'), '');
      expect(stale(built, [source])).toBe(true);
      writeFileSync(built, '');
      const past = new Date(Date.now() - 60_000);
      utimesSync(join(source, 'deep', 'a.ts'), past, past);
      utimesSync(join(source, 'deep'), past, past);
      utimesSync(source, past, past);
      expect(stale(built, [source, join(dir, 'absent')])).toBe(false);
      writeFileSync(join(source, 'deep', 'a.ts'), 'changed');
      const future = new Date(Date.now() + 60_000);
      utimesSync(join(source, 'deep', 'a.ts'), future, future);
      expect(stale(built, [source])).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
