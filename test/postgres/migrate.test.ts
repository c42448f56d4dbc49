import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../server/storage/postgres/pool.js';
import {
  loadPgMigrations,
  migratePostgres,
  schemaVersion,
} from '../../server/storage/postgres/migrate.js';
import { DatabaseTooNewError, loadMigrations } from '../../server/db/migrate.js';
import { CONTENT_TABLES, DERIVED_TABLES, OTHER_TABLES } from '../../server/db/content-version.js';
import { createTestDatabase, type TestDatabase } from '../helpers/pg-database.js';

const made: TestDatabase[] = [];
afterEach(async () => {
  while (made.length > 0) await made.pop()!.drop();
});

async function connectTo(template?: string) {
  const database = await createTestDatabase(template);
  made.push(database);
  const client = createClient(database.url);
  await client.connect();
  return client;
}

describe('PostgreSQL migrations', () => {
  it('has one migration for each version SQLite has, under the same numbers', () => {
    const sqlite = loadMigrations().map((m) => m.version);
    expect(loadPgMigrations().map((m) => m.version)).toEqual(sqlite);
  });

  it('applies every migration to an empty database, then nothing on a second run', async () => {
    const client = await connectTo('template0');
    try {
      const latest = loadPgMigrations().length;
      expect(await schemaVersion(client)).toBe(0);
      const applied = await migratePostgres(client);
      expect(applied).toEqual(Array.from({ length: latest }, (_, i) => i + 1));
      expect(await schemaVersion(client)).toBe(latest);
      expect(await migratePostgres(client)).toEqual([]);
      expect(await schemaVersion(client)).toBe(latest);
    } finally {
      await client.end();
    }
  });

  it('lets nodes starting together migrate once between them', async () => {
    const database = await createTestDatabase('template0');
    made.push(database);
    const clients = [createClient(database.url), createClient(database.url)];
    await Promise.all(clients.map((c) => c.connect()));
    try {
      const applied = await Promise.all(clients.map((c) => migratePostgres(c)));
      expect([...applied[0]!, ...applied[1]!].sort((a, b) => a - b)).toEqual(
        loadPgMigrations().map((m) => m.version),
      );
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });

  it('refuses a database written by a newer Almanac and leaves it as it is', async () => {
    const client = await connectTo();
    try {
      const latest = loadPgMigrations().length;
      await client.query('UPDATE schema_version SET version = $1', [latest + 1]);
      const refused = await migratePostgres(client).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DatabaseTooNewError);
      expect((refused as DatabaseTooNewError).message).toContain(`schema ${latest + 1}`);
      expect(await schemaVersion(client)).toBe(latest + 1);
    } finally {
      await client.end();
    }
  });

  it('rolls back a migration that fails, version included', async () => {
    const client = await connectTo('template0');
    try {
      const migrations = loadPgMigrations().slice(0, 2);
      const broken = [
        ...migrations,
        { version: 3, name: '0003_broken.sql', sql: 'CREATE TABLE x (a INT); SELECT nope;' },
      ];
      await expect(migratePostgres(client, broken)).rejects.toThrow(/nope/);
      expect(await schemaVersion(client)).toBe(2);
      const { rows } = await client.query("SELECT to_regclass('x') IS NULL AS gone");
      expect(rows[0]).toEqual({ gone: true });
    } finally {
      await client.end();
    }
  });

  it('declares every table as content, derived or other, as SQLite’s tables are', async () => {
    const client = await connectTo();
    try {
      const { rows } = await client.query<{ name: string }>(
        'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1',
      );
      const declared = new Set<string>([
        ...CONTENT_TABLES,
        ...Object.keys(DERIVED_TABLES),
        ...Object.keys(OTHER_TABLES),
        ...Object.keys(PG_ONLY_TABLES),
      ]);
      expect(rows.map((r) => r.name).filter((name) => !declared.has(name))).toEqual([]);
      expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining([...CONTENT_TABLES]));
    } finally {
      await client.end();
    }
  });
});

/** Tables only PostgreSQL's schema has, and why no answer depends on them directly. */
const PG_ONLY_TABLES: Record<string, string> = {
  schema_version: 'the migrations’ bookkeeping (SQLite’s user_version)',
  events_search: 'written by the events’ triggers (SQLite’s events_fts)',
};
