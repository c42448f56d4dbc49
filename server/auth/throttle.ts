/**
 * The failed sign-in throttle. Failures are counted per client and login (a key), so guesses at
 * one account never slow down another account's owner on the same address. A key's credential
 * checks run one at a time, so guesses sent all at once are slowed down like guesses sent one
 * after another; a request whose client went away leaves the queue at once (and its wait), so
 * abandoned guesses cannot pile up delays in front of the requests that follow.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../clock.js';
import { Refused } from '../errors.js';

/** Failed attempts with one key before each further attempt is delayed. */
export const FREE_FAILURES = 4;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const MAX_DELAY_MS = 5_000;
/** Keys remembered at most; beyond it the oldest are forgotten. */
const MAX_KEYS = 50_000;

export interface ThrottleOptions {
  clock: Clock;
  /** Delay for the n-th failure past the free ones; tests shorten it. */
  delayFor?: (excess: number) => number;
}

/** The key of a client and the login it tries (logins are case-insensitive). */
export const throttleKey = (client: string, login: string): string =>
  `${client}\u0000${login.toLowerCase()}`;

const abandoned = () =>
  new Refused('rest_request_aborted', 'The client went away before its turn.');

export function createThrottle({ clock, delayFor: customDelay }: ThrottleOptions) {
  const failures = new Map<string, { count: number; since: number }>();
  const queues = new Map<string, Promise<unknown>>();
  const delayFor =
    customDelay ?? ((excess: number) => Math.min(250 * 2 ** (excess - 1), MAX_DELAY_MS));

  function current(key: string) {
    const entry = failures.get(key);
    if (entry && clock.now().getTime() - entry.since > FAILURE_WINDOW_MS) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  }

  async function wait(key: string, signal: AbortSignal | undefined) {
    const entry = current(key);
    if (!entry || entry.count < FREE_FAILURES) return;
    try {
      await sleep(delayFor(entry.count - FREE_FAILURES + 1), undefined, { signal });
    } catch {
      throw abandoned();
    }
  }

  return {
    /** No failure and nothing queued: remembered credentials may skip the queue. */
    idle: (key: string): boolean => current(key) === undefined && !queues.has(key),

    /** Runs a credential check after the key's earlier ones and its failure delay. */
    run<T>(key: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      const run = (queues.get(key) ?? Promise.resolve()).then(async () => {
        if (signal?.aborted) throw abandoned();
        await wait(key, signal);
        if (signal?.aborted) throw abandoned();
        return task();
      });
      const tail = run.catch(() => undefined);
      queues.set(key, tail);
      void tail.then(() => {
        if (queues.get(key) === tail) queues.delete(key);
      });
      return run;
    },

    fail(key: string): void {
      const entry = current(key);
      if (entry) entry.count++;
      else {
        if (failures.size >= MAX_KEYS) failures.delete(failures.keys().next().value!);
        failures.set(key, { count: 1, since: clock.now().getTime() });
      }
    },

    succeed: (key: string): void => void failures.delete(key),
    failureCount: (key: string): number => current(key)?.count ?? 0,
    busy: (key: string): boolean => queues.has(key),
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
