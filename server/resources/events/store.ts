/** SQL for single events: rows, their links to organizers and terms, slugs and the trash. */
import { insertPostSql } from '../../db/post-ids.js';
import type { Db } from '../../db/open.js';
import { writeInGroup } from '../../storage/sqlite/group-commit.js';
import { prepareSlugVariants } from '../../db/slug-variants.js';
import { POST_COLUMNS, type PostRow } from '../../db/post-row.js';
import type { EventStatus } from '../../../shared/schemas/event-status.js';

/** One `events` row as stored. */
export interface EventRow extends PostRow {
  parent_id: number | null;
  timezone: string;
  start_local: string;
  end_local: string;
  start_utc: string;
  end_utc: string;
  all_day: 0 | 1;
  cost: string;
  website: string | null;
  show_map: 0 | 1;
  show_map_link: 0 | 1;
  hide_from_listings: 0 | 1;
  sticky: 0 | 1;
  featured: 0 | 1;
  venue_id: number | null;
  image_id: number | null;
  /** Recurring events (server/resources/series): set by series code only, never by updates. */
  series_id: number | null;
  original_start_local: string | null;
  detached: string | null;
  /** docs/contract/extensions.md §E7. */
  event_status: EventStatus;
  event_status_reason: string;
}

export type EventValues = Omit<EventRow, 'id'>;

/** The 0/1 flags, in the order the wire shape and the export show them. */
export const EVENT_FLAGS = [
  'show_map',
  'show_map_link',
  'hide_from_listings',
  'sticky',
  'featured',
] as const satisfies readonly (keyof EventRow)[];

export interface TrashMeta {
  post_id: number;
  previous_status: string;
  previous_slug: string;
  trashed_utc: string;
}

const COLUMNS = [
  ...POST_COLUMNS,
  'parent_id',
  'timezone',
  'start_local',
  'end_local',
  'start_utc',
  'end_utc',
  'all_day',
  'cost',
  'website',
  'show_map',
  'show_map_link',
  'hide_from_listings',
  'sticky',
  'featured',
  'venue_id',
  'image_id',
  'event_status',
  'event_status_reason',
] as const;
/** Written when a row is made; afterwards only the series code changes them. */
const OCCURRENCE_COLUMNS = ['series_id', 'original_start_local', 'detached'] as const;
/** Every column but the id, as a new row is written. */
export const EVENT_COLUMNS = [...COLUMNS, ...OCCURRENCE_COLUMNS];

