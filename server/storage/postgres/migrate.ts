/**
 * PostgreSQL's migrations (`pg-migrations/NNNN_name.sql`), under the same version numbers as
 * SQLite's (server/db/migrations), applied in order, each in its own transaction together with
 * the version that records it (the `schema_version` row; SQLite keeps it in `user_version`).
 * A database written by a newer Almanac is refused rather than misread. Several nodes starting
 * at once each take the same transaction-scoped advisory lock before reading the version, so
 * each migration is applied once and the others find it done.
 */
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { DatabaseTooNewError, loadMigrations, type Migration } from '../../db/migrate.js';
import { DERIVED_MIGRATION } from '../derived.js';
import { pgDerivedStep } from './derived-triggers.js';

/** Beside the bundle (scripts/build-node.mjs copies them) as beside this file. */
export const PG_MIGRATIONS_DIR = fileURLToPath(new URL('./pg-migrations/', import.meta.url));

/** Any constant: the key of the advisory lock migrations take ("alma" in ASCII). */
const MIGRATION_LOCK = 0x616c6d61;

/** With the SQL made in TypeScript: the derived values' triggers (storage/derived.ts). */
export function loadPgMigrations(dir = PG_MIGRATIONS_DIR): Migration[] {
  return loadMigrations(dir, { [DERIVED_MIGRATION]: pgDerivedStep });
}

async function inTransaction<T>(client: pg.ClientBase, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

async function currentVersion(client: pg.ClientBase): Promise<number> {
  await client.query(
    `CREATE TABLE IF NOT EXISTS schema_version (
       id INTEGER PRIMARY KEY CHECK (id = 1),
       version INTEGER NOT NULL
     )`,
  );
  const { rows } = await client.query<{ version: number }>(
    'SELECT version FROM schema_version WHERE id = 1',
  );
  return rows[0]?.version ?? 0;
}

/** The schema version of this database (0 when Almanac never wrote it). */
export async function schemaVersion(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ exists: boolean }>(
    "SELECT to_regclass('schema_version') IS NOT NULL AS exists",
  );
  if (!rows[0]!.exists) return 0;
  const version = await client.query<{ version: number }>(
    'SELECT version FROM schema_version WHERE id = 1',
  );
  return version.rows[0]?.version ?? 0;
}

/** Applies what is missing; returns the versions applied (by this call). */
export async function migratePostgres(
  client: pg.ClientBase,
  migrations = loadPgMigrations(),
): Promise<number[]> {
  const latest = migrations.length;
  const applied: number[] = [];
  for (;;) {
    const done = await inTransaction(client, async () => {
      const current = await currentVersion(client);
      if (current > latest) throw new DatabaseTooNewError(current, latest);
      const next = migrations[current];
      if (next === undefined) return true;
      await client.query(next.sql);
      await client.query(
        `INSERT INTO schema_version (id, version) VALUES (1, $1)
         ON CONFLICT (id) DO UPDATE SET version = excluded.version`,
        [next.version],
      );
      applied.push(next.version);
      return false;
    });
    if (done) break;
  }
  return applied;
}
