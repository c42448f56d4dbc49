import { fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  awaitReady,
  fromChildProcess,
  fromUtilityProcess,
  ServerStartError,
} from '../../main/server-process.js';
import { FakeChild, READY, SESSION } from './fake-child.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('awaitReady', () => {
  it('resolves with the URL and session of the ready message, ignoring anything else', async () => {
    const child = new FakeChild();
    const ready = awaitReady(child, 1000);
    child.message('hello');
    child.message({ type: 'ready', url: 'file:///etc', session: SESSION });
    child.message({ type: 'ready', url: 'http://127.0.0.1:1', session: { token: '' } });
    child.message({ ...READY, first_admin: { login: 'admin', generated_password: 'pw' } });
    const server = await ready;
    expect(server.url).toBe('http://127.0.0.1:7420');
    expect(server.session).toEqual(SESSION);
    expect(server.firstAdmin).toEqual({ login: 'admin', generated_password: 'pw' });
    expect(child.kills).toBe(0);
  });

  it('gives up after the timeout with a clear error and kills the process', async () => {
    vi.useFakeTimers();
    const child = new FakeChild();
    const ready = awaitReady(child, 30_000);
    const failure = expect(ready).rejects.toMatchObject({
      name: 'ServerStartError',
      reason: 'timeout',
      message: 'The Almanac server did not start within 30 seconds.',
    });
    vi.advanceTimersByTime(30_000);
    await failure;
    expect(child.kills).toBe(1);
  });

  it('reports the server’s own error', async () => {
    const child = new FakeChild();
    const ready = awaitReady(child, 1000);
    child.message({ type: 'error', code: 'port_in_use', message: 'Port 7420 is in use.' });
    const error = await ready.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerStartError);
    expect(error).toMatchObject({ reason: 'error', code: 'port_in_use' });
    expect((error as Error).message).toBe('Port 7420 is in use.');
  });

  it('reports a process that exits before it is ready', async () => {
    const child = new FakeChild();
    const ready = awaitReady(child, 1000);
    child.exit(1);
    await expect(ready).rejects.toMatchObject({
      reason: 'exited',
      message: 'The Almanac server stopped while starting (exit code 1).',
    });
  });
});

describe('a running server process', () => {
  async function running(child = new FakeChild()) {
    const ready = awaitReady(child, 1000);
    child.message(READY);
    return { child, server: await ready };
  }

  it('asks for sessions and matches the answers to the requests', async () => {
    const { child, server } = await running();
    child.respond = (message, c) => {
      const { request_id } = message as { request_id: number };
      c.message({ type: 'session', request_id: request_id + 100, session: SESSION });
      c.message({ type: 'session', request_id, session: { ...SESSION, token: `t${request_id}` } });
    };
    expect(await server.requestSession()).toEqual({ ...SESSION, token: 't1' });
    expect(await server.requestSession()).toEqual({ ...SESSION, token: 't2' });
    expect(child.sent).toEqual([
      { type: 'session', request_id: 1 },
      { type: 'session', request_id: 2 },
    ]);
    child.respond = (message, c) =>
      c.message({ ...message, error: 'The database has no administrator.' });
    await expect(server.requestSession()).rejects.toThrow('no administrator');
  });

  it('fails a session request when the server does not answer or has stopped', async () => {
    const { child, server } = await running();
    await expect(server.requestSession(20)).rejects.toThrow('did not answer');
    const pending = server.requestSession(1000);
    child.exit(1);
    await expect(pending).rejects.toThrow('has stopped');
    await expect(server.requestSession()).rejects.toThrow('has stopped');
  });

  it('stops with a shutdown message and waits for the exit', async () => {
    const { child, server } = await running();
    const unexpected = vi.fn();
    server.onUnexpectedExit(unexpected);
    child.respond = (message, c) => {
      if ((message as { type: string }).type === 'shutdown') setTimeout(() => c.exit(0), 5);
    };
    expect(await server.stop(1000)).toBe('exited');
    expect(child.sent).toEqual([{ type: 'shutdown' }]);
    expect(child.kills).toBe(0);
    expect(unexpected).not.toHaveBeenCalled();
    expect(await server.stop(1000)).toBe('exited');
  });

  it('kills a server that does not stop in time', async () => {
    const { child, server } = await running();
    expect(await server.stop(20)).toBe('killed');
    expect(child.kills).toBe(1);
  });

  it('tells when the server exits on its own', async () => {
    const { child, server } = await running();
    const unexpected = vi.fn();
    server.onUnexpectedExit(unexpected);
    child.exit(3);
    expect(unexpected).toHaveBeenCalledWith(3);
  });
});

describe('fromUtilityProcess', () => {
  it('adapts Electron’s UtilityProcess and kills it for good', () => {
    const emitter = new EventEmitter();
    const utility = Object.assign(emitter, {
      postMessage: vi.fn(),
      kill: vi.fn(() => true),
      pid: undefined as number | undefined,
    });
    const handle = fromUtilityProcess(utility);
    const messages: unknown[] = [];
    const off = handle.onMessage((m) => messages.push(m));
    emitter.emit('message', { type: 'x' });
    off();
    emitter.emit('message', { type: 'y' });
    expect(messages).toEqual([{ type: 'x' }]);
    handle.send({ type: 'shutdown' });
    expect(utility.postMessage).toHaveBeenCalledWith({ type: 'shutdown' });
    handle.kill();
    expect(utility.kill).toHaveBeenCalledTimes(1);
    emitter.emit('exit', 0);
    expect(handle.exited).toBe(true);
    handle.send({ type: 'session', request_id: 1 });
    handle.kill();
    expect(utility.postMessage).toHaveBeenCalledTimes(1);
    expect(utility.kill).toHaveBeenCalledTimes(1);
  });
});

describe('with the real server process', { timeout: 60_000 }, () => {
  it('starts server/child.ts, gets a working session, and stops it cleanly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'almanac-main-'));
    try {
      const child = fork(join(import.meta.dirname, '../../server/child.ts'), [], {
        execArgv: ['--import', 'tsx'],
        env: {
          ...process.env,
          ALMANAC_DATA_DIR: dir,
          ALMANAC_PORT: '0',
          ALMANAC_LOG_LEVEL: 'silent',
          ALMANAC_ADMIN_PASSWORD: 'owner-password',
        },
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      });
      const server = await awaitReady(fromChildProcess(child), 45_000);
      const me = await fetch(`${server.url}/api/calendar/admin/v1/me`, {
        headers: { authorization: `Bearer ${server.session.token}` },
      });
      expect(me.status).toBe(200);
      expect(await server.requestSession()).toEqual(server.session);
      expect(await server.stop(15_000)).toBe('exited');
      expect(child.exitCode).toBe(0);
      expect(existsSync(join(dir, 'almanac.db-wal'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
