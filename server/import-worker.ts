/**
 * The import worker thread (resources/transfer/import-thread.ts): opens the storage the server's
 * configuration names with its own connections (the SQLite file, or the PostgreSQL database of
 * its URL), builds the services on it, runs one import job and answers with its report or
 * its error. The changes are stamped with the user who asked, as a request's writes are.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { withWriteHooks } from './storage/write-hooks.js';
import { openStorage } from './storage/open.js';
import { createLogger } from './logger.js';
import { createServices } from './services.js';
import { errorData, runImportJob } from './resources/transfer/import-jobs.js';
import type { WorkerData, WorkerMessage } from './resources/transfer/import-thread.js';

const data = workerData as WorkerData;
const started = Date.now();
const clock = { now: () => new Date(data.nowMs + (Date.now() - started)) };
const storage = await openStorage(data.config, {
  migrate: false,
  checkpoints: false,
});
const services = createServices(
  storage,
  data.config,
  clock,
  createLogger(data.config.logLevel),
  data.options,
);
let message: WorkerMessage;
try {
  await services.settings.current();
  const result = await withWriteHooks(services.sync.writeHooks(data.job.actor), () =>
    runImportJob(services, data.job),
  );
  message = { result };
} catch (error) {
  message = { error: errorData(error) };
} finally {
  await services.sync.close();
  await storage.close();
}
parentPort!.postMessage(message!);
