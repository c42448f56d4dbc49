/**
 * Numbered SQL migrations (`NNNN_name.sql`), applied in order, each in its own transaction
 * together with the `user_version` bump that records it. A database written by a newer Almanac
 * is refused rather than misread.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { installContentVersionTriggers } from './content-version.js';

/** The migration that creates the content version's table. */
const CONTENT_VERSION_MIGRATION = 24;

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export class DatabaseTooNewError extends Error {
  constructor(
    readonly found: number,
    readonly supported: number,
  ) {
    super(
      `This database was written by a newer version of Almanac (schema ${found}; this version ` +
        `understands up to ${supported}). Upgrade Almanac or open another database.`,
    );
    this.name = 'DatabaseTooNewError';
  }
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 4)),
      name: file,
      sql: readFileSync(`${dir}/${file}`, 'utf8'),
    }));
  migrations.forEach((m, index) => {
    if (m.version !== index + 1) throw new Error(`Migration ${m.name} is out of sequence.`);
  });
  return migrations;
}

/** Applies what is missing; returns the versions applied. */
export function migrate(db: Database.Database, migrations = loadMigrations()): number[] {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.length;
  if (current > latest) throw new DatabaseTooNewError(current, latest);
  const applied: number[] = [];
  for (const migration of migrations.slice(current)) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
    applied.push(migration.version);
  }
  // Generated from a declaration rather than written in a migration (content-version.ts).
  if (latest >= CONTENT_VERSION_MIGRATION) {
    db.transaction(() => installContentVersionTriggers(db))();
  }
  return applied;
}
