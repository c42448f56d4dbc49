/**
 * Serving with several processes on one database (`--workers N`, ALMANAC_WORKERS): the primary
 * migrates the database and creates the first administrator once, then forks N workers that
 * each open it without migrating and share one listening socket (node:cluster hands connections
 * to the workers in turn). On the SQLite file, WAL mode lets the workers read in parallel and
 * writers queue on the file lock within the busy timeout; with a PostgreSQL URL
 * (`--database-url`) each worker is a node of the calendar with a pool of its own, as a process
 * started on another machine would be. A worker that dies is replaced; SIGINT and SIGTERM stop
 * the workers gracefully, then the primary.
 */
import cluster, { type Worker } from 'node:cluster';
import type { ServerConfig } from './config.js';
import { openStorage } from './storage/open.js';
import { createServices } from './services.js';
import { ensureAdministrator, type FirstAdmin } from './bootstrap.js';
import { systemClock } from './clock.js';
import { createLogger } from './logger.js';
import { start } from './start.js';

/** How long the primary waits for every worker to accept requests. */
const READY_TIMEOUT_MS = 60_000;
/** Replacements allowed per minute before the primary gives up on a crashing worker. */
const MAX_RESTARTS_PER_MINUTE = 5;

type WorkerMessage = { type: 'listening'; url: string };

export interface ClusterHandlers {
  /** Called once in the primary when every worker accepts requests. */
  onListening(url: string, firstAdmin: FirstAdmin | undefined): void;
}

async function prepareDatabase(config: ServerConfig): Promise<FirstAdmin | undefined> {
  const storage = await openStorage(config, {
    checkpoints: false,
  });
  try {
    const services = createServices(storage, config, systemClock, createLogger(config.logLevel));
    return await ensureAdministrator(services, config);
  } finally {
    await storage.close();
  }
}

function waitListening(worker: Worker): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Worker ${worker.id} did not start listening in time.`)),
      READY_TIMEOUT_MS,
    );
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`Worker ${worker.id} exited with code ${code} while starting.`));
    };
    worker.once('exit', onExit);
    worker.on('message', (message: WorkerMessage) => {
      if (message?.type !== 'listening') return;
      clearTimeout(timer);
      worker.off('exit', onExit);
      resolve(message.url);
    });
  });
}

async function runPrimary(config: ServerConfig, handlers: ClusterHandlers): Promise<void> {
  const log = createLogger(config.logLevel);
  const firstAdmin = await prepareDatabase(config);
  let stopping = false;
  const restarts: number[] = [];

  const fork = () => {
    const worker = cluster.fork();
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      log.error({ worker: worker.id, code, signal }, 'worker exited; starting a replacement');
      const now = Date.now();
      restarts.push(now);
      while (restarts.length > 0 && now - restarts[0]! > 60_000) restarts.shift();
      if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
        log.fatal('workers keep exiting; stopping');
        stop(1);
        return;
      }
      fork();
    });
    return worker;
  };

  const stop = (code = 0) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    if (workers.length === 0) process.exit(code);
    let left = workers.length;
    for (const worker of workers) {
      worker.once('exit', () => {
        if (--left === 0) process.exit(code);
      });
      worker.process.kill('SIGTERM');
    }
  };

  // The first workers start one after another: a listening socket is shared only once it exists.
  let url = '';
  for (let i = 0; i < config.workers; i++) url = await waitListening(fork());
  process.on('SIGINT', () => stop());
  process.on('SIGTERM', () => stop());
  handlers.onListening(url, firstAdmin);
}

async function runWorker(config: ServerConfig): Promise<void> {
  const running = await start(config, {
    worker: true,
    background: true,
  });
  process.send?.({ type: 'listening', url: running.url } satisfies WorkerMessage);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // The primary is gone (crashed or killed): do not linger as an orphan holding the port.
  process.on('disconnect', stop);
}

/** Runs this process as the cluster's primary or as one of its workers, whichever it is. */
export function runCluster(config: ServerConfig, handlers: ClusterHandlers): Promise<void> {
  return cluster.isPrimary ? runPrimary(config, handlers) : runWorker(config);
}
