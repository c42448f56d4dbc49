/**
 * PostgreSQL's SQL of the events aggregate (storage/events.ts), answering as SQLite's
 * (storage/sqlite/events.ts) does. New ids come from the posts' sequence (migration 0001);
 * lists of ids travel as arrays.
 */
import {
  EVENT_COLUMNS,
  EVENT_UPDATE_COLUMNS,
  type EventRow,
  type EventsReader,
  type EventsRepository,
  type TrashMeta,
} from '../events.js';
import { rowOf, rowsOf, type Query } from './query.js';
import { pgLog } from './change-log.js';
import { eventWritten, eventsPublished, linksReplaced, termsLinked } from '../change-log.js';

// The insert records the new event in the change log in the same statement (one round trip;
// what eventWritten records for a new event, storage/change-log.ts).
const INSERT = `WITH created AS (
    INSERT INTO events (id, ${EVENT_COLUMNS.join(', ')})
    VALUES ($1, ${EVENT_COLUMNS.map((_, i) => `$${i + 2}`).join(', ')})
    RETURNING id, author, status)
  SELECT record_change('event', id, 'created', author, status = 'publish', false) FROM created`;
// Answers the status the event had (the change log remembers whether it was ever public).
const UPDATE = `UPDATE events SET ${EVENT_UPDATE_COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ')}
  FROM (SELECT status AS before FROM events WHERE id = $1) o WHERE id = $1 RETURNING o.before`;

/**
 * A link list as SQLite stores it (positions are the list's indexes, a repeated id keeps its
 * first): the ids once each, and their positions.
 */
function positioned(ids: readonly number[]): [number[], number[]] {
  const seen = new Set<number>();
  const kept: number[] = [];
  const positions: number[] = [];
  ids.forEach((id, index) => {
    if (seen.has(id)) return;
    seen.add(id);
    kept.push(id);
    positions.push(index);
  });
  return [kept, positions];
}

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
    get: (id) => rowOf<EventRow>(q, 'SELECT * FROM events WHERE id = $1', [id]),
    kind: async (id) =>
      (await rowOf<{ kind: string }>(q, 'SELECT kind FROM posts WHERE id = $1', [id]))?.kind,
    kinds: async (ids) =>
      new Map(
        ids.length === 0
          ? []
          : (
              await rowsOf<{ id: number; kind: string }>(
                q,
                'SELECT id, kind FROM posts WHERE id = ANY($1::bigint[])',
                [[...ids]],
              )
            ).map((row) => [row.id, row.kind] as const),
      ),
    bySlug: (slug) =>
      rowOf<EventRow>(q, 'SELECT * FROM events WHERE slug = $1 ORDER BY id LIMIT 1', [slug]),
    // `base`, `base-2`, … sit between `base` and `base.` in byte order ('.' follows '-'), as
    // on SQLite (db/slug-variants.ts): one range of the slug index.
    slugVariants: async (base, selfId) => {
      const rows = await rowsOf<{ slug: string }>(
        q,
        `SELECT slug FROM events
         WHERE slug >= $1 AND slug < $2 AND id <> $3
           AND (slug = $1 OR (substr(slug, $4 - 1, 1) = '-' AND substr(slug, $4) <> ''
             AND substr(slug, $4) !~ '[^0-9]'))`,
        [base, `${base}.`, selfId, [...base].length + 2],
      );
      return new Set(rows.map((row) => row.slug));
    },
    async organizersOf(eventIds) {
      const out = new Map<number, number[]>(eventIds.map((id) => [id, []]));
      if (eventIds.length === 0) return out;
      const rows = await rowsOf<{ event_id: number; organizer_id: number }>(
        q,
        `SELECT event_id, organizer_id FROM event_organizers
         WHERE event_id = ANY($1::bigint[]) ORDER BY event_id, position`,
        [[...eventIds]],
      );
      for (const row of rows) out.get(row.event_id)?.push(row.organizer_id);
      return out;
    },
    termIds: async (eventId, taxonomy) =>
      (
        await rowsOf<{ term_id: number }>(
          q,
          `SELECT et.term_id FROM event_terms et JOIN terms t ON t.id = et.term_id
           WHERE et.event_id = $1 AND t.taxonomy = $2 ORDER BY et.position`,
          [eventId, taxonomy],
        )
      ).map((row) => row.term_id),
    trashMeta: (id) =>
      rowOf<TrashMeta>(
        q,
        `SELECT post_id, previous_status, previous_slug, trashed_utc FROM trash_meta
         WHERE post_id = $1`,
        [id],
      ),
  };
}

