/**
 * The failed sign-in throttle. Failures are counted per client and login (a key), so guesses at
 * one account never slow down another account's owner on the same address. The counts live in
 * the database (storage/limits.ts): every process of the calendar (worker processes on one
 * SQLite file, PostgreSQL nodes) reads and adds to the same count, so spreading guesses over the
 * processes buys no free failures and no shorter delays. Within a process a key's credential
 * checks run one at a time, so guesses sent all at once are slowed down like guesses sent one
 * after another; a request whose client went away leaves the queue at once (and its wait), so
 * abandoned guesses cannot pile up delays in front of the requests that follow.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../clock.js';
import { Refused } from '../errors.js';
import type { LimitsPort } from '../storage/limits.js';

/** Failed attempts with one key before each further attempt is delayed. */
export const FREE_FAILURES = 4;
/** How long failures are remembered, from the first one. */
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const MAX_DELAY_MS = 5_000;
/** Counters of ended windows deleted by one sweep. */
const SWEEP_BATCH = 10_000;

export interface ThrottleOptions {
  clock: Clock;
  limits: LimitsPort;
  /** Delay for the n-th failure past the free ones; tests shorten it. */
  delayFor?: (excess: number) => number;
}

/**
 * The key of a client and the login it tries (logins are case-insensitive). The login is stored
 * as its digest: a guess may be any text, of any length, NUL included, which PostgreSQL's text
 * refuses; a client key never holds a space.
 */
export const throttleKey = (client: string, login: string): string =>
  `signin ${client} ${createHash('sha256').update(login.toLowerCase()).digest('base64url')}`;

const abandoned = () =>
  new Refused('rest_request_aborted', 'The client went away before its turn.');

/** What a check learns of its key before it runs, and how it reports its outcome. */
export interface Attempt {
  fail(): Promise<void>;
  succeed(): Promise<void>;
}

export function createThrottle({ clock, limits, delayFor: customDelay }: ThrottleOptions) {
  const queues = new Map<string, Promise<unknown>>();
  const delayFor =
    customDelay ?? ((excess: number) => Math.min(250 * 2 ** (excess - 1), MAX_DELAY_MS));
  const now = () => clock.now().getTime();

  async function failures(key: string): Promise<number> {
    return (await limits.peek(key, now()))?.count ?? 0;
  }

  /** Waits the key's delay; resolves with its failures as counted before the wait. */
  async function wait(key: string, signal: AbortSignal | undefined): Promise<number> {
    const count = await failures(key);
    if (count < FREE_FAILURES) return count;
    try {
      await sleep(delayFor(count - FREE_FAILURES + 1), undefined, { signal });
    } catch {
      throw abandoned();
    }
    return count;
  }

  return {
    /** Nothing queued in this process: remembered credentials may skip the queue. */
    busy: (key: string): boolean => queues.has(key),

    /** Failures counted for the key by every process, within the window. */
    failureCount: failures,

    /**
     * Runs a credential check after this process's earlier checks of the key and the key's
     * failure delay; the check reports its outcome through `attempt`.
     */
    run<T>(key: string, task: (attempt: Attempt) => Promise<T>, signal?: AbortSignal): Promise<T> {
      const run = (queues.get(key) ?? Promise.resolve()).then(async () => {
        if (signal?.aborted) throw abandoned();
        const before = await wait(key, signal);
        if (signal?.aborted) throw abandoned();
        return task({
          fail: async () => void (await limits.take(key, now(), FAILURE_WINDOW_MS)),
          // A key that had no failures has nothing to forget: no write.
          succeed: async () => {
            if (before > 0) await limits.clear(key);
          },
        });
      });
      const tail = run.catch(() => undefined);
      queues.set(key, tail);
      void tail.then(() => {
        if (queues.get(key) === tail) queues.delete(key);
      });
      return run;
    },

    /** Deletes the counters whose window has ended; how many. */
    sweep: (): Promise<number> => limits.sweep(now(), SWEEP_BATCH),
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
