/**
 * Trashed (and live) events, venues and organizers written as rows straight into the tables of
 * migrations 0003/0004 (`server.sql`, either engine), so the trash can be tested without the
 * resources' own services.
 */
import type { PostStatus } from '../../../../shared/roles.js';
import type { TestServer } from '../../../helpers/server.js';

export type Kind = 'event' | 'venue' | 'organizer';

export interface PostFixture {
  kind: Kind;
  title: string;
  slug: string;
  status: PostStatus;
  author?: number | null;
  /** Recorded in trash_meta when given. */
  trashed?: { previous_status: PostStatus; previous_slug: string; trashed_utc: string };
  terms?: number[];
}

const TABLE = { event: 'events', venue: 'venues', organizer: 'organizers' } as const;
const STAMP = '2026-06-01 10:00:00';

/** The id of the row an `INSERT … RETURNING id` wrote (PostgreSQL's BIGINT comes back as text). */
async function inserted(server: TestServer, text: string, ...params: unknown[]): Promise<number> {
  const [row] = await server.sql<{ id: number | string }>(`${text} RETURNING id`, ...params);
  return Number(row!.id);
}

export async function insertPost(server: TestServer, post: PostFixture): Promise<number> {
  const id = await inserted(server, 'INSERT INTO posts (kind) VALUES (?)', post.kind);
  const base = [id, post.author ?? null, post.status, post.slug, post.title, STAMP, STAMP];
  if (post.kind === 'event') {
    await server.sql(
      `INSERT INTO events (id, author, status, slug, title, date_utc, modified_utc, timezone,
         start_local, end_local, start_utc, end_utc)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'UTC',
         '2026-07-01 10:00:00', '2026-07-01 12:00:00', '2026-07-01 10:00:00', '2026-07-01 12:00:00')`,
      ...base,
    );
    for (const [position, term] of (post.terms ?? []).entries()) {
      await server.sql(
        'INSERT INTO event_terms (event_id, term_id, position) VALUES (?, ?, ?)',
        id,
        term,
        position,
      );
    }
  } else {
    await server.sql(
      `INSERT INTO ${TABLE[post.kind]} (id, author, status, slug, title, date_utc, modified_utc)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ...base,
    );
  }
  if (post.trashed) {
    await server.sql(
      `INSERT INTO trash_meta (post_id, previous_status, previous_slug, trashed_utc)
       VALUES (?, ?, ?, ?)`,
      id,
      post.trashed.previous_status,
      post.trashed.previous_slug,
      post.trashed.trashed_utc,
    );
  }
  return id;
}

/** A trashed object as the resources' DELETE leaves it: `__trashed` slug and a trash_meta row. */
export function insertTrashed(
  server: TestServer,
  kind: Kind,
  title: string,
  options: {
    author?: number | null;
    previous_status?: PostStatus;
    trashed_utc?: string;
    slug?: string;
    terms?: number[];
  } = {},
): Promise<number> {
  const slug = options.slug ?? title.toLowerCase().replace(/\W+/g, '-');
  return insertPost(server, {
    kind,
    title,
    slug: `${slug}__trashed`,
    status: 'trash',
    author: options.author ?? null,
    terms: options.terms ?? [],
    trashed: {
      previous_status: options.previous_status ?? 'publish',
      previous_slug: slug,
      trashed_utc: options.trashed_utc ?? '2026-06-10 08:00:00',
    },
  });
}

export async function rowOf(server: TestServer, kind: Kind, id: number) {
  const [row] = await server.sql<{ status: string; slug: string; modified_utc: string }>(
    `SELECT status, slug, modified_utc FROM ${TABLE[kind]} WHERE id = ?`,
    id,
  );
  return row;
}

export function insertTerm(server: TestServer, name: string): Promise<number> {
  return inserted(
    server,
    "INSERT INTO terms (taxonomy, name, slug) VALUES ('category', ?, ?)",
    name,
    name.toLowerCase(),
  );
}

export async function termCount(server: TestServer, id: number): Promise<number> {
  const [row] = await server.sql<{ count: number }>('SELECT count FROM terms WHERE id = ?', id);
  return row!.count;
}

/** The number of rows in a table. */
export async function rowCount(server: TestServer, table: string): Promise<number> {
  const [row] = await server.sql<{ n: number | string }>(`SELECT count(*) AS n FROM ${table}`);
  return Number(row!.n);
}

/** The ids of every post, in id order. */
export async function postIds(server: TestServer): Promise<number[]> {
  const rows = await server.sql<{ id: number | string }>('SELECT id FROM posts ORDER BY id');
  return rows.map((row) => Number(row.id));
}
