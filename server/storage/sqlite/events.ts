/**
 * SQL of the events aggregate (storage/events.ts): rows, their links to organizers and terms,
 * slugs, the trash's memory, the shared id space and scheduled publishing.
 */
import { insertPostSql } from '../../db/post-ids.js';
import type { Db } from '../../db/open.js';
import { readHandle, type ReadDb } from '../../db/read.js';
import { prepareSlugVariants } from '../../db/slug-variants.js';
import {
  EVENT_COLUMNS,
  EVENT_UPDATE_COLUMNS,
  type EventRow,
  type EventsReader,
  type EventsRepository,
  type TrashMeta,
} from '../events.js';
import type { Sync } from './repository.js';
import { objectRows } from './row-objects.js';
import { sqliteLog } from './change-log.js';
import { eventWritten, eventsPublished, linksReplaced, termsLinked } from '../change-log.js';

export function sqliteEventsReader(db: ReadDb): Sync<EventsReader> {
  // The partial index events_future (migration 0004) answers this in one step.
  const earliest = db
    .prepare<[], string | null>("SELECT min(date_utc) FROM events WHERE status = 'future'")
    .pluck();
  const slugVariants = prepareSlugVariants<{ id: number }>(db, 'events', 'id <> @id');
  const s = {
    get: objectRows<[number], EventRow>(db.prepare('SELECT * FROM events WHERE id = ?')),
    kind: db.prepare<[number], { kind: string }>('SELECT kind FROM posts WHERE id = ?'),
    kinds: db.prepare<[string], { id: number; kind: string }>(
      'SELECT id, kind FROM posts WHERE id IN (SELECT value FROM json_each(?))',
    ),
    bySlug: objectRows<[string], EventRow>(
      db.prepare('SELECT * FROM events WHERE slug = ? ORDER BY id LIMIT 1'),
    ),
    organizersOf: db.prepare<[string], { event_id: number; organizer_id: number }>(
      `SELECT event_id, organizer_id FROM event_organizers
       WHERE event_id IN (SELECT value FROM json_each(?)) ORDER BY event_id, position`,
    ),
    termsOf: db.prepare<[number, string], { term_id: number }>(
      `SELECT et.term_id FROM event_terms et JOIN terms t ON t.id = et.term_id
       WHERE et.event_id = ? AND t.taxonomy = ? ORDER BY et.position`,
    ),
    trashMeta: db.prepare<[number], TrashMeta>('SELECT * FROM trash_meta WHERE post_id = ?'),
  };
  return {
    earliestScheduled: () => earliest.get() ?? undefined,
    get: (id) => s.get.get(id),
    kind: (id) => s.kind.get(id)?.kind,
    kinds: (ids) =>
      new Map(
        ids.length === 0
          ? []
          : s.kinds.all(JSON.stringify(ids)).map((row) => [row.id, row.kind] as const),
      ),
    bySlug: (slug) => s.bySlug.get(slug),
    slugVariants: (base, selfId) => slugVariants(base, { id: selfId }),
    // One query for a whole page.
    organizersOf(eventIds) {
      const out = new Map<number, number[]>(eventIds.map((id) => [id, []]));
      if (eventIds.length === 0) return out;
      for (const row of s.organizersOf.all(JSON.stringify(eventIds))) {
        out.get(row.event_id)?.push(row.organizer_id);
      }
      return out;
    },
    termIds: (eventId, taxonomy) => s.termsOf.all(eventId, taxonomy).map((row) => row.term_id),
    trashMeta: (id) => s.trashMeta.get(id),
  };
}

export function sqliteEvents(db: Db): Sync<EventsRepository> {
  const log = sqliteLog(db);
  const s = {
    publishDue: db
      .prepare<[string], number>(
        "UPDATE events SET status = 'publish' WHERE status = 'future' AND date_utc <= ? RETURNING id",
      )
      .pluck(),
    status: db.prepare<[number], string>('SELECT status FROM events WHERE id = ?').pluck(),
    links: {
      organizers: db
        .prepare<[number], number>(
          'SELECT organizer_id FROM event_organizers WHERE event_id = ? ORDER BY organizer_id',
        )
        .pluck(),
    },
    insertPost: db.prepare<[]>(insertPostSql('event')),
    /** The post row of an occurrence stored with its reserved id (series/occurrences.ts). */
    insertPostWithId: db.prepare<[number]>("INSERT INTO posts (id, kind) VALUES (?, 'event')"),
    insert: db.prepare<EventRow>(
      `INSERT INTO events (id, ${EVENT_COLUMNS.join(', ')})
       VALUES (@id, ${EVENT_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    ),
    update: db.prepare<EventRow>(
      `UPDATE events SET ${EVENT_UPDATE_COLUMNS.map((c) => `${c} = @${c}`).join(', ')}
       WHERE id = @id`,
    ),
    clearOrganizers: db.prepare<[number]>('DELETE FROM event_organizers WHERE event_id = ?'),
    // One statement per list: positions are the list's indexes, a repeated id keeps its first.
    addOrganizers: db.prepare<[number, string]>(
      `INSERT OR IGNORE INTO event_organizers (event_id, organizer_id, position)
       SELECT ?, value, key FROM json_each(?) ORDER BY key`,
    ),
    clearTerms: db.prepare<[number, string]>(
      `DELETE FROM event_terms WHERE event_id = ?
       AND term_id IN (SELECT id FROM terms WHERE taxonomy = ?)`,
    ),
    addTerms: db.prepare<[number, string]>(
      `INSERT OR IGNORE INTO event_terms (event_id, term_id, position)
       SELECT ?, value, key FROM json_each(?) ORDER BY key`,
    ),
    putTrashMeta: db.prepare<TrashMeta>(
      `INSERT OR REPLACE INTO trash_meta (post_id, previous_status, previous_slug, trashed_utc)
       VALUES (@post_id, @previous_status, @previous_slug, @trashed_utc)`,
    ),
    dropTrashMeta: db.prepare<[number]>('DELETE FROM trash_meta WHERE post_id = ?'),
  };
  return {
    ...sqliteEventsReader(readHandle(db)),
    publishDue(nowUtc) {
      const ids = s.publishDue.all(nowUtc).sort((a, b) => a - b);
      log(eventsPublished(ids));
      return ids.length;
    },
    newId: () => Number(s.insertPost.run().lastInsertRowid),
    claimId: (id) => {
      s.insertPostWithId.run(id);
    },
    insert: (row) => {
      s.insert.run(row);
      log(eventWritten(row.id, undefined, row.status));
    },
    update: (row) => {
      const before = s.status.get(row.id);
      s.update.run(row);
      if (before !== undefined) log(eventWritten(row.id, before, row.status));
    },
    setOrganizers(eventId, organizerIds, fresh = false) {
      const removed = fresh ? [] : s.links.organizers.all(eventId);
      if (!fresh) s.clearOrganizers.run(eventId);
      if (organizerIds.length > 0) s.addOrganizers.run(eventId, JSON.stringify(organizerIds));
      log(linksReplaced(eventId, removed, [], false));
    },
    setTerms(eventId, taxonomy, termIds, fresh = false) {
      const removed = fresh ? [] : log(termsLinked(eventId, taxonomy));
      if (!fresh) s.clearTerms.run(eventId, taxonomy);
      if (termIds.length > 0) s.addTerms.run(eventId, JSON.stringify(termIds));
      log(linksReplaced(eventId, removed, [...new Set(termIds)], true));
    },
    putTrashMeta: (meta) => {
      s.putTrashMeta.run(meta);
    },
    dropTrashMeta: (id) => {
      s.dropTrashMeta.run(id);
    },
  };
}