export function createEventsStore(db: Db) {
  const slugVariants = prepareSlugVariants<{ id: number }>(db, 'events', 'id <> @id');
  const s = {
    get: db.prepare<[number], EventRow>('SELECT * FROM events WHERE id = ?'),
    kind: db.prepare<[number], { kind: string }>('SELECT kind FROM posts WHERE id = ?'),
    bySlug: db.prepare<[string], EventRow>(
      'SELECT * FROM events WHERE slug = ? ORDER BY id LIMIT 1',
    ),
    userExists: db.prepare<[number], { id: number }>('SELECT id FROM users WHERE id = ?'),
    insertPost: db.prepare<[]>(insertPostSql('event')),
    /** The post row of an occurrence stored with its reserved id (series/occurrences.ts). */
    insertPostWithId: db.prepare<[number]>("INSERT INTO posts (id, kind) VALUES (?, 'event')"),
    insert: db.prepare<EventRow>(
      `INSERT INTO events (id, ${EVENT_COLUMNS.join(', ')})
       VALUES (@id, ${EVENT_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    ),
    update: db.prepare<EventRow>(
      `UPDATE events SET ${COLUMNS.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`,
    ),
    clearOrganizers: db.prepare<[number]>('DELETE FROM event_organizers WHERE event_id = ?'),
    // One statement per list: positions are the list's indexes, a repeated id keeps its first.
    addOrganizers: db.prepare<[number, string]>(
      `INSERT OR IGNORE INTO event_organizers (event_id, organizer_id, position)
       SELECT ?, value, key FROM json_each(?) ORDER BY key`,
    ),
    organizersOf: db.prepare<[string], { event_id: number; organizer_id: number }>(
      `SELECT event_id, organizer_id FROM event_organizers
       WHERE event_id IN (SELECT value FROM json_each(?)) ORDER BY event_id, position`,
    ),
    termsOf: db.prepare<[number, string], { term_id: number }>(
      `SELECT et.term_id FROM event_terms et JOIN terms t ON t.id = et.term_id
       WHERE et.event_id = ? AND t.taxonomy = ? ORDER BY et.position`,
    ),
    clearTerms: db.prepare<[number, string]>(
      `DELETE FROM event_terms WHERE event_id = ?
       AND term_id IN (SELECT id FROM terms WHERE taxonomy = ?)`,
    ),
    addTerms: db.prepare<[number, string]>(
      `INSERT OR IGNORE INTO event_terms (event_id, term_id, position)
       SELECT ?, value, key FROM json_each(?) ORDER BY key`,
    ),
    trashMeta: db.prepare<[number], TrashMeta>('SELECT * FROM trash_meta WHERE post_id = ?'),
    putTrashMeta: db.prepare<TrashMeta>(
      `INSERT OR REPLACE INTO trash_meta (post_id, previous_status, previous_slug, trashed_utc)
       VALUES (@post_id, @previous_status, @previous_slug, @trashed_utc)`,
    ),
    dropTrashMeta: db.prepare<[number]>('DELETE FROM trash_meta WHERE post_id = ?'),
  };

  return {
    get: (id: number): EventRow | undefined => s.get.get(id),
    /** What kind of object owns this id in the shared id space (`event`, `venue`, ...). */
    kind: (id: number): string | undefined => s.kind.get(id)?.kind,
    bySlug: (slug: string): EventRow | undefined => s.bySlug.get(slug),
    userExists: (id: number): boolean => s.userExists.get(id) !== undefined,

    /** The slugs other events use among `base` and `base-<n>`. */
    slugVariants: (base: string, selfId: number): Set<string> => slugVariants(base, { id: selfId }),

    /** Runs one use case's writes atomically; the callback must be synchronous. */
    write: <T>(work: () => T): T => db.transaction(work)(),
    /**
     * `write` for a request: run with the other requests' writes of the same moment in one
     * transaction (db/group-commit.ts), resolved once that transaction has committed.
     */
    writeInGroup: <T>(work: () => T): Promise<T> => writeInGroup(db, work),

    /** Takes the next id of the shared id space for a new event (inside `write`). */
    newId: (): number => Number(s.insertPost.run().lastInsertRowid),
    /** Takes a given id (a computed occurrence's, as it becomes stored). */
    claimId: (id: number): void => {
      s.insertPostWithId.run(id);
    },
    insert: (row: EventRow): void => {
      s.insert.run(row);
    },
    update: (row: EventRow): void => {
      s.update.run(row);
    },

    /** `fresh`: the event was created in this transaction, so it has no links to clear. */
    setOrganizers(eventId: number, organizerIds: number[], fresh = false): void {
      if (!fresh) s.clearOrganizers.run(eventId);
      if (organizerIds.length > 0) s.addOrganizers.run(eventId, JSON.stringify(organizerIds));
    },
    /** Organizer ids of each event, in link order; one query for a whole page. */
    organizersOf(eventIds: number[]): Map<number, number[]> {
      const out = new Map<number, number[]>(eventIds.map((id) => [id, []]));
      if (eventIds.length === 0) return out;
      for (const row of s.organizersOf.all(JSON.stringify(eventIds))) {
        out.get(row.event_id)?.push(row.organizer_id);
      }
      return out;
    },
    termIds: (eventId: number, taxonomy: 'category' | 'tag'): number[] =>
      s.termsOf.all(eventId, taxonomy).map((row) => row.term_id),
    setTerms(
      eventId: number,
      taxonomy: 'category' | 'tag',
      termIds: number[],
      fresh = false,
    ): void {
      if (!fresh) s.clearTerms.run(eventId, taxonomy);
      if (termIds.length > 0) s.addTerms.run(eventId, JSON.stringify(termIds));
    },

    trashMeta: (id: number): TrashMeta | undefined => s.trashMeta.get(id),
    putTrashMeta: (meta: TrashMeta): void => {
      s.putTrashMeta.run(meta);
    },
    dropTrashMeta: (id: number): void => {
      s.dropTrashMeta.run(id);
    },
  };
}

export type EventsStore = ReturnType<typeof createEventsStore>;
