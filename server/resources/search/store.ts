/**
 * SQL of the admin search's events: full-text matches, newest first, only those the caller may
 * read. The full-text index drives the query in rowid order, so a common word stops after the
 * page instead of reading every event holding it.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/open.js';
import { visibilitySql, type Visibility } from '../events/listing-store.js';

export interface EventHitRow {
  id: number;
  title: string;
  status: string;
}

export function createSearchStore(db: Db) {
  const cache = new Map<string, Statement>();
  return {
    /** At most `limit` events matching the FTS5 query `fts` that `visible` lets through. */
    events(fts: string, visible: Visibility, limit: number): EventHitRow[] {
      const params: Record<string, string | number> = { fts, limit };
      const where = visibilitySql(visible, params, 'e.status');
      // CROSS JOIN keeps the full-text index the outer loop: SQLite could otherwise walk events.
      const sql = `SELECT e.id, e.title, e.status FROM events_fts f CROSS JOIN events e ON e.id = f.rowid
        WHERE events_fts MATCH @fts AND ${where} ORDER BY f.rowid DESC LIMIT @limit`;
      let statement = cache.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        cache.set(sql, statement);
      }
      return statement.all(params) as EventHitRow[];
    },
  };
}

export type SearchStore = ReturnType<typeof createSearchStore>;
