/**
 * SQL of the JSON import: rows written with the ids the import chose (the document's own into an
 * empty calendar, new ones otherwise), lookups of what a calendar already holds, and unique
 * slugs. Every call runs inside the import's one transaction (import.ts).
 */
import type { Db } from '../../db/open.js';
import { prepareSlugVariants } from '../../db/slug-variants.js';
import { uniqueSlug } from '../../text/slug.js';
import { EVENT_COLUMNS as EVENT_ROW_COLUMNS, type EventRow } from '../../storage/events.js';
import { NEXT_POST_ID } from '../../db/post-ids.js';
import { linkedColumns } from '../linked-posts/kind.js';
import { organizerKind } from '../organizers/kind.js';
import { venueKind } from '../venues/kind.js';
import { sqliteLog } from '../../storage/sqlite/change-log.js';
import {
  eventWritten,
  eventsWritten,
  linkedPostWritten,
  linksReplaced,
  termWritten,
  termsCreated,
} from '../../storage/change-log.js';

export type PostKind = 'event' | 'venue' | 'organizer' | 'media';
type Values = Record<string, string | number | null>;

const VENUE_COLUMNS = ['id', ...linkedColumns(venueKind)];
const ORGANIZER_COLUMNS = ['id', ...linkedColumns(organizerKind)];
const EVENT_COLUMNS = ['id', ...EVENT_ROW_COLUMNS];
const SERIES_COLUMNS = [
  'id',
  'lines',
  'timezone',
  'all_day',
  'start_local',
  'end_local',
  'template',
  'last_start_utc',
  'modified_utc',
  'slot',
  'slot_origin',
  'created_utc',
  // Unused since migration 0022, and written ''.
  'generated_from_utc',
  'generated_until_utc',
];
const MEDIA_COLUMNS = [
  'id',
  'author',
  'url',
  'file',
  'original_name',
  'mime_type',
  'width',
  'height',
  'filesize',
  'created_utc',
];

