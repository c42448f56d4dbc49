/**
 * SQL of the admin search's events: full-text matches, newest first, only those the caller may
 * read. The full-text index drives the query in rowid order, so a common word stops after the
 * page instead of reading every event holding it; and it reads at most ADMIN_SEARCH_CANDIDATES
 * matches, so a word found only in events the caller may not read stops there too.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/open.js';
import { visibilitySql, type Visibility } from '../events/listing-store.js';
import { ADMIN_SEARCH_CANDIDATES } from '../../../shared/search.js';

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
      const params: Record<string, string | number> = {
        fts,
        limit,
        candidates: ADMIN_SEARCH_CANDIDATES,
      };
      const where = visibilitySql(visible, params, 'e.status');
      // The newest candidates, in a subquery that stops after them; CROSS JOIN keeps them the
      // outer loop (SQLite could otherwise walk events).
      const sql = `SELECT e.id, e.title, e.status FROM (SELECT rowid FROM events_fts
          WHERE events_fts MATCH @fts ORDER BY rowid DESC LIMIT @candidates) f
        CROSS JOIN events e ON e.id = f.rowid
        WHERE ${where} ORDER BY f.rowid DESC LIMIT @limit`;
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
