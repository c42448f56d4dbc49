/**
 * The writes that reads leave to the background (docs/contract/extensions.md §E1 revised: reads
 * never write): scheduled publishing made durable (events/publisher.ts, one process at a time
 * under a lease), the application passwords' last-use stamps gathered by sign-ins, and the
 * deletion of sign-in failure counts whose window has ended (storage/limits.ts).
 */
import type { Services } from '../services.js';

/** How often the last-use stamps gathered in memory are stored. */
const STORE_USE_EVERY_MS = 60_000;
/** How often failure counts whose window has ended are deleted. */
const SWEEP_EVERY_MS = 60_000;

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
    services.auth.sweepFailures().catch((error: unknown) => {
      services.log.warn({ err: error }, 'Deleting ended sign-in failure counts failed');
    });
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
