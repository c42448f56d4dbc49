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

/**
 * Inserts an event row directly (the events API is another resource), through the server's own
 * database whichever the engine.
 */
export async function insertEvent(server: TestServer, event: EventRow = {}): Promise<number> {
  const start = event.start ?? '2026-07-01 10:00:00';
  const [post] = await server.sql<{ id: number }>(
    "INSERT INTO posts (kind) VALUES ('event') RETURNING id",
  );
  const id = Number(post!.id);
  await server.sql(
    `INSERT INTO events (id, author, status, slug, title, date_utc, modified_utc, timezone,
       start_local, end_local, start_utc, end_utc, venue_id)
     VALUES (?, ?, ?, ?, 'Event', '2026-06-01 00:00:00', '2026-06-01 00:00:00',
       'UTC', ?, ?, ?, ?, ?)`,
    id,
    event.author ?? 1,
    event.status ?? 'publish',
    `event-${id}`,
    start,
    start,
    start,
    start,
    event.venue ?? null,
  );
  for (const [position, organizer] of (event.organizers ?? []).entries()) {
    await server.sql(
      'INSERT INTO event_organizers (event_id, organizer_id, position) VALUES (?, ?, ?)',
      id,
      organizer,
      position,
    );
  }
  return id;
}

export async function venueOf(server: TestServer, eventId: number): Promise<number | null> {
  const [row] = await server.sql<{ venue_id: number | null }>(
    'SELECT venue_id FROM events WHERE id = ?',
    eventId,
  );
  // PostgreSQL answers a bigint as text.
  return row?.venue_id == null ? null : Number(row.venue_id);
}

export async function organizersOf(server: TestServer, eventId: number): Promise<number[]> {
  const rows = await server.sql<{ organizer_id: number }>(
    'SELECT organizer_id FROM event_organizers WHERE event_id = ? ORDER BY position',
    eventId,
  );
  return rows.map((row) => Number(row.organizer_id));
}
