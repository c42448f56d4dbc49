/**
 * SQLite's SQL of the change log's writes (storage/change-log.ts). A change takes the next
 * number of the one counter (sync_state.seq) inside the single writer, so the numbers a reader
 * sees committed form a prefix (migration 0010). Several objects recorded by one call take
 * consecutive numbers in the order given. Table names come from fixed maps, never from input.
 */
import type { Db } from '../../db/open.js';
import type { ChangeLogStore, EventLink, GoneObject, PostKind } from '../change-log.js';
import { runSync, type Steps } from '../steps.js';
import type { Sync } from './repository.js';

const POST_TABLES: Record<PostKind, string> = {
  event: 'events',
  venue: 'venues',
  organizer: 'organizers',
};

const NOW = "strftime('%Y-%m-%d %H:%M:%S', 'now')";

/** Replaces an object's change (seq, action and author given). */
const UPSERT = `ON CONFLICT (kind, item_id) DO UPDATE SET seq = excluded.seq,
  action = excluded.action, author = excluded.author,
  ever_public = changes.ever_public OR excluded.ever_public, by_user = NULL,
  changed_utc = excluded.changed_utc`;

/** The same, keeping the author the change log knows (an event changed by what it shows). */
const UPSERT_KEEPING_AUTHOR = `ON CONFLICT (kind, item_id) DO UPDATE SET seq = excluded.seq,
  action = excluded.action, ever_public = changes.ever_public OR excluded.ever_public,
  by_user = NULL, changed_utc = excluded.changed_utc`;

const EVENT_LINKS: Record<EventLink, string> = {
  venue: 'SELECT id FROM events WHERE venue_id IN (SELECT value FROM json_each(?)) ORDER BY id',
  organizer: `SELECT DISTINCT event_id FROM event_organizers
    WHERE organizer_id IN (SELECT value FROM json_each(?)) ORDER BY event_id`,
  term: `SELECT DISTINCT event_id FROM event_terms
    WHERE term_id IN (SELECT value FROM json_each(?)) ORDER BY event_id`,
  parent: 'SELECT id FROM events WHERE parent_id IN (SELECT value FROM json_each(?)) ORDER BY id',
  series: 'SELECT id FROM events WHERE series_id IN (SELECT value FROM json_each(?)) ORDER BY id',
  image: 'SELECT id FROM events WHERE image_id IN (SELECT value FROM json_each(?)) ORDER BY id',
  author: 'SELECT id FROM events WHERE author IN (SELECT value FROM json_each(?)) ORDER BY id',
};

