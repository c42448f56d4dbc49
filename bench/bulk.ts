/**
 * Bulk loading: indexes and the derived-data triggers of the loaded tables are dropped while the
 * rows go in and recreated from their own saved SQL afterwards (sorting once beats updating a
 * B-tree a million times), then the data those triggers maintain is rebuilt in one statement each.
 * Triggers this file does not know how to rebuild are left in place, so the result stays correct
 * (only slower) when a migration adds one.
 */
import type { Db } from '../server/db/open.js';
import { loadMigrations } from '../server/db/migrate.js';

/** The statement of the migrations that fills `table` from the events (its first INSERT). */
function backfillOf(table: string): string {
  for (const { sql } of loadMigrations()) {
    const found = new RegExp(`INSERT INTO ${table} \\(rowid[^;]*;`).exec(sql);
    if (found) return found[0];
  }
  throw new Error(`No migration fills ${table}.`);
}

interface SchemaObject {
  type: 'index' | 'trigger';
  name: string;
  tbl_name: string;
  sql: string;
}

/**
 * Derived data by the trigger names that maintain it. Each rebuild recomputes, from the base
 * tables, exactly what the triggers would have produced row by row.
 */
const REBUILDS: ReadonlyArray<{ triggers: RegExp; rebuild: (db: Db) => void; label: string }> = [
  {
    label: 'terms.count',
    triggers: /^(event_terms_count_|events_count_)/,
    rebuild: (db) =>
      // One pass over the links in event order (sequential reads), not one probe per term.
      // MATERIALIZED: inlined, the subquery ran the whole join again for every term (460 s of
      // a 1M-event seed; 8 s materialized).
      db.exec(`WITH counts AS MATERIALIZED (
          SELECT et.term_id AS id, count(*) AS n
          FROM event_terms et JOIN events e ON e.id = et.event_id
          WHERE e.status = 'publish' GROUP BY et.term_id)
        UPDATE terms SET count = coalesce((SELECT n FROM counts WHERE counts.id = terms.id), 0)`),
  },
  {
    label: 'events_fts',
    triggers: /^events_fts_(insert|delete|update)$/,
    rebuild: (db) => db.exec(`INSERT INTO events_fts (events_fts) VALUES ('rebuild')`),
  },
  {
    label: 'events_fts_listed',
    triggers: /^events_fts_listed_/,
    rebuild: (db) => {
      db.exec(`INSERT INTO events_fts_listed (events_fts_listed) VALUES ('delete-all')`);
      db.exec(backfillOf('events_fts_listed'));
    },
  },
  {
    label: 'event_day_counts',
    triggers: /^event_day_counts_/,
    rebuild: (db) => {
      const exists = db
        .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'event_day_counts'`)
        .get();
      if (!exists) return;
      db.exec(`DELETE FROM event_day_counts;
        INSERT INTO event_day_counts (status, start_day, end_day, n)
        SELECT status, substr(start_utc, 1, 10), substr(end_utc, 1, 10), count(*)
        FROM events WHERE hide_from_listings = 0 GROUP BY 1, 2, 3;`);
    },
  },
];

export interface BulkReport {
  droppedIndexes: number;
  droppedTriggers: string[];
  keptTriggers: string[];
  rebuilt: Record<string, number>;
}

/** Runs `load` with the tables' indexes and known triggers removed, then restores them. */
export function bulkLoad(db: Db, tables: readonly string[], load: () => void): BulkReport {
  const list = `(${tables.map((t) => `'${t}'`).join(', ')})`;
  const objects = db
    .prepare<[], SchemaObject>(
      `SELECT type, name, tbl_name, sql FROM sqlite_master
       WHERE type IN ('index', 'trigger') AND sql IS NOT NULL AND tbl_name IN ${list}`,
    )
    .all();
  const indexes = objects.filter((o) => o.type === 'index');
  const triggers = objects.filter(
    (o) => o.type === 'trigger' && REBUILDS.some((r) => r.triggers.test(o.name)),
  );
  const kept = objects.filter((o) => o.type === 'trigger' && !triggers.includes(o));
  // Triggers on other tables that fire on ours (none today) would also be fine: they are kept.
  db.transaction(() => {
    for (const o of [...triggers, ...indexes]) db.exec(`DROP ${o.type.toUpperCase()} "${o.name}"`);
  })();
  load();
  const rebuilt: Record<string, number> = {};
  let started = performance.now();
  db.transaction(() => {
    for (const o of indexes) db.exec(o.sql);
    rebuilt.indexes = Math.round(performance.now() - started);
    for (const r of REBUILDS) {
      if (!triggers.some((t) => r.triggers.test(t.name))) continue;
      started = performance.now();
      r.rebuild(db);
      rebuilt[r.label] = Math.round(performance.now() - started);
    }
    for (const o of triggers) db.exec(o.sql);
  })();
  return {
    droppedIndexes: indexes.length,
    droppedTriggers: triggers.map((t) => t.name),
    keptTriggers: kept.map((t) => t.name),
    rebuilt,
  };
}
