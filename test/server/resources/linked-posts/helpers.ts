/**
 * Shared set-up for the venue and organizer tests: API paths, and events written
 * straight into the database so these tests do not depend on the events API.
 */
import type { ApiResult, TestServer } from '../../../helpers/server.js';

export const NS = '/api/calendar/events/v1';
export const VENUES = `${NS}/venues`;
export const ORGANIZERS = `${NS}/organizers`;

export interface Item {
  id: number;
  [key: string]: unknown;
}

/** The ids of a listing response, in order. */
export function idsOf(response: ApiResult, key: 'venues' | 'organizers'): number[] {
  return (response.body[key] as Item[]).map((item) => item.id);
}

export interface EventRow {
  status?: string;
  /** UTC start, `YYYY-MM-DD HH:MM:SS`. */
  start?: string;
  venue?: number | null;
  organizers?: number[];
  author?: number;
}

/** Inserts an event row directly (the events API is another resource). */
export function insertEvent(server: TestServer, event: EventRow = {}): number {
  const { db } = server.services;
  const start = event.start ?? '2026-07-01 10:00:00';
  return db.transaction(() => {
    const id = Number(
      db.prepare("INSERT INTO posts (kind) VALUES ('event')").run().lastInsertRowid,
    );
    db.prepare(
      `INSERT INTO events (id, author, status, slug, title, date_utc, modified_utc, timezone,
         start_local, end_local, start_utc, end_utc, venue_id)
       VALUES (@id, @author, @status, @slug, 'Event', '2026-06-01 00:00:00', '2026-06-01 00:00:00',
         'UTC', @start, @start, @start, @start, @venue)`,
    ).run({
      id,
      author: event.author ?? 1,
      status: event.status ?? 'publish',
      slug: `event-${id}`,
      start,
      venue: event.venue ?? null,
    });
    (event.organizers ?? []).forEach((organizer, position) => {
      db.prepare(
        'INSERT INTO event_organizers (event_id, organizer_id, position) VALUES (?, ?, ?)',
      ).run(id, organizer, position);
    });
    return id;
  })();
}

export function venueOf(server: TestServer, eventId: number): number | null {
  return server.services.db
    .prepare('SELECT venue_id FROM events WHERE id = ?')
    .pluck()
    .get(eventId) as number | null;
}

export function organizersOf(server: TestServer, eventId: number): number[] {
  return server.services.db
    .prepare('SELECT organizer_id FROM event_organizers WHERE event_id = ? ORDER BY position')
    .pluck()
    .all(eventId) as number[];
}
