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
import type { Db } from '../../db/open.js';
import { createLeaseStore } from '../../jobs/lease-store.js';
import type { Schedule } from './scheduled.js';
import type { EventsStore } from './store.js';

const JOB = 'publish';
/** The longest wait between two looks: a lease that ran out is taken over within it. */
const LOOK_EVERY_MS = 10_000;
/** How long a run's claim holds off the other processes. */
const LEASE_MS = 60_000;

export function createPublisher(
  db: Db,
  store: EventsStore,
  schedule: Schedule,
  clock: Clock,
  onError: (error: unknown) => void,
) {
  const leases = createLeaseStore(db);
  const owner = randomUUID();
  let held = false;
  const publishAll = db.transaction((now: string, until: string): number | undefined => {
    held = leases.claim(JOB, owner, now, until);
    return held ? store.publishDue(now) : undefined;
  });
  let timer: NodeJS.Timeout | undefined;

  /**
   * Publishes what is due; the number published, or undefined when another process holds the
   * lease. A read first: nothing due, nothing written.
   */
  function runOnce(): number | undefined {
    const now = clock.now();
    const first = schedule.earliest();
    if (first === undefined || first > formatUtc(now)) return 0;
    return publishAll(formatUtc(now), formatUtc(new Date(now.getTime() + LEASE_MS)));
  }

  function arm(): void {
    const first = schedule.earliest();
    const wait =
      first === undefined
        ? LOOK_EVERY_MS
        : Date.parse(`${first.replace(' ', 'T')}Z`) - clock.now().getTime();
    timer = setTimeout(tick, Math.min(Math.max(wait, 0), LOOK_EVERY_MS));
    timer.unref();
  }

  function tick(): void {
    try {
      runOnce();
    } catch (error) {
      // A busy file or a full disk: the next look tries again, and reads answer meanwhile.
      onError(error);
    } finally {
      if (timer !== undefined) arm();
    }
  }

  return {
    runOnce,
    /** Looks at each publication date (and every few seconds) from now on. */
    start(): void {
      if (timer === undefined) arm();
    },
    stop(): void {
      clearTimeout(timer);
      timer = undefined;
      if (held && db.open) db.transaction(() => leases.release(JOB, owner))();
      held = false;
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
