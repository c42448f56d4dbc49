/**
 * Imports (`.ics`, the JSON export document, another site's data) run in a worker thread with
 * storage of its own (server/import-worker.ts: a connection to the SQLite file, or a pool on the
 * PostgreSQL database): reading a file, mapping it and writing thousands of events, or expanding
 * costly rules, takes seconds of CPU, and on the server's thread nothing else would be answered
 * meanwhile. The worker writes in one unit of work; reads go on being answered from the
 * committed data, and the server's own writes wait for the import's end through the write gate
 * (server/db/write-gate.ts) instead of waiting for the database's lock with the whole process
 * (on PostgreSQL other nodes' units wait for the import's unit, which holds the write lock).
 *
 * An in-memory SQLite database cannot be opened by a second connection: there the job runs on
 * the server's thread (tests; the desktop app and the CLI always use a file).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CoreServices, ServiceOptions } from '../../core.js';
import { errorOf, type ErrorData, type ImportJob, type JobResults } from './import-jobs.js';

/** What the worker needs to build its own services. */
export interface WorkerData {
  /** The server's configuration: the worker opens the storage it names. */
  config: CoreServices['config'];
  /** The server's clock at the job's start; the worker's clock runs on from it. */
  nowMs: number;
  options: Pick<ServiceOptions, 'sync' | 'remote'>;
  job: ImportJob;
}

export type WorkerMessage = { result: unknown } | { error: ErrorData };

/**
 * The worker's module. In the bundle it sits beside the entry point that holds this code
 * (dist/node/server/import-worker.js, scripts/build-node.mjs); from the sources (tsx, tests) it
 * is the TypeScript file, loaded through tsx's loader.
 */
function workerModule(): URL {
  const fromSources = import.meta.url.endsWith('.ts');
  if (!fromSources) return new URL('./import-worker.js', import.meta.url);
  const entry = new URL('../../import-worker.ts', import.meta.url).href;
  const tsx = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const boot = `import { register } from ${JSON.stringify(pathToFileURL(tsx).href)};
register();
await import(${JSON.stringify(entry)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

export function createImportRunner(
  core: CoreServices,
  options: WorkerData['options'],
  inline: (job: ImportJob) => Promise<unknown>,
) {
  const running = new Set<Worker>();

  function inWorker(job: ImportJob): Promise<unknown> {
    const data: WorkerData = {
      config: core.config,
      nowMs: core.clock.now().getTime(),
      options,
      job,
    };
    const worker = new Worker(workerModule(), { workerData: data });
    running.add(worker);
    return new Promise((resolve, reject) => {
      worker.once('message', (message: WorkerMessage) => {
        if ('error' in message) reject(errorOf(message.error));
        else resolve(message.result);
      });
      worker.once('error', reject);
      worker.once('exit', (code) => {
        running.delete(worker);
        // After a message this changes nothing: the promise is settled.
        reject(new Error(`The import worker stopped (exit code ${code}) before it answered.`));
      });
    });
  }

  return {
    /** Runs the job alone among the server's writes; reads go on meanwhile. */
    run<K extends ImportJob['kind']>(job: Extract<ImportJob, { kind: K }>): Promise<JobResults[K]> {
      return core.writeGate.exclusive(async () => {
        const inMemory = core.config.databaseUrl === undefined && core.config.dbPath === ':memory:';
        const result = inMemory ? await inline(job) : await inWorker(job);
        // An empty unit of work of the request's own: its write hooks see the import done (an
        // Idempotency-Key is kept with the answer; the worker stamped the changes itself).
        await core.storage.write(async () => undefined);
        return result as JobResults[K];
      });
    },
    /** Stops running imports (their transactions roll back: nothing was acknowledged). */
    async close(): Promise<void> {
      await Promise.all([...running].map((worker) => worker.terminate()));
    },
  };
}

export type ImportRunner = ReturnType<typeof createImportRunner>;