const insertSql = (table: string, columns: string[]) =>
  `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;

export function createImportStore(db: Db) {
  // Every write records what it changed in the change log, as the repositories' writes do.
  const log = sqliteLog(db);
  const s = {
    anything: db
      .prepare<[], number>('SELECT EXISTS (SELECT 1 FROM posts) OR EXISTS (SELECT 1 FROM terms)')
      .pluck(),
    userByLogin: db
      .prepare<[string], number>('SELECT id FROM users WHERE login = ? COLLATE NOCASE')
      .pluck(),
    userExists: db.prepare<[number], number>('SELECT 1 FROM users WHERE id = ?').pluck(),
    insertUser: db.prepare<Values>(
      `INSERT INTO users (id, login, email, display_name, role, password_hash, created_utc, modified_utc)
       VALUES (@id, @login, @email, @display_name, @role, @password_hash, @now, @now)`,
    ),
    postExists: db.prepare<[number], number>('SELECT 1 FROM posts WHERE id = ?').pluck(),
    insertPost: db.prepare<{ id: number | null; kind: string }>(
      `INSERT INTO posts (id, kind) VALUES (coalesce(@id, ${NEXT_POST_ID}), @kind)`,
    ),
    media: db.prepare<Values>(insertSql('media', MEDIA_COLUMNS)),
    venue: db.prepare<Values>(insertSql('venues', VENUE_COLUMNS)),
    organizer: db.prepare<Values>(insertSql('organizers', ORGANIZER_COLUMNS)),
    event: db.prepare<Values>(insertSql('events', EVENT_COLUMNS)),
    series: db.prepare<Values>(insertSql('series', SERIES_COLUMNS)),
    nextSlot: db.prepare<[], number>('SELECT coalesce(max(slot), 0) + 1 FROM series').pluck(),
    seriesException: db.prepare<[number, string]>(
      'INSERT OR IGNORE INTO series_exceptions (series_id, original_start_local) VALUES (?, ?)',
    ),
    termBySlug: db
      .prepare<[string, string], number>('SELECT id FROM terms WHERE taxonomy = ? AND slug = ?')
      .pluck(),
    termExists: db.prepare<[number], number>('SELECT 1 FROM terms WHERE id = ?').pluck(),
    insertTerm: db.prepare<Values>(
      `INSERT INTO terms (id, taxonomy, name, slug, description, color)
       VALUES (@id, @taxonomy, @name, @slug, @description, @color)`,
    ),
    termParent: db.prepare<[number | null, number]>('UPDATE terms SET parent = ? WHERE id = ?'),
    eventParent: db.prepare<[number | null, number]>(
      'UPDATE events SET parent_id = ? WHERE id = ?',
    ),
    joinSeries: db.prepare<{
      id: number;
      series: number;
      original: string | null;
      detached: string | null;
    }>(
      `UPDATE events SET series_id = @series, original_start_local = @original,
         detached = @detached WHERE id = @id`,
    ),
    organizerLink: db.prepare<[number, number, number]>(
      'INSERT OR IGNORE INTO event_organizers (event_id, organizer_id, position) VALUES (?, ?, ?)',
    ),
    termLink: db.prepare<[number, number, number]>(
      'INSERT OR IGNORE INTO event_terms (event_id, term_id, position) VALUES (?, ?, ?)',
    ),
    trash: db.prepare<[number, string, string, string]>(
      `INSERT INTO trash_meta (post_id, previous_status, previous_slug, trashed_utc)
       VALUES (?, ?, ?, ?)`,
    ),
  };
  const slugs = {
    events: prepareSlugVariants<Record<string, never>>(db, 'events', '1'),
    venues: prepareSlugVariants<Record<string, never>>(db, 'venues', '1'),
    organizers: prepareSlugVariants<Record<string, never>>(db, 'organizers', '1'),
    terms: prepareSlugVariants<{ taxonomy: string }>(db, 'terms', 'taxonomy = @taxonomy'),
  };

  /** A post id: `wanted` when given and free, else the next one. */
  function newPost(kind: PostKind, wanted: number | undefined): number {
    const id = wanted !== undefined && s.postExists.get(wanted) === undefined ? wanted : null;
    return Number(s.insertPost.run({ id, kind }).lastInsertRowid);
  }

  return {
    /** Nothing but users and settings: the document's ids can be kept. */
    isEmpty: (): boolean => s.anything.get() === 0,
    /** One savepoint: a record that fails is undone alone. */
    attempt: <T>(work: () => T): T => db.transaction(work)(),

    userByLogin: (login: string): number | undefined => s.userByLogin.get(login),
    insertUser(user: Values & { id: number | null }): number {
      const id = user.id !== null && s.userExists.get(user.id) === undefined ? user.id : null;
      return Number(s.insertUser.run({ ...user, id }).lastInsertRowid);
    },

    insertMedia(wanted: number | undefined, values: Values): number {
      const id = newPost('media', wanted);
      s.media.run({ ...values, id });
      return id;
    },
    insertVenue(wanted: number | undefined, values: Values): number {
      const id = newPost('venue', wanted);
      s.venue.run({ ...values, id });
      log(linkedPostWritten('venue', id, undefined));
      return id;
    },
    insertOrganizer(wanted: number | undefined, values: Values): number {
      const id = newPost('organizer', wanted);
      s.organizer.run({ ...values, id });
      log(linkedPostWritten('organizer', id, undefined));
      return id;
    },
    insertEvent(wanted: number | undefined, row: Omit<EventRow, 'id'>): number {
      const id = newPost('event', wanted);
      s.event.run({ ...(row as unknown as Values), id });
      log(eventWritten(id, undefined, row.status));
      return id;
    },
    /** A series under its first event's id. */
    insertSeries(values: Values & { id: number }, exceptions: string[]): void {
      s.series.run(values);
      for (const start of exceptions) s.seriesException.run(values.id, start);
    },
    /** The next free series number of the reserved id range (shared/recurrence/occurrence-id.ts). */
    nextSlot: (): number => s.nextSlot.get()!,
    setEventParent(id: number, parent: number | null): void {
      s.eventParent.run(parent, id);
      log(eventsWritten([id]));
    },
    /** Makes an imported event an occurrence of an imported series. */
    joinSeries(id: number, series: number, original: string | null, detached: string | null) {
      s.joinSeries.run({ id, series, original, detached });
      log(eventsWritten([id]));
    },
    link(eventId: number, organizers: number[], terms: number[]): void {
      organizers.forEach((id, position) => s.organizerLink.run(eventId, id, position));
      terms.forEach((id, position) => s.termLink.run(eventId, id, position));
      log(linksReplaced(eventId, [], [...new Set(terms)], true));
    },
    trash(postId: number, status: string, slug: string, at: string): void {
      s.trash.run(postId, status, slug, at);
    },

    termBySlug: (taxonomy: string, slug: string): number | undefined =>
      s.termBySlug.get(taxonomy, slug),
    insertTerm(wanted: number | undefined, values: Values): number {
      const id = wanted !== undefined && s.termExists.get(wanted) === undefined ? wanted : null;
      const created = Number(s.insertTerm.run({ ...values, id }).lastInsertRowid);
      log(termsCreated([created]));
      return created;
    },
    setTermParent(id: number, parent: number | null): void {
      s.termParent.run(parent, id);
      log(termWritten(id, true));
    },

    /** `base`, or the first of `base-2`, `base-3`… not used yet. */
    uniqueSlug(table: 'events' | 'venues' | 'organizers', base: string): string {
      return base === '' ? '' : uniqueSlug(base, slugs[table](base, {}));
    },
    uniqueTermSlug: (taxonomy: string, base: string): string =>
      uniqueSlug(base, slugs.terms(base, { taxonomy })),
  };
}

export type ImportStore = ReturnType<typeof createImportStore>;
