/**
 * The writes that reads leave to the background (docs/contract/extensions.md §E1 revised: reads
 * never write): scheduled publishing made durable (events/publisher.ts, one process at a time
 * under a lease), the application passwords' last-use stamps gathered by sign-ins, and the
 * deletion of sign-in failure counts whose window has ended (storage/limits.ts) and of change
 * streams' leases that ran out (storage/stream-leases.ts: their process died).
 */
import type { Services } from '../services.js';

/** How often the last-use stamps gathered in memory are stored. */
const STORE_USE_EVERY_MS = 60_000;
/** How often failure counts whose window has ended, and leases that ran out, are deleted. */
const SWEEP_EVERY_MS = 60_000;
/** Leases that ran out deleted per sweep: a slot that ran out is also taken over by the next. */
const LEASES_PER_SWEEP = 10_000;

export interface BackgroundWrites {
  /** Stops the jobs; resolves once the last stamps are stored. */
  stop(): Promise<void>;
}

export function startBackgroundWrites(services: Services): BackgroundWrites {
  const storeUse = () =>
    services.auth.storeUse().catch((error: unknown) => {
      services.log.warn({ err: error }, 'Storing the last use of application passwords failed');
    });
  services.events.publisher.start();
  const sweep = () =>
    Promise.all([
      services.auth.sweepFailures().catch((error: unknown) => {
        services.log.warn({ err: error }, 'Deleting ended sign-in failure counts failed');
      }),
      services.storage.streamLeases.sweep(Date.now(), LEASES_PER_SWEEP).catch((error: unknown) => {
        services.log.warn({ err: error }, 'Deleting the change streams’ ended leases failed');
      }),
    ]);
  const timer = setInterval(() => void storeUse(), STORE_USE_EVERY_MS);
  timer.unref();
  const sweeper = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  sweeper.unref();
  return {
    stop() {
      clearInterval(timer);
      clearInterval(sweeper);
      return Promise.all([services.events.publisher.stop(), storeUse()]).then(() => undefined);
    },
  };
}