export function pgEvents(q: Query): EventsRepository {
  const log = pgLog(q);
  return {
    ...pgEventsReader(q),
    async publishDue(nowUtc) {
      const published = await rowsOf<{ id: number }>(
        q,
        "UPDATE events SET status = 'publish' WHERE status = 'future' AND date_utc <= $1 RETURNING id",
        [nowUtc],
      );
      const ids = published.map((row) => Number(row.id)).sort((a, b) => a - b);
      await log(eventsPublished(ids));
      return ids.length;
    },
    newId: async () =>
      (await rowOf<{ id: number }>(q, "INSERT INTO posts (kind) VALUES ('event') RETURNING id"))!
        .id,
    async claimId(id) {
      await q("INSERT INTO posts (id, kind) VALUES ($1, 'event')", [id]);
    },
    async insert(row) {
      await q(INSERT, [row.id, ...EVENT_COLUMNS.map((c) => row[c])]);
    },
    async update(row) {
      const updated = await rowOf<{ before: string }>(q, UPDATE, [
        row.id,
        ...EVENT_UPDATE_COLUMNS.map((c) => row[c]),
      ]);
      if (updated) await log(eventWritten(row.id, updated.before, row.status));
    },
    async setOrganizers(eventId, organizerIds, fresh = false) {
      const removed = fresh
        ? []
        : (
            await rowsOf<{ id: number }>(
              q,
              'DELETE FROM event_organizers WHERE event_id = $1 RETURNING organizer_id AS id',
              [eventId],
            )
          ).map((row) => Number(row.id));
      await log(linksReplaced(eventId, removed, [], false));
      if (organizerIds.length === 0) return;
      const [ids, positions] = positioned(organizerIds);
      await q(
        `INSERT INTO event_organizers (event_id, organizer_id, position)
         SELECT $1, l.id, l.position FROM unnest($2::bigint[], $3::integer[]) AS l(id, position)
         ON CONFLICT DO NOTHING`,
        [eventId, ids, positions],
      );
    },
    async setTerms(eventId, taxonomy, termIds, fresh = false) {
      const removed = fresh ? [] : await log(termsLinked(eventId, taxonomy));
      if (!fresh) {
        await q(
          `DELETE FROM event_terms WHERE event_id = $1
           AND term_id IN (SELECT id FROM terms WHERE taxonomy = $2)`,
          [eventId, taxonomy],
        );
      }
      await log(linksReplaced(eventId, removed, [], true));
      if (termIds.length === 0) return;
      const [ids, positions] = positioned(termIds);
      // The links made, and (for a published event) the terms whose count they move recorded in
      // the same statement, in link order: what linksReplaced records of added links.
      await q(
        `WITH added AS (
           INSERT INTO event_terms (event_id, term_id, position)
           SELECT $1, l.id, l.position FROM unnest($2::bigint[], $3::integer[]) AS l(id, position)
           ON CONFLICT DO NOTHING
           RETURNING term_id, position)
         SELECT record_change(t.taxonomy, t.id, 'updated', NULL, true, true)
         FROM (SELECT t.id, t.taxonomy FROM added JOIN terms t ON t.id = added.term_id
               WHERE EXISTS (SELECT 1 FROM events e WHERE e.id = $1 AND e.status = 'publish')
               ORDER BY added.position) t`,
        [eventId, ids, positions],
      );
    },
    async putTrashMeta(meta) {
      await q(
        `INSERT INTO trash_meta (post_id, previous_status, previous_slug, trashed_utc)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (post_id) DO UPDATE SET previous_status = excluded.previous_status,
           previous_slug = excluded.previous_slug, trashed_utc = excluded.trashed_utc`,
        [meta.post_id, meta.previous_status, meta.previous_slug, meta.trashed_utc],
      );
    },
    async dropTrashMeta(id) {
      await q('DELETE FROM trash_meta WHERE post_id = $1', [id]);
    },
  };
}
