/**
 * The events repository in its synchronous form (the SQLite adapter's, `core.syncRepositories`)
 * with the transactions the events service still opens itself, for the synchronous write path
 * until it runs in units of work (`storage.write`).
 */
import type { CoreServices } from '../../core.js';
import type { EventsRepository } from '../../storage/events.js';
import { writeInGroup } from '../../storage/sqlite/group-commit.js';
import type { Sync } from '../../storage/sqlite/repository.js';

export interface EventsStore extends Sync<EventsRepository> {
  /** Whether user `id` exists (an event's author must). */
  userExists(id: number): boolean;
  /** Runs one use case's writes atomically; the callback must be synchronous. */
  write<T>(work: () => T): T;
  /**
   * `write` for a request: run with the other requests' writes of the same moment in one
   * transaction (storage/sqlite/group-commit.ts), resolved once that transaction has committed.
   */
  writeInGroup<T>(work: () => T): Promise<T>;
}

export function syncEventsStore(core: CoreServices): EventsStore {
  const { db } = core;
  return {
    ...core.syncRepositories.events,
    userExists: (id) => core.syncRepositories.users.byId(id) !== undefined,
    write: (work) => db.transaction(work)(),
    writeInGroup: (work) => writeInGroup(db, work),
  };
}
