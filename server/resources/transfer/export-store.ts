/**
 * SQL of the export: every kind read in batches by id (keyset pages), so an export of any size
 * holds one batch at a time, and each batch's links in one query. It runs on the connection it is
 * given: a read-only connection of its own, inside one read transaction (export.ts).
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/open.js';

export const BATCH = 500;

export interface TrashRow {
  post_id: number;
  previous_status: string;
  previous_slug: string;
  trashed_utc: string;
}

type Row = Record<string, unknown> & { id: number };

const TABLES = {
  users: 'SELECT id, login, email, display_name, role FROM users',
  media: 'SELECT * FROM media',
  categories: "SELECT * FROM terms WHERE taxonomy = 'category' AND",
  tags: "SELECT * FROM terms WHERE taxonomy = 'tag' AND",
  venues: 'SELECT * FROM venues',
  organizers: 'SELECT * FROM organizers',
  series: 'SELECT * FROM series',
  events: 'SELECT * FROM events',
} as const;

export type ExportTable = keyof typeof TABLES;

export function createExportStore(db: Db) {
  const pages = Object.fromEntries(
    Object.entries(TABLES).map(([name, select]) => [
      name,
      db.prepare<[number, number], Row>(
        `${select} ${select.endsWith('AND') ? '' : 'WHERE'} id > ? ORDER BY id LIMIT ?`,
      ),
    ]),
  ) as Record<ExportTable, Statement<[number, number], Row>>;
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
    /** Each series' occurrences deleted for good. */
    seriesParts(ids: number[]) {
      const out = new Map(ids.map((id) => [id, { exceptions: [] as string[] }]));
      for (const row of exceptions.all(JSON.stringify(ids))) {
        out.get(row.series_id)?.exceptions.push(row.original_start_local);
      }
      return out;
    },
    /** The rows after id `after`, by id, at most one batch. */
    page: (table: ExportTable, after: number): Row[] => pages[table].all(after, BATCH),
    trash(ids: number[]): Map<number, TrashRow> {
      return new Map(trash.all(JSON.stringify(ids)).map((row) => [row.post_id, row]));
    },
    /** Each event's organizers, categories and tags, in link order. */
    links(ids: number[]) {
      const out = new Map(
        ids.map((id) => [
          id,
          { organizers: [] as number[], categories: [] as number[], tags: [] as number[] },
        ]),
      );
      for (const row of organizers.all(JSON.stringify(ids))) {
        out.get(row.event_id)?.organizers.push(row.organizer_id);
      }
      for (const row of terms.all(JSON.stringify(ids))) {
        const links = out.get(row.event_id);
        if (links) (row.taxonomy === 'category' ? links.categories : links.tags).push(row.term_id);
      }
      return out;
    },
  };
}

export type ExportStore = ReturnType<typeof createExportStore>;
