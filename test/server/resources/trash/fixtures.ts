/**
 * Trashed (and live) events, venues and organizers written straight into the tables of
 * migrations 0003/0004, so the trash can be tested without the resources' own services.
 */
import type { Db } from '../../../../server/db/open.js';
import type { PostStatus } from '../../../../shared/roles.js';

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

export function insertPost(db: Db, post: PostFixture): number {
  return db.transaction(() => {
    const id = Number(
      db.prepare('INSERT INTO posts (kind) VALUES (?)').run(post.kind).lastInsertRowid,
    );
    const base = {
      id,
      author: post.author ?? null,
      status: post.status,
      slug: post.slug,
      title: post.title,
      stamp: STAMP,
    };
    if (post.kind === 'event') {
      db.prepare(
        `INSERT INTO events (id, author, status, slug, title, date_utc, modified_utc, timezone,
           start_local, end_local, start_utc, end_utc)
         VALUES (@id, @author, @status, @slug, @title, @stamp, @stamp, 'UTC',
           '2026-07-01 10:00:00', '2026-07-01 12:00:00', '2026-07-01 10:00:00', '2026-07-01 12:00:00')`,
      ).run(base);
      for (const [position, term] of (post.terms ?? []).entries()) {
        db.prepare('INSERT INTO event_terms (event_id, term_id, position) VALUES (?, ?, ?)').run(
          id,
          term,
          position,
        );
      }
    } else {
      db.prepare(
        `INSERT INTO ${TABLE[post.kind]} (id, author, status, slug, title, date_utc, modified_utc)
         VALUES (@id, @author, @status, @slug, @title, @stamp, @stamp)`,
      ).run(base);
    }
    if (post.trashed) {
      db.prepare(
        `INSERT INTO trash_meta (post_id, previous_status, previous_slug, trashed_utc)
         VALUES (?, ?, ?, ?)`,
      ).run(id, post.trashed.previous_status, post.trashed.previous_slug, post.trashed.trashed_utc);
    }
    return id;
  })();
}

/** A trashed object as the resources' DELETE leaves it: `__trashed` slug and a trash_meta row. */
export function insertTrashed(
  db: Db,
  kind: Kind,
  title: string,
  options: {
    author?: number | null;
    previous_status?: PostStatus;
    trashed_utc?: string;
    slug?: string;
    terms?: number[];
  } = {},
): number {
  const slug = options.slug ?? title.toLowerCase().replace(/\W+/g, '-');
  return insertPost(db, {
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

export function rowOf(db: Db, kind: Kind, id: number) {
  return db
    .prepare(`SELECT status, slug, modified_utc FROM ${TABLE[kind]} WHERE id = ?`)
    .get(id) as { status: string; slug: string; modified_utc: string } | undefined;
}

export function insertTerm(db: Db, name: string): number {
  return Number(
    db
      .prepare("INSERT INTO terms (taxonomy, name, slug) VALUES ('category', ?, ?)")
      .run(name, name.toLowerCase()).lastInsertRowid,
  );
}

export const termCount = (db: Db, id: number): number =>
  (db.prepare('SELECT count FROM terms WHERE id = ?').get(id) as { count: number }).count;
