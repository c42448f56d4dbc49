/**
 * Numbered SQL migrations (`NNNN_name.sql`), applied in order, each in its own transaction
 * together with the `user_version` bump that records it. A database written by a newer Almanac
 * is refused rather than misread.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { DERIVED_MIGRATION } from '../storage/derived.js';
import { sqliteDerivedStep } from '../storage/sqlite/derived-triggers.js';
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

/** SQL made in TypeScript, appended to the file of the migration of its number. */
export type GeneratedSteps = Readonly<Record<number, () => string>>;

/** SQLite's generated steps: the derived values' triggers (storage/derived.ts). */
export const SQLITE_GENERATED_STEPS: GeneratedSteps = { [DERIVED_MIGRATION]: sqliteDerivedStep };

/**
 * `generated`: SQL a migration takes from TypeScript after its file's (SQLite's own by default
 * for SQLite's folder; none for another folder unless given).
 */
export function loadMigrations(
  dir = MIGRATIONS_DIR,
  generated: GeneratedSteps = dir === MIGRATIONS_DIR ? SQLITE_GENERATED_STEPS : {},
): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const version = Number(file.slice(0, 4));
      const sql = readFileSync(`${dir}/${file}`, 'utf8');
      const step = generated[version];
      return { version, name: file, sql: step === undefined ? sql : `${sql}\n${step()}` };
    });
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
