import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { testConfig } from '../../server/config.js';
import { PortInUseError, start } from '../../server/start.js';

const tsxCli = ['--import', 'tsx', 'server/cli.ts'];

function runCli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [...tsxCli, ...args], {
    env: { ...process.env, ALMANAC_LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const until = async (pattern: RegExp) => {
    for (let i = 0; i < 200 && !pattern.test(out); i++) await new Promise((r) => setTimeout(r, 50));
    return out;
  };
  return { child, exited, until, output: () => ({ out, err }) };
}

describe('start()', () => {
  it('listens on an ephemeral port and closes cleanly', async () => {
    const running = await start(testConfig({ adminPassword: 'password-1' }));
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${running.url}/api/`)).status).toBe(200);
    await running.close();
    await expect(fetch(`${running.url}/api/`)).rejects.toThrow();
  });

  it('reports a taken port clearly', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    await expect(start(testConfig({ port, adminPassword: 'password-1' }))).rejects.toThrow(
      PortInUseError,
    );
    await expect(start(testConfig({ port, adminPassword: 'password-1' }))).rejects.toThrow(
      `Port ${port} on 127.0.0.1 is already in use`,
    );
    blocker.close();
  });

  it('finishes in-flight requests before closing', async () => {
    const running = await start(testConfig({ adminPassword: 'password-1' }));
    const auth = `Basic ${Buffer.from('admin:password-1').toString('base64')}`;
    // Creating a user hashes a password, so the request is still in flight when close() starts.
    const received = new Promise((resolve) => running.server.once('request', resolve));
    const inFlight = fetch(`${running.url}/api/calendar/admin/v1/users`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'late', password: 'late-password', role: 'editor' }),
    });
    await received;
    const closing = running.close();
    expect((await inFlight).status).toBe(201);
    await closing;
  });

  it('generates the first administrator’s password when none is configured', async () => {
    const running = await start(testConfig());
    expect(running.firstAdmin?.login).toBe('admin');
    expect(running.firstAdmin?.generatedPassword).toMatch(/^[\w]{4}(-[\w]{4}){4}$/);
    await running.close();
  });
});

describe('npm start (server/cli.ts)', () => {
  it('creates the database, prints the credentials once and the URL, and stops on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'almanac-cli-'));
    try {
      const first = runCli([], { ALMANAC_PORT: '0', ALMANAC_DATA_DIR: dir });
      const out = await first.until(/Almanac listening on/);
      expect(out).toMatch(/Administrator password \(shown once, keep it safe\): \S+/);
      expect(out).toContain(join(dir, 'almanac.db'));
      const url = /Almanac listening on (http:\/\/\S+)/.exec(out)![1]!;
      expect((await fetch(`${url}/api/`)).status).toBe(200);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      const second = runCli(['--port', '0'], { ALMANAC_DATA_DIR: dir });
      const again = await second.until(/Almanac listening on/);
      expect(again).not.toMatch(/Administrator password/);
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('exits with a clear message on bad configuration', async () => {
    const run = runCli(['--port', 'abc'], {});
    expect(await run.exited).toBe(2);
    expect(run.output().err).toMatch(
      /Invalid configuration:\n {2}- --port \/ ALMANAC_PORT must be a number/,
    );
  }, 30_000);
});
