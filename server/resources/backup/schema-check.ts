/**
 * Whether a database has exactly the schema this version's migrations make, so a restored file
 * cannot leave the server answering 500: every table (with its columns), index, trigger and view
 * of a freshly migrated database, nothing else, each table readable, and the rows the migrations
 * seed (the singletons the server reads on every write) present. A backup's user_version alone
 * proves nothing: the file may claim a version whose tables it never had.
 */
import Database from 'better-sqlite3';
import type { Db } from '../../db/open.js';
import { migrate } from '../../db/migrate.js';

interface SchemaObject {
  type: string;
  name: string;
  /** What must match: the normalised SQL, and for tables their columns as SQLite reads them. */
  shape: string;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** SQLite's own objects (autoindexes, `sqlite_sequence`, `sqlite_stat1`) vary with use. */
function objects(db: Db): Map<string, SchemaObject> {
  const rows = db
    .prepare<[], { type: string; name: string; sql: string | null }>(
      `SELECT type, name, sql FROM sqlite_schema
       WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name`,
    )
    .all();
  const out = new Map<string, SchemaObject>();
  for (const row of rows) {
    let shape = (row.sql ?? '').replace(/\s+/g, ' ').trim();
    if (row.type === 'table') {
      const columns = db
        .prepare(`SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_xinfo(?)`)
        .all(row.name);
      shape += ` ${JSON.stringify(columns)}`;
    }
    out.set(`${row.type} ${row.name}`, { type: row.type, name: row.name, shape });
  }
  return out;
}

interface Reference {
  objects: Map<string, SchemaObject>;
  /** Tables the migrations put rows into. */
  seeded: string[];
}

let reference: Reference | undefined;

/** The schema of an empty database with every migration applied (made once per process). */
function freshReference(): Reference {
  if (reference) return reference;
  const fresh = new Database(':memory:');
  try {
    fresh.pragma('foreign_keys = ON');
    migrate(fresh);
    const found = objects(fresh);
    const seeded = [...found.values()]
      .filter((o) => o.type === 'table')
      .map((o) => o.name)
      .filter((name) => fresh.prepare(`SELECT 1 FROM ${quote(name)} LIMIT 1`).get() !== undefined);
    reference = { objects: found, seeded };
    return reference;
  } finally {
    fresh.close();
  }
}

/** What keeps `db` from being a database this version can serve; empty when it can. */
export function schemaProblems(db: Db): string[] {
  const expected = freshReference();
  const found = objects(db);
  const problems: string[] = [];
  for (const [key, object] of expected.objects) {
    const have = found.get(key);
    if (!have) problems.push(`${key} is missing`);
    else if (have.shape !== object.shape) problems.push(`${key} differs`);
  }
  for (const key of found.keys()) {
    if (!expected.objects.has(key)) problems.push(`${key} is not part of the schema`);
  }
  if (problems.length > 0) return problems;
  for (const object of expected.objects.values()) {
    if (object.type !== 'table' && object.type !== 'view') continue;
    try {
      db.prepare(`SELECT * FROM ${quote(object.name)} LIMIT 1`).all();
    } catch (error) {
      problems.push(`${object.type} ${object.name} cannot be read: ${(error as Error).message}`);
    }
  }
  for (const table of expected.seeded) {
    if (db.prepare(`SELECT 1 FROM ${quote(table)} LIMIT 1`).get() === undefined) {
      problems.push(`table ${table} lacks the rows every database has`);
    }
  }
  const keys = db.pragma('foreign_key_check') as unknown[];
  if (keys.length > 0) problems.push(`${keys.length} rows break foreign keys`);
  return problems;
}

/** At most a few problems, for a message. */
export const summary = (problems: string[]): string =>
  problems.slice(0, 5).join('; ') +
  (problems.length > 5 ? `; and ${problems.length - 5} more` : '');
