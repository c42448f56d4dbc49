/**
 * Events inserted straight into the database, so term behaviour (counts, `post=` filters,
 * embedding) can be tested without going through the events API.
 */
import type { TestServer } from '../../../helpers/server.js';

type Status = 'publish' | 'draft' | 'pending' | 'private' | 'future' | 'trash';

export function addEvent(server: TestServer, status: Status): number {
  const { db } = server;
  const id = Number(db.prepare("INSERT INTO posts (kind) VALUES ('event')").run().lastInsertRowid);
  db.prepare(
    `INSERT INTO events (id, status, title, date_utc, modified_utc, timezone, start_local,
       end_local, start_utc, end_utc)
     VALUES (?, ?, 'Event', '2026-06-01 00:00:00', '2026-06-01 00:00:00', 'UTC',
       '2026-07-01 10:00:00', '2026-07-01 11:00:00', '2026-07-01 10:00:00', '2026-07-01 11:00:00')`,
  ).run(id, status);
  return id;
}

export function linkTerms(server: TestServer, event: number, termIds: number[]): void {
  const insert = server.db.prepare(
    'INSERT INTO event_terms (event_id, term_id, position) VALUES (?, ?, ?)',
  );
  termIds.forEach((term, position) => insert.run(event, term, position));
}

export function setStatus(server: TestServer, event: number, status: Status): void {
  server.db.prepare('UPDATE events SET status = ? WHERE id = ?').run(status, event);
}

export function deleteEvent(server: TestServer, event: number): void {
  server.db.prepare('DELETE FROM posts WHERE id = ?').run(event);
}

export function unlinkTerm(server: TestServer, event: number, term: number): void {
  server.db.prepare('DELETE FROM event_terms WHERE event_id = ? AND term_id = ?').run(event, term);
}

export const NS = '/api/calendar/events/v1';
export type Kind = 'categories' | 'tags';

/** The terms of an archive response, as `[id, name]` pairs. */
export function listed(body: Record<string, unknown>, kind: Kind): Array<[number, string]> {
  return (body[kind] as Array<{ id: number; name: string }>).map((t) => [t.id, t.name]);
}
