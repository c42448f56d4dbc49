/**
 * PostgreSQL's SQL of the change log's writes (storage/change-log.ts), through record_change
 * (migrations 0010 and 0029): a change takes the next number of a sequence and its transaction's
 * id, which the feed's watermark reads by (change-feed.ts). Several objects recorded by one call
 * take their numbers in the order given (the ordered subquery feeds record_change row by row).
 * Table names come from fixed maps, never from input.
 */
import type { ChangeLogStore, EventLink, PostKind } from '../change-log.js';
import { runAsync, type Steps } from '../steps.js';
import { rowsOf, type Query } from './query.js';

const POST_TABLES: Record<PostKind, string> = {
  event: 'events',
  venue: 'venues',
  organizer: 'organizers',
};

const EVENT_LINKS: Record<EventLink, string> = {
  venue: 'SELECT id FROM events WHERE venue_id = ANY($1::bigint[]) ORDER BY id',
  organizer: `SELECT DISTINCT event_id AS id FROM event_organizers
    WHERE organizer_id = ANY($1::bigint[]) ORDER BY event_id`,
  term: `SELECT DISTINCT event_id AS id FROM event_terms
    WHERE term_id = ANY($1::bigint[]) ORDER BY event_id`,
  parent: 'SELECT id FROM events WHERE parent_id = ANY($1::bigint[]) ORDER BY id',
  series: 'SELECT id FROM events WHERE series_id = ANY($1::bigint[]) ORDER BY id',
  image: 'SELECT id FROM events WHERE image_id = ANY($1::bigint[]) ORDER BY id',
  author: 'SELECT id FROM events WHERE author = ANY($1::bigint[]) ORDER BY id',
};

const ids = async (q: Query, sql: string, values: unknown[]): Promise<number[]> =>
  (await rowsOf<{ id: number }>(q, sql, values)).map((row) => Number(row.id));

export function pgChangeLog(q: Query): ChangeLogStore {
  return {
    async posts(kind, list, action, wasPublic = false) {
      if (list.length === 0) return;
      await q(
        `SELECT record_change('${kind}', p.id, $2, p.author, p.status = 'publish' OR $3, false)
         FROM (SELECT p.id, p.author, p.status
               FROM unnest($1::bigint[]) WITH ORDINALITY AS j(id, n)
               JOIN ${POST_TABLES[kind]} p ON p.id = j.id ORDER BY j.n) p`,
        [list, action, wasPublic],
      );
    },
    async embedding(eventIds) {
      if (eventIds.length === 0) return;
      await q(
        `SELECT record_change('event', e.id, 'updated', e.author, e.status = 'publish', true)
         FROM (SELECT e.id, e.author, e.status
               FROM unnest($1::bigint[]) WITH ORDINALITY AS j(id, n)
               JOIN events e ON e.id = j.id ORDER BY j.n) e`,
        [eventIds],
      );
    },
    async terms(list, action) {
      if (list.length === 0) return;
      await q(
        `SELECT record_change(t.taxonomy, t.id, $2, NULL, true, true)
         FROM (SELECT t.id, t.taxonomy FROM unnest($1::bigint[]) WITH ORDINALITY AS j(id, n)
               JOIN terms t ON t.id = j.id ORDER BY j.n) t`,
        [list, action],
      );
    },
    async gone(objects) {
      if (objects.length === 0) return;
      await q(
        `SELECT record_change(g.kind, g.id, 'deleted', g.author, g.public, false)
         FROM (SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::boolean[])
               WITH ORDINALITY AS g(kind, id, author, public, n) ORDER BY g.n) g`,
        [
          objects.map((o) => o.kind),
          objects.map((o) => o.id),
          objects.map((o) => o.author),
          objects.map((o) => o.public),
        ],
      );
    },
    async goneRows(list) {
      if (list.length === 0) return [];
      const rows = await rowsOf<{
        kind: PostKind;
        id: number;
        author: number | null;
        public: boolean;
      }>(
        q,
        `SELECT 'event' AS kind, id, author, status = 'publish' AS public FROM events
           WHERE id = ANY($1::bigint[])
         UNION ALL SELECT 'venue', id, author, status = 'publish' FROM venues
           WHERE id = ANY($1::bigint[])
         UNION ALL SELECT 'organizer', id, author, status = 'publish' FROM organizers
           WHERE id = ANY($1::bigint[])`,
        [list],
      );
      return rows.map((row) => ({
        ...row,
        id: Number(row.id),
        author: row.author === null ? null : Number(row.author),
      }));
    },
    eventsLinked: async (link, list) =>
      list.length === 0 ? [] : ids(q, EVENT_LINKS[link], [list]),
    async linkedPostsOf(link, list) {
      if (list.length === 0) return [];
      const column = link === 'image' ? 'image_id' : 'author';
      const rows = await rowsOf<{ kind: 'venue' | 'organizer'; id: number }>(
        q,
        `SELECT 'venue' AS kind, id FROM venues WHERE ${column} = ANY($1::bigint[])
         UNION ALL SELECT 'organizer', id FROM organizers WHERE ${column} = ANY($1::bigint[])`,
        [list],
      );
      return rows.map((row) => ({ kind: row.kind, id: Number(row.id) }));
    },
    termsOf: async (eventIds, only) =>
      eventIds.length === 0
        ? []
        : ids(
            q,
            `SELECT DISTINCT et.term_id AS id FROM event_terms et
             JOIN events e ON e.id = et.event_id JOIN terms t ON t.id = et.term_id
             WHERE et.event_id = ANY($1::bigint[]) AND (NOT $2 OR e.status = 'publish')
               AND ($3::text IS NULL OR t.taxonomy = $3)
             ORDER BY et.term_id`,
            [eventIds, only.published === true, only.taxonomy ?? null],
          ),
    async counted(eventId, termIds) {
      if (termIds.length === 0) return;
      await q(
        `SELECT record_change(t.taxonomy, t.id, 'updated', NULL, true, true)
         FROM (SELECT t.id, t.taxonomy FROM unnest($2::bigint[]) WITH ORDINALITY AS j(id, n)
               JOIN terms t ON t.id = j.id
               WHERE EXISTS (SELECT 1 FROM events e WHERE e.id = $1 AND e.status = 'publish')
               ORDER BY j.n) t`,
        [eventId, termIds],
      );
    },
    childTerms: (termId) => ids(q, 'SELECT id FROM terms WHERE parent = $1 ORDER BY id', [termId]),
  };
}

/** Records what a write changed, awaiting each of the change log's statements. */
export type PgLog = <T>(steps: Steps<ChangeLogStore, T>) => Promise<T>;

export function pgLog(q: Query): PgLog {
  const store = pgChangeLog(q);
  return (steps) => runAsync(steps, store);
}
