/**
 * The desktop app's server process, forked for real (through tsx) against a temporary data
 * directory: the readiness handshake, sessions, failures, and a clean shutdown.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ENTRY = join(import.meta.dirname, '../../server/child.ts');

interface Forked {
  child: ChildProcess;
  dir: string;
  messages: unknown[];
  next(type: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  exit: Promise<number | null>;
}

const cleanup: (() => void)[] = [];
afterEach(() => {
  while (cleanup.length > 0) cleanup.pop()!();
});

function startChild(env: Record<string, string> = {}): Forked {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-child-'));
  const child = fork(ENTRY, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      ALMANAC_DATA_DIR: dir,
      ALMANAC_PORT: '0',
      ALMANAC_LOG_LEVEL: 'silent',
      ALMANAC_ADMIN_USER: 'owner',
      ALMANAC_ADMIN_PASSWORD: 'owner-password',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const messages: unknown[] = [];
  const waiters: { type: string; resolve: (m: Record<string, unknown>) => void }[] = [];
  child.on('message', (message) => {
    messages.push(message);
    const m = message as Record<string, unknown>;
    const index = waiters.findIndex((w) => w.type === m.type);
    if (index >= 0) waiters.splice(index, 1)[0]!.resolve(m);
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanup.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    child,
    dir,
    messages,
    exit,
    next(type, timeoutMs = 15_000) {
      const seen = messages.find((m) => (m as { type?: string }).type === type);
      if (seen) {
        messages.splice(messages.indexOf(seen), 1);
        return Promise.resolve(seen as Record<string, unknown>);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} message`)), timeoutMs);
        waiters.push({
          type,
          resolve: (m) => {
            clearTimeout(timer);
            messages.splice(messages.indexOf(m), 1);
            resolve(m);
          },
        });
      });
    },
  };
}

const me = (url: string, token: string) =>
  fetch(`${url}/api/calendar/admin/v1/me`, { headers: { authorization: `Bearer ${token}` } });

describe('server/child.ts', { timeout: 60_000 }, () => {
  it('reports ready with the URL and an administrator session, and shuts down cleanly', async () => {
    const forked = startChild();
    const ready = await forked.next('ready');
    expect(ready).toEqual({
      type: 'ready',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      session: {
        token: expect.stringMatching(/^\S+\.\S+$/),
        expires_utc: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      },
      first_admin: { login: 'owner' },
    });
    const url = ready.url as string;
    const token = (ready.session as { token: string }).token;
    const res = await me(url, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ login: 'owner', role: 'administrator' });
    const page = await fetch(`${url}/console/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");

    forked.child.send({ type: 'session', request_id: 7 });
    expect(await forked.next('session')).toEqual({
      type: 'session',
      request_id: 7,
      session: ready.session,
    });

    const db = join(forked.dir, 'almanac.db');
    expect(existsSync(`${db}-wal`)).toBe(true);
    forked.child.send({ type: 'shutdown' });
    expect(await forked.exit).toBe(0);
    // Closing the last connection checkpoints the WAL and removes it: the database was closed.
    expect(existsSync(db)).toBe(true);
    expect(existsSync(`${db}-wal`)).toBe(false);
    await expect(fetch(`${url}/api/`)).rejects.toThrow();
  });

  it('opens a new session when the one it gave was signed out', async () => {
    const forked = startChild();
    const ready = await forked.next('ready');
    const url = ready.url as string;
    const token = (ready.session as { token: string }).token;
    const out = await fetch(`${url}/api/calendar/admin/v1/sessions/current`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBeLessThan(300);
    expect((await me(url, token)).status).toBe(401);

    // Malformed messages are ignored.
    forked.child.send({ type: 'session', request_id: 'x' });
    forked.child.send('shutdown');
    forked.child.send({ type: 'unknown' });
    forked.child.send({ type: 'session', request_id: 1 });
    const renewed = (await forked.next('session')).session as { token: string };
    expect(renewed.token).not.toBe(token);
    expect(forked.messages).toEqual([]);
    expect((await me(url, renewed.token)).status).toBe(200);
    forked.child.send({ type: 'shutdown' });
    expect(await forked.exit).toBe(0);
  });

  it('gives the generated administrator password on first start only', async () => {
    const forked = startChild({ ALMANAC_ADMIN_USER: '', ALMANAC_ADMIN_PASSWORD: '' });
    const ready = await forked.next('ready');
    expect(ready.first_admin).toEqual({
      login: 'admin',
      generated_password: expect.stringMatching(/\S{10,}/),
    });
    forked.child.kill('SIGTERM');
    expect(await forked.exit).toBe(0);

    const again = fork(ENTRY, [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        ALMANAC_DATA_DIR: forked.dir,
        ALMANAC_PORT: '0',
        ALMANAC_LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const second = await new Promise<Record<string, unknown>>((resolve) =>
      again.once('message', (m) => resolve(m as Record<string, unknown>)),
    );
    expect(second.type).toBe('ready');
    expect(second).not.toHaveProperty('first_admin');
    const exited = new Promise((resolve) => again.once('exit', resolve));
    again.send({ type: 'shutdown' });
    expect(await exited).toBe(0);
  });

  it('reports a taken port and exits', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => blocker.close());
    const port = (blocker.address() as { port: number }).port;
    const forked = startChild({ ALMANAC_PORT: String(port) });
    expect(await forked.next('error')).toEqual({
      type: 'error',
      code: 'port_in_use',
      message: expect.stringContaining(`Port ${port} on 127.0.0.1 is already in use`),
    });
    expect(await forked.exit).toBe(2);
  });

  it('reports configuration errors and exits', async () => {
    const forked = startChild({ ALMANAC_PORT: 'eighty' });
    const error = await forked.next('error');
    expect(error.code).toBe('config');
    expect(error.message).toMatch(/--port \/ ALMANAC_PORT/);
    expect(await forked.exit).toBe(2);
  });

  it('stops when its parent goes away, and refuses to run without one', async () => {
    const forked = startChild();
    await forked.next('ready');
    forked.child.disconnect();
    expect(await forked.exit).toBe(0);

    const alone = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    alone.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await new Promise((resolve) => alone.once('exit', resolve))).toBe(2);
    expect(stderr).toContain('npm start');
  });
});