export function sqliteChangeLog(db: Db): Sync<ChangeLogStore> {
  const advance = db.prepare<[number]>('UPDATE sync_state SET seq = seq + ? WHERE id = 1');
  const posts = Object.fromEntries(
    Object.entries(POST_TABLES).map(([kind, table]) => [
      kind,
      db.prepare<{ ids: string; action: string; was: number }>(
        `INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
         SELECT '${kind}', p.id, s.seq + row_number() OVER (ORDER BY j.key), @action, p.author,
           p.status = 'publish' OR @was, ${NOW}
         FROM sync_state s, json_each(@ids) j JOIN ${table} p ON p.id = j.value WHERE s.id = 1
         ${UPSERT}`,
      ),
    ]),
  ) as Record<
    PostKind,
    ReturnType<typeof db.prepare<{ ids: string; action: string; was: number }>>
  >;
  // One object, the common case: the same without the list and its window (about a sixth
  // cheaper per record).
  const post = Object.fromEntries(
    Object.entries(POST_TABLES).map(([kind, table]) => [
      kind,
      db.prepare<{ id: number; action: string; was: number }>(
        `INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
         SELECT '${kind}', p.id, s.seq + 1, @action, p.author, p.status = 'publish' OR @was, ${NOW}
         FROM sync_state s, ${table} p WHERE s.id = 1 AND p.id = @id
         ${UPSERT}`,
      ),
    ]),
  ) as Record<PostKind, ReturnType<typeof db.prepare<{ id: number; action: string; was: number }>>>;
  const s = {
    embedding: db.prepare<[string]>(
      `INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
       SELECT 'event', e.id, s.seq + row_number() OVER (ORDER BY j.key), 'updated', e.author,
         e.status = 'publish', ${NOW}
       FROM sync_state s, json_each(?) j JOIN events e ON e.id = j.value WHERE s.id = 1
       ${UPSERT_KEEPING_AUTHOR}`,
    ),
    terms: db.prepare<[string, string]>(
      `INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
       SELECT t.taxonomy, t.id, s.seq + row_number() OVER (ORDER BY j.key), ?, NULL, 1, ${NOW}
       FROM sync_state s, json_each(?) j JOIN terms t ON t.id = j.value WHERE s.id = 1
       ${UPSERT_KEEPING_AUTHOR}`,
    ),
    gone: db.prepare<[string]>(
      `INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
       SELECT j.value ->> 'kind', j.value ->> 'id', s.seq + j.key + 1, 'deleted',
         j.value ->> 'author', j.value ->> 'public', ${NOW}
       FROM sync_state s, json_each(?) j WHERE s.id = 1
       ${UPSERT}`,
    ),
    goneRows: db.prepare<
      { ids: string },
      { kind: PostKind; id: number; author: number | null; public: number }
    >(
      `SELECT 'event' AS kind, id, author, status = 'publish' AS public FROM events
         WHERE id IN (SELECT value FROM json_each(@ids))
       UNION ALL SELECT 'venue', id, author, status = 'publish' FROM venues
         WHERE id IN (SELECT value FROM json_each(@ids))
       UNION ALL SELECT 'organizer', id, author, status = 'publish' FROM organizers
         WHERE id IN (SELECT value FROM json_each(@ids))`,
    ),
    linkedPosts: {
      image: db.prepare<{ ids: string }, { kind: 'venue' | 'organizer'; id: number }>(
        `SELECT 'venue' AS kind, id FROM venues WHERE image_id IN (SELECT value FROM json_each(@ids))
         UNION ALL SELECT 'organizer', id FROM organizers
           WHERE image_id IN (SELECT value FROM json_each(@ids))`,
      ),
      author: db.prepare<{ ids: string }, { kind: 'venue' | 'organizer'; id: number }>(
        `SELECT 'venue' AS kind, id FROM venues WHERE author IN (SELECT value FROM json_each(@ids))
         UNION ALL SELECT 'organizer', id FROM organizers
           WHERE author IN (SELECT value FROM json_each(@ids))`,
      ),
    },
    termsOf: db
      .prepare<{ ids: string; published: number; taxonomy: string | null }, number>(
        `SELECT DISTINCT et.term_id FROM event_terms et
         JOIN events e ON e.id = et.event_id JOIN terms t ON t.id = et.term_id
         WHERE et.event_id IN (SELECT value FROM json_each(@ids))
           AND (@published = 0 OR e.status = 'publish')
           AND (@taxonomy IS NULL OR t.taxonomy = @taxonomy)
         ORDER BY et.term_id`,
      )
      .pluck(),
    counted: db.prepare<{ event: number; ids: string }>(
      `INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
       SELECT t.taxonomy, t.id, s.seq + row_number() OVER (ORDER BY j.key), 'updated', NULL, 1,
         ${NOW}
       FROM sync_state s, json_each(@ids) j JOIN terms t ON t.id = j.value
       WHERE s.id = 1
         AND EXISTS (SELECT 1 FROM events e WHERE e.id = @event AND e.status = 'publish')
       ${UPSERT_KEEPING_AUTHOR}`,
    ),
    childTerms: db
      .prepare<[number], number>('SELECT id FROM terms WHERE parent = ? ORDER BY id')
      .pluck(),
  };
  const links = Object.fromEntries(
    Object.entries(EVENT_LINKS).map(([link, sql]) => [
      link,
      db.prepare<[string], number>(sql).pluck(),
    ]),
  ) as Record<EventLink, ReturnType<typeof db.prepare<[string], number>>>;

  /** A statement that recorded `changes` rows took their numbers: the counter moves past them. */
  const took = (changes: number) => {
    if (changes > 0) advance.run(changes);
  };
  const json = (ids: readonly unknown[]) => JSON.stringify(ids);

  return {
    posts(kind, ids, action, wasPublic = false) {
      if (ids.length === 0) return;
      const was = wasPublic ? 1 : 0;
      took(
        ids.length === 1
          ? post[kind].run({ id: ids[0]!, action, was }).changes
          : posts[kind].run({ ids: json(ids), action, was }).changes,
      );
    },
    embedding(eventIds) {
      if (eventIds.length > 0) took(s.embedding.run(json(eventIds)).changes);
    },
    terms(ids, action) {
      if (ids.length > 0) took(s.terms.run(action, json(ids)).changes);
    },
    gone(objects: readonly GoneObject[]) {
      if (objects.length > 0) took(s.gone.run(json(objects)).changes);
    },
    goneRows: (ids) =>
      ids.length === 0
        ? []
        : s.goneRows.all({ ids: json(ids) }).map((row) => ({ ...row, public: row.public === 1 })),
    eventsLinked: (link, ids) => (ids.length === 0 ? [] : links[link].all(json(ids))),
    linkedPostsOf: (link, ids) =>
      ids.length === 0 ? [] : s.linkedPosts[link].all({ ids: json(ids) }),
    termsOf: (eventIds, only) =>
      eventIds.length === 0
        ? []
        : s.termsOf.all({
            ids: json(eventIds),
            published: only.published === true ? 1 : 0,
            taxonomy: only.taxonomy ?? null,
          }),
    counted(eventId, termIds) {
      if (termIds.length > 0) took(s.counted.run({ event: eventId, ids: json(termIds) }).changes);
    },
    childTerms: (termId) => s.childTerms.all(termId),
  };
}

/** Records what a write changed, on the change log's synchronous form. */
export type SqliteLog = <T>(steps: Steps<ChangeLogStore, T>) => T;

export function sqliteLog(db: Db): SqliteLog {
  const store = sqliteChangeLog(db);
  return (steps) => runSync(steps, store);
}
