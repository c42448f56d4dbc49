/**
 * The desktop bundle as scripts/build-node.mjs makes it: the server process starts from it
 * (migrations found next to the bundle, console served), and the sandboxed preload requires
 * nothing but electron.
 */
import { execFileSync, fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaitReady, fromChildProcess } from '../../main/server-process.js';

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
  it('bundles the four entry points and copies the migrations', () => {
    for (const file of ['main/main.js', 'main/preload.cjs', 'server/child.js', 'server/cli.js'])
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
});
