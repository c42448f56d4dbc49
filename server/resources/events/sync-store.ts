/**
 * The events repository in its synchronous form (the SQLite adapter's, `core.syncRepositories`),
 * for the events service's reads not yet behind the ports (a single event, the embedding, the
 * series' computed occurrences). Writes go through units of work (`storage.write`).
 */
import type { CoreServices } from '../../core.js';
import type { EventsRepository } from '../../storage/events.js';
import type { Sync } from '../../storage/sqlite/repository.js';

export interface EventsStore extends Sync<EventsRepository> {
  /** Whether user `id` exists (an event's author must). */
  userExists(id: number): boolean;
}

export function syncEventsStore(core: CoreServices): EventsStore {
  return {
    ...core.syncRepositories.events,
    userExists: (id) => core.syncRepositories.users.byId(id) !== undefined,
  };
}
