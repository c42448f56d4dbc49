/**
 * The main process's side of the server process (server/child.ts): wait for its readiness
 * message with a timeout, ask it for console sessions, and stop it cleanly (shutdown message,
 * then a kill if it does not exit in time). Works with an Electron utility process and a Node
 * child process alike, through the small `ChildHandle` interface, so it is tested in plain Node.
 */
import type { ChildProcess } from 'node:child_process';
import type { DesktopSession } from '../shared/desktop-bridge.js';
import {
  readyMessageSchema,
  sessionReplySchema,
  startErrorMessageSchema,
  type ParentMessage,
  type ReadyMessage,
} from '../shared/server-messages.js';

export interface ChildHandle {
  send(message: ParentMessage): void;
  onMessage(listener: (message: unknown) => void): () => void;
  onExit(listener: (code: number | null) => void): () => void;
  kill(): void;
  /** Whether the process has exited. */
  readonly exited: boolean;
}

export type { DesktopSession, ReadyMessage };

export type StartFailure = 'timeout' | 'exited' | 'error';

/** Why the server did not start, worded for the error dialog. */
export class ServerStartError extends Error {
  constructor(
    readonly reason: StartFailure,
    message: string,
    /** The server's own error code (`port_in_use`, `config`, `database_too_new`, …). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ServerStartError';
  }
}

export interface RunningServerProcess {
  url: string;
  session: DesktopSession;
  firstAdmin: ReadyMessage['first_admin'];
  /** A valid console session; the server renews it when it expired or disappeared. */
  requestSession(timeoutMs?: number): Promise<DesktopSession>;
  /** Asks for a clean shutdown, and kills the process if it has not exited in time. */
  stop(timeoutMs: number): Promise<'exited' | 'killed'>;
  /** Called when the process exits without being asked to. */
  onUnexpectedExit(listener: (code: number | null) => void): void;
}

function waitForExit(child: ChildHandle, timeoutMs: number): Promise<boolean> {
  if (child.exited) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      off();
      resolve(false);
    }, timeoutMs);
    const off = child.onExit(() => {
      clearTimeout(timer);
      off();
      resolve(true);
    });
  });
}

/** Waits for the ready message; on a timeout or a failure the process is killed. */
export function awaitReady(child: ChildHandle, timeoutMs: number): Promise<RunningServerProcess> {
  return new Promise((resolve, reject) => {
    const fail = (error: ServerStartError) => {
      cleanup();
      child.kill();
      reject(error);
    };
    const timer = setTimeout(
      () =>
        fail(
          new ServerStartError(
            'timeout',
            `The Almanac server did not start within ${Math.round(timeoutMs / 1000)} seconds.`,
          ),
        ),
      timeoutMs,
    );
    const offMessage = child.onMessage((raw) => {
      const failure = startErrorMessageSchema.safeParse(raw);
      if (failure.success) {
        fail(new ServerStartError('error', failure.data.message, failure.data.code));
        return;
      }
      const ready = readyMessageSchema.safeParse(raw);
      if (!ready.success) return;
      cleanup();
      resolve(connect(child, ready.data));
    });
    const offExit = child.onExit((code) =>
      fail(
        new ServerStartError(
          'exited',
          `The Almanac server stopped while starting (exit code ${code ?? 'unknown'}).`,
        ),
      ),
    );
    function cleanup() {
      clearTimeout(timer);
      offMessage();
      offExit();
    }
  });
}

function connect(child: ChildHandle, ready: ReadyMessage): RunningServerProcess {
  let stopping = false;
  let nextRequest = 1;
  const unexpected: ((code: number | null) => void)[] = [];
  child.onExit((code) => {
    if (!stopping) unexpected.forEach((listener) => listener(code));
  });

  return {
    url: ready.url,
    session: ready.session,
    firstAdmin: ready.first_admin,

    requestSession(timeoutMs = 10_000) {
      const requestId = nextRequest++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error('The Almanac server did not answer the session request.'));
        }, timeoutMs);
        const offMessage = child.onMessage((raw) => {
          const reply = sessionReplySchema.safeParse(raw);
          if (!reply.success || reply.data.request_id !== requestId) return;
          cleanup();
          if (reply.data.session) resolve(reply.data.session);
          else reject(new Error(reply.data.error ?? 'The server gave no session.'));
        });
        const offExit = child.onExit(() => {
          cleanup();
          reject(new Error('The Almanac server has stopped.'));
        });
        function cleanup() {
          clearTimeout(timer);
          offMessage();
          offExit();
        }
        if (child.exited) {
          cleanup();
          reject(new Error('The Almanac server has stopped.'));
          return;
        }
        child.send({ type: 'session', request_id: requestId });
      });
    },

    async stop(timeoutMs) {
      stopping = true;
      if (child.exited) return 'exited';
      child.send({ type: 'shutdown' });
      if (await waitForExit(child, timeoutMs)) return 'exited';
      child.kill();
      await waitForExit(child, 5_000);
      return 'killed';
    },

    onUnexpectedExit(listener) {
      unexpected.push(listener);
    },
  };
}

/** A Node child process forked with an IPC channel (`child_process.fork`). */
export function fromChildProcess(child: ChildProcess): ChildHandle {
  let exited = child.exitCode !== null || child.signalCode !== null;
  child.once('exit', () => {
    exited = true;
  });
  return {
    send(message) {
      if (child.connected) child.send(message);
    },
    onMessage(listener) {
      child.on('message', listener);
      return () => child.off('message', listener);
    },
    onExit(listener) {
      const handler = (code: number | null) => listener(code);
      child.on('exit', handler);
      return () => child.off('exit', handler);
    },
    kill() {
      if (!exited) child.kill('SIGKILL');
    },
    get exited() {
      return exited;
    },
  };
}

/** The parts of Electron's `UtilityProcess` used here (typed structurally: no Electron import). */
export interface UtilityProcessLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'exit', listener: (code: number) => void): unknown;
  once(event: 'exit', listener: (code: number) => void): unknown;
  kill(): boolean;
  readonly pid?: number | undefined;
}

export function fromUtilityProcess(child: UtilityProcessLike): ChildHandle {
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  return {
    send(message) {
      if (!exited) child.postMessage(message);
    },
    onMessage(listener) {
      child.on('message', listener);
      return () => child.off('message', listener);
    },
    onExit(listener) {
      const handler = (code: number) => listener(code);
      child.on('exit', handler);
      return () => child.off('exit', handler);
    },
    kill() {
      if (exited) return;
      // UtilityProcess.kill() is a SIGTERM, which a stuck server may not heed; this is the last resort.
      if (child.pid !== undefined) {
        try {
          process.kill(child.pid, 'SIGKILL');
          return;
        } catch {
          // Already gone, or not ours to signal: fall back to Electron's own kill.
        }
      }
      child.kill();
    },
    get exited() {
      return exited;
    },
  };
}
