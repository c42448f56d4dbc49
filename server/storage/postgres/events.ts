/** PostgreSQL's SQL of the part of the events aggregate behind the ports: scheduled publishing. */
import type { EventsReader, EventsRepository } from '../events.js';
import { rowOf, type Query } from './query.js';

export function pgEventsReader(q: Query): EventsReader {
  return {
    // The partial index events_future (migration 0004) answers this in one step.
    earliestScheduled: async () =>
      (
        await rowOf<{ at: string | null }>(
          q,
          "SELECT min(date_utc) AS at FROM events WHERE status = 'future'",
        )
      )?.at ?? undefined,
  };
}

export function pgEvents(q: Query): EventsRepository {
  return {
    ...pgEventsReader(q),
    publishDue: async (nowUtc) =>
      (
        await q("UPDATE events SET status = 'publish' WHERE status = 'future' AND date_utc <= $1", [
          nowUtc,
        ])
      ).rowCount ?? 0,
  };
}
