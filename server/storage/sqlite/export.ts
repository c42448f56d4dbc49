/**
 * The SQLite adapter of the export's reads (../export.ts). A database file is read through a
 * read-only connection of its own inside one read transaction, so the document is one snapshot
 * while the server keeps writing. A database in memory (the tests') has no second connection:
 * it is then read in batches from the server's own, without a snapshot.
 */
import Database, { type Statement } from 'better-sqlite3';
import { BUSY_TIMEOUT_MS, type Db } from '../../db/open.js';
import {
  EXPORT_BATCH,
  emptyLinks,
  type ExportReader,
  type ExportRow,
  type ExportSnapshot,
  type ExportTable,
  type TrashRow,
} from '../export.js';

const SELECTS: Record<ExportTable, string> = {
  users: 'SELECT id, login, email, display_name, role FROM users WHERE',
  media: 'SELECT * FROM media WHERE',
  categories: "SELECT * FROM terms WHERE taxonomy = 'category' AND",
  tags: "SELECT * FROM terms WHERE taxonomy = 'tag' AND",
  venues: 'SELECT * FROM venues WHERE',
  organizers: 'SELECT * FROM organizers WHERE',
  series: 'SELECT * FROM series WHERE',
  events: 'SELECT * FROM events WHERE',
};

function snapshotOn(db: Db, close: () => void, before: () => void): ExportSnapshot {
  const pages = Object.fromEntries(
    Object.entries(SELECTS).map(([name, select]) => [
      name,
      db.prepare<[number, number], ExportRow>(`${select} id > ? ORDER BY id LIMIT ?`),
    ]),
  ) as Record<ExportTable, Statement<[number, number], ExportRow>>;
  const trash = db.prepare<[string], TrashRow>(
    'SELECT * FROM trash_meta WHERE post_id IN (SELECT value FROM json_each(?))',
  );
  const organizers = db.prepare<[string], { event_id: number; organizer_id: number }>(
    `SELECT event_id, organizer_id FROM event_organizers
     WHERE event_id IN (SELECT value FROM json_each(?)) ORDER BY event_id, position`,
  );
  const terms = db.prepare<[string], { event_id: number; term_id: number; taxonomy: string }>(
    `SELECT et.event_id, et.term_id, t.taxonomy FROM event_terms et JOIN terms t ON t.id = et.term_id
     WHERE et.event_id IN (SELECT value FROM json_each(?)) ORDER BY et.event_id, et.position`,
  );
  const exceptions = db.prepare<[string], { series_id: number; original_start_local: string }>(
    `SELECT series_id, original_start_local FROM series_exceptions
     WHERE series_id IN (SELECT value FROM json_each(?)) ORDER BY series_id, original_start_local`,
  );
  return {
    async page(table, after) {
      before();
      return pages[table].all(after, EXPORT_BATCH);
    },
    async trash(ids) {
      before();
      return new Map(trash.all(JSON.stringify(ids)).map((row) => [row.post_id, row]));
    },
    async links(ids) {
      before();
      const out = emptyLinks(ids);
      for (const row of organizers.all(JSON.stringify(ids)))
        out.get(row.event_id)?.organizers.push(row.organizer_id);
      for (const row of terms.all(JSON.stringify(ids))) {
        const links = out.get(row.event_id);
        if (links) (row.taxonomy === 'category' ? links.categories : links.tags).push(row.term_id);
      }
      return out;
    },
    async seriesParts(ids) {
      before();
      const out = new Map(ids.map((id) => [id, { exceptions: [] as string[] }]));
      for (const row of exceptions.all(JSON.stringify(ids)))
        out.get(row.series_id)?.exceptions.push(row.original_start_local);
      return out;
    },
    async close() {
      close();
    },
  };
}

/**
 * `file` is the connection's file (':memory:' has none); `before` runs before each read of the
 * shared connection (the read side's check that no write transaction is open on it).
 */
export function sqliteExportReader(db: Db, file: string, before: () => void): ExportReader {
  return {
    async snapshot() {
      if (file === ':memory:' || file === '') return snapshotOn(db, () => undefined, before);
      const own = new Database(file, { readonly: true, fileMustExist: true });
      own.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      // A read transaction's snapshot is taken by its first read: taken now, kept until the end.
      own.exec('BEGIN');
      own.prepare('SELECT count(*) FROM sqlite_master').get();
      return snapshotOn(
        own,
        () => {
          if (own.inTransaction) own.exec('COMMIT');
          own.close();
        },
        () => undefined,
      );
    },
  };
}
