/**
 * Events and term links written as rows straight into the server's database (`server.sql`,
 * either engine), so term behaviour (counts kept by the triggers, `post=` filters, embedding) can
 * be tested without going through the events API.
 */
import type { TestServer } from '../../../helpers/server.js';

type Status = 'publish' | 'draft' | 'pending' | 'private' | 'future' | 'trash';

export async function addEvent(server: TestServer, status: Status): Promise<number> {
  // PostgreSQL's BIGINT ids come back as text.
  const [post] = await server.sql<{ id: number | string }>(
    "INSERT INTO posts (kind) VALUES ('event') RETURNING id",
  );
  const id = Number(post!.id);
  await server.sql(
    `INSERT INTO events (id, status, title, date_utc, modified_utc, timezone, start_local,
       end_local, start_utc, end_utc)
     VALUES (?, ?, 'Event', '2026-06-01 00:00:00', '2026-06-01 00:00:00', 'UTC',
       '2026-07-01 10:00:00', '2026-07-01 11:00:00', '2026-07-01 10:00:00', '2026-07-01 11:00:00')`,
    id,
    status,
  );
  return id;
}

export async function linkTerms(server: TestServer, event: number, termIds: number[]) {
  for (const [position, term] of termIds.entries())
    await server.sql(
      'INSERT INTO event_terms (event_id, term_id, position) VALUES (?, ?, ?)',
      event,
      term,
      position,
    );
}

export async function setStatus(server: TestServer, event: number, status: Status) {
  await server.sql('UPDATE events SET status = ? WHERE id = ?', status, event);
}

export async function deleteEvent(server: TestServer, event: number) {
  await server.sql('DELETE FROM posts WHERE id = ?', event);
}

export async function unlinkTerm(server: TestServer, event: number, term: number) {
  await server.sql('DELETE FROM event_terms WHERE event_id = ? AND term_id = ?', event, term);
}

export const NS = '/api/calendar/events/v1';
export type Kind = 'categories' | 'tags';

/** The terms of an archive response, as `[id, name]` pairs. */
export function listed(body: Record<string, unknown>, kind: Kind): Array<[number, string]> {
  return (body[kind] as Array<{ id: number; name: string }>).map((t) => [t.id, t.name]);
}
