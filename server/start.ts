/**
 * Opens the database, builds the app and listens; resolves once requests are accepted with the
 * URL and a `close` that stops accepting, lets in-flight requests finish and closes the database.
 * The CLI, the desktop app's server process and the tests all start the server through here.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { ensureAdministrator, type FirstAdmin } from './bootstrap.js';
import { systemClock, type Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import { openStorage } from './storage/open.js';
import { createLogger } from './logger.js';
import { connectionLimits, createListener, type ConnectionLimits } from './http/listener.js';
import {
  createServices,
  type ServiceOptions,
  type Services,
  type ServiceStorage,
} from './services.js';
import { startBackgroundWrites, type BackgroundWrites } from './jobs/background.js';

export interface StartOptions extends ServiceOptions {
  clock?: Clock;
  log?: Logger;
  consoleDir?: string;
  /** Skip migrations and the first administrator: a worker joining a prepared database. */
  worker?: boolean;
  /** Connection deadlines; tests shorten them instead of waiting for the defaults. */
  limits?: Partial<ConnectionLimits>;
  /**
   * Background work once listening: scheduled backups (backup/schedule.ts), and the public
   * feed's VEVENTs made ahead (feeds/service.ts) so the first subscriber after a start gets made
   * text; the writes reads leave to the background (jobs/background.ts). Off in tests, which
   * run each on demand and whose counts it would disturb.
   */
  background?: boolean;
  /**
   * WAL checkpoints by a worker thread (storage/sqlite/checkpointer.ts); on unless false. The test that
   * watches the file for writes turns them off: a checkpoint changes the file, not the data.
   */
  checkpoints?: boolean;
  /** An in-memory database's starting contents (db/open.ts). */
  image?: Buffer;
}

export interface RunningServer {
  url: string;
  port: number;
  services: Services;
  /** The storage it serves: the ports, and on SQLite its connection (for tests and tools). */
  storage: ServiceStorage;
  server: Server;
  firstAdmin: FirstAdmin | undefined;
  close(): Promise<void>;
}

export class PortInUseError extends Error {
  constructor(
    readonly host: string,
    readonly port: number,
  ) {
    super(
      `Port ${port} on ${host} is already in use. Stop the other program or choose another port with --port or ALMANAC_PORT.`,
    );
    this.name = 'PortInUseError';
  }
}

const DRAIN_TIMEOUT_MS = 10_000;

/** Loopback unless --host says otherwise; LAN sharing adds listeners once started. */
export function bindHost(config: ServerConfig): string {
  return config.host ?? '127.0.0.1';
}

export async function start(
  config: ServerConfig,
  options: StartOptions = {},
): Promise<RunningServer> {
  const log = options.log ?? createLogger(config.logLevel);
  const storage = await openStorage(config, {
    migrate: options.worker !== true,
    checkpoints: options.checkpoints !== false,
    onCheckpointError: (error) => log.warn({ err: error }, 'The WAL checkpoint worker failed'),
    ...(options.image ? { image: options.image } : {}),
  });
  let services: Services;
  let firstAdmin: FirstAdmin | undefined;
  try {
    services = createServices(storage, config, options.clock ?? systemClock, log, options);
    await services.settings.current();
    firstAdmin = options.worker ? undefined : await ensureAdministrator(services, config);
  } catch (error) {
    await storage.close();
    throw error;
  }
  const app = createApp(
    services,
    options.consoleDir === undefined ? {} : { consoleDir: options.consoleDir },
  );
  // Slow or abandoned connections are cut off instead of holding the server's sockets.
  const limits = connectionLimits(options.limits);
  const server = createListener(app, limits);

  const host = bindHost(config);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port: config.port, host, exclusive: options.worker !== true }, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await storage.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new PortInUseError(host, config.port);
    throw error;
  }

  const port = (server.address() as AddressInfo).port;
  services.network.attach(app, host, port, config.host !== undefined, limits);
  const shownHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  await services.network.apply(services.settings.get().lan_sharing);
  let background: BackgroundWrites | undefined;
  if (options.background) {
    services.backupSchedule.start();
    background = startBackgroundWrites(services);
    const origin = services.settings.get().public_url || `http://${shownHost}:${port}`;
    services.feeds.warm(origin).catch((error: unknown) => {
      log.warn({ err: error }, 'Making the calendar feed ahead of its first request failed');
    });
  }
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    services,
    storage,
    server,
    firstAdmin,
    close() {
      closing ??= new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
        force.unref();
        // Open change streams never end by themselves: end them so the drain can finish.
        const streamsClosed = services.sync.close();
        services.backupSchedule.stop();
        void services.imports.close();
        void services.network.close();
        server.close(() => {
          clearTimeout(force);
          void Promise.all([background?.stop(), streamsClosed])
            .then(() => storage.close())
            .then(resolve);
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
