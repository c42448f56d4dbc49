/**
 * The server as the desktop app runs it: a process of its own (an Electron utility process, or
 * a Node child process), so the API never competes with the window for the main process's event
 * loop (docs/architecture.md, convention 9).
 *
 * It loads the configuration like the CLI (same per-user data directory, same env vars), starts
 * the server, opens a console session for the first administrator and reports
 * `{type: 'ready', url, session}` to its parent, or `{type: 'error', code, message}` and exits.
 * The parent may then ask `{type: 'session', request_id}` (a still-valid session, renewed when
 * it expired or was lost in a restore) and `{type: 'shutdown'}` (finish in-flight requests, close
 * the database, exit 0). SIGTERM and SIGINT shut down the same way.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parentMessageSchema, type ServerMessage } from '../shared/server-messages.js';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseTooNewError } from './db/migrate.js';
import type { Services } from './services.js';
import { PortInUseError, start, type RunningServer } from './start.js';

/** A session is renewed when it has less than this left, so the console never holds a dying one. */
const RENEW_MARGIN_MS = 60 * 60 * 1000;
const SESSION_LABEL = 'desktop';

interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

interface Channel {
  send(message: ServerMessage): Promise<void>;
  onMessage(listener: (message: unknown) => void): void;
  /** Under Electron the parent passes options in the environment, never in argv. */
  argv: string[];
}

function parentChannel(): Channel | undefined {
  const parentPort = (process as { parentPort?: ParentPort }).parentPort;
  if (parentPort) {
    return {
      send: async (message) => parentPort.postMessage(message),
      onMessage: (listener) => parentPort.on('message', (event) => listener(event.data)),
      argv: [],
    };
  }
  if (process.send) {
    return {
      send: (message) =>
        new Promise((resolve) => {
          if (!process.connected) return resolve();
          process.send!(message, undefined, {}, () => resolve());
        }),
      onMessage: (listener) => process.on('message', listener),
      argv: process.argv.slice(2),
    };
  }
  return undefined;
}

/** The built console: next to the sources (`dist/console`) or next to the bundle (`dist/node/server/`). */
function consoleDir(env: NodeJS.ProcessEnv): string | undefined {
  const candidates = [
    env.ALMANAC_CONSOLE_DIR,
    fileURLToPath(new URL('../dist/console/', import.meta.url)),
    fileURLToPath(new URL('../../console/', import.meta.url)),
  ];
  return candidates.find((dir) => dir !== undefined && dir !== '' && existsSync(dir));
}

async function firstAdministrator(services: Services): Promise<number | undefined> {
  for (let page = 1; ; page++) {
    const { users } = await services.users.list(page, 100);
    const admin = users.find((user) => user.role === 'administrator');
    if (admin) return admin.id;
    if (users.length < 100) return undefined;
  }
}

function errorCode(error: unknown): string {
  if (error instanceof ConfigError) return 'config';
  if (error instanceof PortInUseError) return 'port_in_use';
  if (error instanceof DatabaseTooNewError) return 'database_too_new';
  return 'unexpected';
}

async function main(channel: Channel) {
  let running: RunningServer | undefined;
  let starting = true;
  let stopRequested = false;
  let stopping = false;
  let session: { token: string; expires_utc: string } | undefined;

  const stop = () => {
    // A shutdown during start-up waits for it, so the database is never left half-migrated.
    if (starting) {
      stopRequested = true;
      return;
    }
    if (stopping) return;
    stopping = true;
    const closed = running ? running.close() : Promise.resolve();
    closed.then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };

  async function currentSession(services: Services) {
    const now = services.clock.now().getTime();
    if (session && Date.parse(`${session.expires_utc}Z`) - now > RENEW_MARGIN_MS) {
      // Still in the database? A restore or a sign-out everywhere may have removed it.
      const actor = await services.auth
        .authenticate(`Bearer ${session.token}`, SESSION_LABEL)
        .catch(() => null);
      if (actor) return session;
    }
    const admin = await firstAdministrator(services);
    if (admin === undefined) throw new Error('The database has no administrator.');
    const opened = await services.auth.openSession(admin, SESSION_LABEL);
    session = { token: opened.token, expires_utc: opened.expires_utc };
    return session;
  }

  channel.onMessage((raw) => {
    const message = parentMessageSchema.safeParse(raw);
    if (!message.success) return;
    if (message.data.type === 'shutdown') return stop();
    const { request_id } = message.data;
    if (!running || stopping) return;
    currentSession(running.services).then(
      (value) => channel.send({ type: 'session', request_id, session: value }),
      (error: unknown) =>
        channel.send({ type: 'session', request_id, error: (error as Error).message }),
    );
  });
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // A Node parent that goes away takes the server with it (Electron ends utility processes itself).
  process.on('disconnect', stop);

  try {
    const config = loadConfig(channel.argv, process.env);
    const dir = consoleDir(process.env);
    running = await start(config, {
      background: true,
      ...(dir === undefined ? {} : { consoleDir: dir }),
    });
    const ready = await currentSession(running.services);
    starting = false;
    const first = running.firstAdmin;
    await channel.send({
      type: 'ready',
      url: running.url,
      session: ready,
      ...(first
        ? {
            first_admin: {
              login: first.login,
              ...(first.generatedPassword ? { generated_password: first.generatedPassword } : {}),
            },
          }
        : {}),
    });
    if (stopRequested) stop();
  } catch (error) {
    starting = false;
    stopping = true;
    await channel.send({
      type: 'error',
      code: errorCode(error),
      message: error instanceof Error ? error.message : String(error),
    });
    if (running) await running.close().catch(() => undefined);
    process.exit(2);
  }
}

const channel = parentChannel();
if (channel === undefined) {
  console.error(
    'server/child.ts is the desktop app’s server process; run `npm start` for the server alone.',
  );
  process.exit(2);
} else {
  void main(channel);
}
