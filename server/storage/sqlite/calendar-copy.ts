/**
 * The SQLite ends of a calendar's move (migrate/ends.ts): a database file read in one snapshot,
 * or written in one transaction. Triggers cannot be switched off in SQLite: the destination's
 * are dropped inside the copy's transaction and made again from their own text before it
 * commits, except those that derive rows from the copied ones (the full-text indexes, the day
 * counts), which fill them as the events arrive.
 */
import { existsSync } from 'node:fs';
import { openDatabase, type Db } from '../../db/open.js';
import { migrate } from '../../db/migrate.js';
import type { CopyDestination, CopySource, Row, TableShape } from '../../migrate/ends.js';

const DERIVING_TRIGGERS = /^(events_fts|derived_event_day_counts)/;

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;

function shapes(db: Db): Map<string, TableShape> {
  const tables = db
    .prepare<[], { name: string }>(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
       AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name`,
    )
    .all();
  const out = new Map<string, TableShape>();
  for (const { name } of tables) {
    const columns = db
      .prepare<[], { name: string; hidden: number }>(`PRAGMA table_xinfo(${quote(name)})`)
      .all();
    const keys = db
      .prepare<[], { table: string; from: string; to: string | null }>(
        `PRAGMA foreign_key_list(${quote(name)})`,
      )
      .all();
    out.set(name, {
      name,
      columns: columns.filter((c) => c.hidden === 0 || c.hidden >= 2).map((c) => c.name),
      // Generated columns (hidden 2 and 3) are computed from the others.
      ownColumns: columns.filter((c) => c.hidden >= 2).map((c) => c.name),
      references: [...new Set(keys.map((k) => k.table).filter((t) => t !== name))],
      selfReferences: keys
        .filter((k) => k.table === name)
        .map((k) => ({ column: k.from, key: k.to ?? 'rowid' })),
    });
  }
  return out;
}

function hasRowid(db: Db, table: string): boolean {
  const sql = db
    .prepare<[string], string>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?")
    .pluck()
    .get(table);
  return sql !== undefined && !/WITHOUT\s+ROWID\s*$/i.test(sql.replace(/[\s;]+$/, ''));
}

function* batches(db: Db, sql: string, batch: number): Generator<Row[]> {
  let rows: Row[] = [];
  for (const row of db.prepare(sql).raw(true).iterate() as Iterable<Row>) {
    rows.push(row);
    if (rows.length >= batch) {
      yield rows;
      rows = [];
    }
  }
  if (rows.length > 0) yield rows;
}

function sqliteEnd(db: Db, label: string) {
  return {
    engine: 'sqlite' as const,
    label,
    schemaVersion: async () => db.pragma('user_version', { simple: true }) as number,
    tables: async () => shapes(db),
    count: async (table: string) =>
      db
        .prepare<[], number>(`SELECT count(*) FROM ${quote(table)}`)
        .pluck()
        .get()!,
    async allRows(table: string, columns: string[]): Promise<Row[]> {
      const order = hasRowid(db, table) ? ' ORDER BY rowid' : '';
      return db
        .prepare(`SELECT ${columns.map(quote).join(', ')} FROM ${quote(table)}${order}`)
        .raw(true)
        .all() as Row[];
    },
    close: async () => db.close(),
  };
}

export class NoDatabaseFileError extends Error {
  constructor(file: string) {
    super(`There is no database file at ${file}.`);
    this.name = 'NoDatabaseFileError';
  }
}

export function openSqliteSource(file: string): CopySource {
  if (!existsSync(file)) throw new NoDatabaseFileError(file);
  const db = openDatabase(file, { migrate: false });
  let reading = false;
  return {
    ...sqliteEnd(db, file),
    async begin() {
      // A deferred transaction takes its snapshot at its first read: made at once, so that a
      // server still writing the file is seen as of this moment for the whole copy.
      db.exec('BEGIN');
      db.prepare('SELECT count(*) FROM sqlite_master').get();
      reading = true;
    },
    async *rows(table, columns, batch) {
      const order = hasRowid(db, table) ? ' ORDER BY rowid' : '';
      yield* batches(
        db,
        `SELECT ${columns.map(quote).join(', ')} FROM ${quote(table)}${order}`,
        batch,
      );
    },
    async *pairs(table, key, column, batch) {
      yield* batches(
        db,
        `SELECT ${quote(key)}, ${quote(column)} FROM ${quote(table)}
         WHERE ${quote(column)} IS NOT NULL ORDER BY ${quote(key)}`,
        batch,
      );
    },
    async close() {
      // Only read: ending the snapshot either way changes nothing.
      if (reading && db.inTransaction) db.exec('ROLLBACK');
      db.close();
    },
  };
}

export function openSqliteDestination(file: string): CopyDestination {
  // Not migrated yet: a file holding a calendar is refused as it is, untouched.
  const db = openDatabase(file, { migrate: false });
  const dropped: string[] = [];
  let open = false;
  const end = sqliteEnd(db, file);
  return {
    ...end,
    async holdsCalendar() {
      const tables = await end.tables();
      for (const table of ['users', 'posts'])
        if (tables.has(table) && (await end.count(table)) > 0) return true;
      return false;
    },
    async migrate() {
      migrate(db);
    },
    async begin() {
      db.exec('BEGIN IMMEDIATE');
      open = true;
      const triggers = db
        .prepare<[], { name: string; sql: string }>(
          "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name",
        )
        .all();
      for (const { name, sql } of triggers) {
        if (DERIVING_TRIGGERS.test(name)) continue;
        dropped.push(sql);
        db.exec(`DROP TRIGGER ${quote(name)}`);
      }
    },
    async clear(table) {
      db.exec(`DELETE FROM ${quote(table)}`);
    },
    async insert(table, columns, rows) {
      const statement = db.prepare(
        `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')})
         VALUES (${columns.map(() => '?').join(', ')})`,
      );
      for (const row of rows) statement.run(row);
    },
    async setColumn(table, key, column, pairs) {
      const statement = db.prepare(
        `UPDATE ${quote(table)} SET ${quote(column)} = ? WHERE ${quote(key)} = ?`,
      );
      for (const [id, value] of pairs) statement.run(value, id);
    },
    async finish(epoch) {
      // The change log's counter continues after the highest copied change; tokens of the old
      // epoch are refused (410), and a new one starts at the copied log's end.
      db.prepare(
        `UPDATE sync_state SET epoch = ?,
           seq = max(seq, (SELECT coalesce(max(seq), 0) FROM changes)) WHERE id = 1`,
      ).run(epoch);
      db.exec('UPDATE sync_state SET horizon = seq WHERE id = 1');
      for (const sql of dropped) db.exec(sql);
      dropped.length = 0;
      db.exec(
        `UPDATE content_version SET value = random(),
           changed_utc = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1`,
      );
      db.exec('COMMIT');
      open = false;
    },
    async rollback() {
      if (open) db.exec('ROLLBACK');
      open = false;
      dropped.length = 0;
    },
    async close() {
      if (open) db.exec('ROLLBACK');
      db.close();
    },
  };
}
