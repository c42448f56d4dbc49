/** SQL of the part of the events aggregate behind the ports: scheduled publishing. */
import type { Db } from '../../db/open.js';
import { readHandle, type ReadDb } from '../../db/read.js';
import type { EventsReader, EventsRepository } from '../events.js';
import type { Sync } from './repository.js';

export function sqliteEventsReader(db: ReadDb): Sync<EventsReader> {
  // The partial index events_future (migration 0004) answers this in one step.
  const earliest = db
    .prepare<[], string | null>("SELECT min(date_utc) FROM events WHERE status = 'future'")
    .pluck();
  return { earliestScheduled: () => earliest.get() ?? undefined };
}

export function sqliteEvents(db: Db): Sync<EventsRepository> {
  const publishDue = db.prepare<[string]>(
    "UPDATE events SET status = 'publish' WHERE status = 'future' AND date_utc <= ?",
  );
  return {
    ...sqliteEventsReader(readHandle(db)),
    publishDue: (nowUtc) => publishDue.run(nowUtc).changes,
  };
}
