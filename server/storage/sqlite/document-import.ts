/** SQL of the export document's import (../document-import.ts) on SQLite. */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/open.js';
import { NEXT_POST_ID } from '../../db/post-ids.js';
import { prepareSlugVariants } from '../../db/slug-variants.js';
import {
  IMPORTED_POSTS,
  IMPORTED_SERIES_COLUMNS,
  postImported,
  type DocumentImportRepository,
  type ImportValues,
  type ImportedPost,
} from '../document-import.js';
import type { Sync } from './repository.js';
import { sqliteLog } from './change-log.js';
import { eventsWritten, linksReplaced, termWritten, termsCreated } from '../change-log.js';

const insertSql = (table: string, columns: readonly string[]) =>
  `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;

export function sqliteDocumentImport(db: Db): Sync<DocumentImportRepository> {
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
    insertUser: db.prepare<ImportValues>(
      `INSERT INTO users (id, login, email, display_name, role, password_hash, created_utc, modified_utc)
       VALUES (@id, @login, @email, @display_name, @role, @password_hash, @now, @now)`,
    ),
    postExists: db.prepare<[number], number>('SELECT 1 FROM posts WHERE id = ?').pluck(),
    insertPost: db.prepare<{ id: number | null; kind: string }>(
      `INSERT INTO posts (id, kind) VALUES (coalesce(@id, ${NEXT_POST_ID}), @kind)`,
    ),
    rows: Object.fromEntries(
      Object.entries(IMPORTED_POSTS).map(([kind, { table, columns }]) => [
        kind,
        db.prepare<ImportValues>(insertSql(table, columns)),
      ]),
    ) as Record<ImportedPost, Statement<ImportValues>>,
    series: db.prepare<ImportValues>(insertSql('series', IMPORTED_SERIES_COLUMNS)),
    nextSlot: db.prepare<[], number>('SELECT coalesce(max(slot), 0) + 1 FROM series').pluck(),
    seriesException: db.prepare<[number, string]>(
      'INSERT OR IGNORE INTO series_exceptions (series_id, original_start_local) VALUES (?, ?)',
    ),
    termBySlug: db
      .prepare<[string, string], number>('SELECT id FROM terms WHERE taxonomy = ? AND slug = ?')
      .pluck(),
    termExists: db.prepare<[number], number>('SELECT 1 FROM terms WHERE id = ?').pluck(),
    insertTerm: db.prepare<ImportValues>(
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

  return {
    isEmpty: () => s.anything.get() === 0,
    userByLogin: (login) => s.userByLogin.get(login),
    insertUser(user) {
      const id = user.id !== null && s.userExists.get(user.id) === undefined ? user.id : null;
      return Number(s.insertUser.run({ ...user, id }).lastInsertRowid);
    },
    insertPost(kind, wanted, values) {
      const free = wanted !== undefined && s.postExists.get(wanted) === undefined ? wanted : null;
      const id = Number(s.insertPost.run({ id: free, kind }).lastInsertRowid);
      s.rows[kind].run({ ...values, id });
      log(postImported(kind, id, values));
      return id;
    },
    insertSeries(values, exceptions) {
      s.series.run(values);
      for (const start of exceptions) s.seriesException.run(values.id, start);
    },
    nextSlot: () => s.nextSlot.get()!,
    setEventParent(id, parent) {
      s.eventParent.run(parent, id);
      log(eventsWritten([id]));
    },
    joinSeries(id, series, original, detached) {
      s.joinSeries.run({ id, series, original, detached });
      log(eventsWritten([id]));
    },
    link(eventId, organizers, terms) {
      organizers.forEach((id, position) => s.organizerLink.run(eventId, id, position));
      terms.forEach((id, position) => s.termLink.run(eventId, id, position));
      log(linksReplaced(eventId, [], [...new Set(terms)], true));
    },
    trash: (postId, status, slug, at) => void s.trash.run(postId, status, slug, at),
    termBySlug: (taxonomy, slug) => s.termBySlug.get(taxonomy, slug),
    insertTerm(wanted, values) {
      const free = wanted !== undefined && s.termExists.get(wanted) === undefined ? wanted : null;
      const id = Number(s.insertTerm.run({ ...values, id: free }).lastInsertRowid);
      log(termsCreated([id]));
      return id;
    },
    setTermParent(id, parent) {
      s.termParent.run(parent, id);
      log(termWritten(id, true));
    },
    slugVariants: (table, base) => slugs[table](base, {}),
    termSlugVariants: (taxonomy, base) => slugs.terms(base, { taxonomy }),
  };
}
