/**
 * Counters that limit clients (the failed sign-in throttle), kept in the database so that every
 * server process of the calendar counts against the same budget: worker processes on one SQLite
 * file and PostgreSQL nodes alike. An attacker spreading attempts over the processes gets no more
 * than one process would give.
 *
 * Each call is one statement that commits on its own, outside any unit of work: a count must not
 * wait for the write lock of units of work on PostgreSQL, nor be rolled back with one. Times are
 * milliseconds since the epoch, from the caller's clock.
 */

/** A key's counter in its current window. */
export interface LimitWindow {
  /** Hits counted since the window began. */
  count: number;
  /** When the window ends and the count starts again from nothing. */
  resetAtMs: number;
}

export interface LimitsPort {
  /** The key's counter, or undefined when it has none or its window has ended. */
  peek(key: string, nowMs: number): Promise<LimitWindow | undefined>;
  /**
   * Counts one hit under `key` and returns the counter with it: atomic under concurrent
   * processes (two hits at once count two). A window that has ended starts again at one, ending
   * `windowMs` from now.
   */
  take(key: string, nowMs: number, windowMs: number): Promise<LimitWindow>;
  /** Forgets the key's counter (a sign-in that succeeded). */
  clear(key: string): Promise<void>;
  /**
   * Deletes up to `max` counters whose window ended by `nowMs` and returns how many: what
   * keeps the table from growing without bound (jobs/background.ts runs it).
   */
  sweep(nowMs: number, max: number): Promise<number>;
}

/** Whether a window's count is within `max` hits, and if not, in how many ms it ends. */
export function allowed(window: LimitWindow, max: number, nowMs: number) {
  return window.count <= max
    ? { allowed: true as const }
    : { allowed: false as const, retryAfterMs: Math.max(0, window.resetAtMs - nowMs) };
}
