/**
 * Leases of open change streams (sync/stream.ts), kept in the database so that the limit of
 * streams per client holds for every process of the calendar: worker processes on one SQLite
 * file and PostgreSQL nodes alike. A client (a user, or an anonymous address) has `max` slots;
 * an open stream holds one under a lease that its process renews while the stream lives, gives
 * back when it closes, and that runs out by itself when the process dies.
 *
 * Like the limits' counters (limits.ts), each call commits on its own, outside any unit of work.
 * Times are milliseconds since the epoch, from the caller's clock.
 */

export interface StreamLeasesPort {
  /**
   * Takes a free slot of `client` for the stream `id` until `untilMs`: one of slots 0 to
   * `max - 1` that nobody holds, or whose lease ended by `nowMs`. Each slot is taken by one
   * atomic statement, so processes taking at once never hold more than `max` between them.
   * False when every slot is held.
   */
  take(client: string, id: string, max: number, nowMs: number, untilMs: number): Promise<boolean>;
  /** Extends the leases of these streams until `untilMs` (their process is alive). */
  renew(ids: readonly string[], untilMs: number): Promise<void>;
  /** Gives the stream's slot back (the stream closed). */
  release(id: string): Promise<void>;
  /** Deletes up to `max` leases that ended by `nowMs` and returns how many. */
  sweep(nowMs: number, max: number): Promise<number>;
}
