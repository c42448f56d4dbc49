/**
 * The writes that reads leave to the background (docs/contract/extensions.md §E1 revised: reads
 * never write): scheduled publishing made durable (events/publisher.ts, one process at a time
 * under a lease) and the application passwords' last-use stamps gathered by sign-ins.
 */
import type { Services } from '../services.js';

/** How often the last-use stamps gathered in memory are stored. */
const STORE_USE_EVERY_MS = 60_000;

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
  const timer = setInterval(() => void storeUse(), STORE_USE_EVERY_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return Promise.all([services.events.publisher.stop(), storeUse()]).then(() => undefined);
    },
  };
}
