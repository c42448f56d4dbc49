/**
 * The background job that makes scheduled publishing durable: it stores `publish` on the events
 * whose date has passed (reads already show them published, scheduled.ts). One process at a time
 * runs it: the work and the claim of the lease `publish` (migration 0023) share one write
 * transaction, so with `--workers N` two processes cannot both publish, and if the holder dies
 * another takes over once its lease has run out. Nothing is written while nothing is due, so an
 * idle calendar's file stays untouched.
 */
import { randomUUID } from 'node:crypto';
import { formatUtc } from '../../../shared/time.js';
import type { Clock } from '../../clock.js';
import type { StoragePorts } from '../../storage/storage.js';

const JOB = 'publish';
/** The longest wait between two looks: a lease that ran out is taken over within it. */
const LOOK_EVERY_MS = 10_000;
/** How long a run's claim holds off the other processes. */
const LEASE_MS = 60_000;

export function createPublisher(
  storage: StoragePorts<'events', 'events' | 'leases'>,
  clock: Clock,
  onError: (error: unknown) => void,
) {
  const owner = randomUUID();
  let held = false;
  let running = false;
  let timer: NodeJS.Timeout | undefined;

  /**
   * Publishes what is due; the number published, or undefined when another process holds the
   * lease. A read first: nothing due, nothing written.
   */
  async function runOnce(): Promise<number | undefined> {
    const now = formatUtc(clock.now());
    const first = await storage.read.events.earliestScheduled();
    if (first === undefined || first > now) return 0;
    const until = formatUtc(new Date(clock.now().getTime() + LEASE_MS));
    return storage.write(async (uow) => {
      held = await uow.leases.claim(JOB, owner, now, until);
      return held ? uow.events.publishDue(now) : undefined;
    });
  }

  /** Sets the next look: at the earliest publication date, within LOOK_EVERY_MS. */
  async function arm(): Promise<void> {
    let wait = LOOK_EVERY_MS;
    try {
      const first = await storage.read.events.earliestScheduled();
      if (first !== undefined) {
        wait = Date.parse(`${first.replace(' ', 'T')}Z`) - clock.now().getTime();
      }
    } catch (error) {
      onError(error);
    }
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), Math.min(Math.max(wait, 0), LOOK_EVERY_MS));
    timer.unref();
  }

  async function tick(): Promise<void> {
    try {
      await runOnce();
    } catch (error) {
      // A busy file or a full disk: the next look tries again, and reads answer meanwhile.
      onError(error);
    }
    if (running) await arm();
  }

  return {
    runOnce,
    /** Looks at each publication date (and every few seconds) from now on. */
    start(): void {
      if (running) return;
      running = true;
      void arm();
    },
    /** Stops looking; resolves once the lease, if held, is given up. */
    async stop(): Promise<void> {
      running = false;
      clearTimeout(timer);
      timer = undefined;
      if (!held) return;
      held = false;
      await storage.write((uow) => uow.leases.release(JOB, owner));
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
