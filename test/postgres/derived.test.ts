/**
 * The derived values' declaration (server/storage/derived.ts) tied to both engines' schemas: the
 * tables and columns it names exist, every trigger installed is generated from it or from the
 * content version's declaration or is on the list below, and the counts and sequences it keeps
 * come out right, the same on both engines, through inserts, updates, deletes and relinks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { openDatabase, type Db } from '../../server/db/open.js';
import { contentVersionTriggers } from '../../server/db/content-version.js';
import { declaredColumns } from '../../server/storage/derived.js';
import { sqliteDerivedTriggers } from '../../server/storage/sqlite/derived-triggers.js';
import { pgDerivedTriggers } from '../../server/storage/postgres/derived-triggers.js';
import { createPool } from '../../server/storage/postgres/pool.js';
import { createTestDatabase, type TestDatabase } from '../helpers/pg-database.js';

/**
 * Triggers that keep something other than a count or a generation: the search index's (or, in a
 * group of writes, its notes: migration 0030) and the series exceptions' write rows of their own.
 * The change log has none: the write path appends it (storage/change-log.ts, migration 0029).
 */
const OTHER_SQLITE = [
  'events_fts_delete',
  'events_fts_insert',
  'events_fts_listed_delete',
  'events_fts_listed_insert',
  'events_fts_listed_update',
  'events_fts_note_delete',
  'events_fts_note_insert',
  'events_fts_note_update',
  'events_fts_update',
  'events_occurrence_deleted',
];
const OTHER_POSTGRES = [
  'events_search_insert',
  'events_search_update',
  'events_occurrence_deleted',
];

let sqlite: Db;
let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  sqlite = openDatabase(':memory:');
  database = await createTestDatabase();
  pool = createPool(database.url, { max: 1 });
});

afterAll(async () => {
  await pool.end();
  await database.drop();
  sqlite.close();
});

describe('the derived values’ declaration', () => {
  it('names tables and columns both engines have', async () => {
    for (const [table, columns] of declaredColumns()) {
      const inSqlite = sqlite
        .prepare<[string], string>('SELECT name FROM pragma_table_info(?)')
        .pluck()
        .all(table);
      const { rows } = await pool.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = $1`,
        [table],
      );
      const inPostgres = rows.map((r) => r.column_name);
      for (const column of columns) {
        expect(inSqlite, `${table}.${column} on SQLite`).toContain(column);
        expect(inPostgres, `${table}.${column} on PostgreSQL`).toContain(column);
      }
    }
  });

  it('accounts for every trigger SQLite has', () => {
    const generated = new Map([...sqliteDerivedTriggers(), ...contentVersionTriggers()]);
    const installed = sqlite
      .prepare<[], { name: string; sql: string }>(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name",
      )
      .all();
    const others = installed.filter((t) => !generated.has(t.name)).map((t) => t.name);
    expect(others.sort()).toEqual([...OTHER_SQLITE].sort());
    for (const { name, sql } of installed) {
      if (generated.has(name)) expect(sql, name).toBe(generated.get(name));
    }
    // Every generated trigger is installed.
    const names = new Set(installed.map((t) => t.name));
    expect([...generated.keys()].filter((n) => !names.has(n))).toEqual([]);
  });

  it('accounts for every trigger PostgreSQL has', async () => {
    const { rows } = await pool.query<{ name: string; function: string; body: string }>(
      `SELECT t.tgname AS name, p.proname AS function, p.prosrc AS body
       FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
       WHERE NOT t.tgisinternal ORDER BY 1`,
    );
    const generated = new Map(pgDerivedTriggers().map((t) => [t.name, t.body]));
    for (const row of rows.filter((r) => generated.has(r.name))) {
      expect(row.function, row.name).toBe(row.name);
      expect(row.body, row.name).toBe(generated.get(row.name));
    }
    const others = rows.filter((r) => !generated.has(r.name)).map((r) => r.name);
    expect(others.sort()).toEqual([...OTHER_POSTGRES].sort());
    const names = new Set(rows.map((r) => r.name));
    expect([...generated.keys()].filter((n) => !names.has(n))).toEqual([]);
  });
});

const event = (id: number, status: string, extra: Record<string, string | number> = {}) => {
  const columns: Record<string, string | number> = {
    id,
    author: 1,
    status,
    slug: `e${id}`,
    title: `Event ${id}`,
    date_utc: '2026-01-01 00:00:00',
    modified_utc: '2026-01-01 00:00:00',
    timezone: 'UTC',
    start_local: '2026-05-01 20:00:00',
    end_local: '2026-05-02 01:00:00',
    start_utc: '2026-05-01 20:00:00',
    end_utc: '2026-05-02 01:00:00',
    ...extra,
  };
  const sql = (v: string | number) => (typeof v === 'number' ? String(v) : `'${v}'`);
  return `INSERT INTO posts (id, kind) VALUES (${id}, 'event');
    INSERT INTO events (${Object.keys(columns).join(', ')})
    VALUES (${Object.values(columns).map(sql).join(', ')})`;
};

async function both(sql: string): Promise<void> {
  sqlite.exec(sql);
  await pool.query(sql);
}

async function read(sql: string): Promise<unknown[]> {
  const expected = sqlite.prepare(sql).all();
  const { rows } = await pool.query(sql);
  expect(rows).toEqual(expected);
  return expected;
}

const counts = () => read('SELECT id, count FROM terms ORDER BY id');
const days = () =>
  read('SELECT status, start_day, end_day, n FROM event_day_counts ORDER BY 1, 2, 3');
const sequences = () => read('SELECT event_id, sequence FROM event_ical ORDER BY 1');

describe('the derived values on both engines', () => {
  it('follow inserts, status changes, relinks, moves and deletes', async () => {
    await both(`INSERT INTO users (id, login, role, password_hash, created_utc, modified_utc)
      VALUES (1, 'ann', 'administrator', 'h', '2026-01-01 00:00:00', '2026-01-01 00:00:00');
      INSERT INTO terms (id, taxonomy, name, slug) VALUES (1, 'category', 'Jazz', 'jazz');
      INSERT INTO terms (id, taxonomy, name, slug) VALUES (2, 'tag', 'Live', 'live');
      INSERT INTO terms (id, taxonomy, name, slug) VALUES (3, 'tag', 'Rock', 'rock')`);
    await both(`${event(20, 'publish')};
      INSERT INTO event_terms (event_id, term_id, position) VALUES (20, 1, 0), (20, 2, 1);
      ${event(21, 'draft')};
      INSERT INTO event_terms (event_id, term_id, position) VALUES (21, 1, 0);
      ${event(22, 'publish', { hide_from_listings: 1 })};
      INSERT INTO event_terms (event_id, term_id, position) VALUES (22, 3, 0)`);
    expect(await counts()).toEqual([
      { id: 1, count: 1 },
      { id: 2, count: 1 },
      { id: 3, count: 1 },
    ]);
    expect(await days()).toEqual([
      { status: 'draft', start_day: '2026-05-01', end_day: '2026-05-02', n: 1 },
      { status: 'publish', start_day: '2026-05-01', end_day: '2026-05-02', n: 1 },
    ]);
    expect(await sequences()).toEqual([]);

    await both("UPDATE events SET status = 'publish' WHERE id = 21");
    expect((await counts())[0]).toEqual({ id: 1, count: 2 });
    expect(await days()).toEqual([
      { status: 'publish', start_day: '2026-05-01', end_day: '2026-05-02', n: 2 },
    ]);

    // A relink: event 20 leaves Live for Rock.
    await both(`DELETE FROM event_terms WHERE event_id = 20 AND term_id = 2;
      INSERT INTO event_terms (event_id, term_id, position) VALUES (20, 3, 1)`);
    expect(await counts()).toEqual([
      { id: 1, count: 2 },
      { id: 2, count: 0 },
      { id: 3, count: 2 },
    ]);

    // An update that rewrites the same values moves no count; a move and a listing change do.
    await both("UPDATE events SET status = 'publish', title = 'Renamed' WHERE id = 20");
    await both(`UPDATE events SET start_utc = '2026-05-03 20:00:00',
      end_utc = '2026-05-03 21:00:00' WHERE id = 21`);
    await both('UPDATE events SET hide_from_listings = 0 WHERE id = 22');
    expect(await counts()).toEqual([
      { id: 1, count: 2 },
      { id: 2, count: 0 },
      { id: 3, count: 2 },
    ]);
    expect(await days()).toEqual([
      { status: 'publish', start_day: '2026-05-01', end_day: '2026-05-02', n: 2 },
      { status: 'publish', start_day: '2026-05-03', end_day: '2026-05-03', n: 1 },
    ]);
    expect(await sequences()).toEqual([
      { event_id: 20, sequence: 1 },
      { event_id: 21, sequence: 2 },
      { event_id: 22, sequence: 1 },
    ]);

    await both("UPDATE events SET status = 'draft' WHERE id = 20");
    expect(await counts()).toEqual([
      { id: 1, count: 1 },
      { id: 2, count: 0 },
      { id: 3, count: 1 },
    ]);

    // Deleting events (through their posts) takes their links and their counts.
    await both('DELETE FROM posts WHERE id IN (21, 22)');
    expect(await counts()).toEqual([
      { id: 1, count: 0 },
      { id: 2, count: 0 },
      { id: 3, count: 0 },
    ]);
    expect(await days()).toEqual([
      { status: 'draft', start_day: '2026-05-01', end_day: '2026-05-02', n: 1 },
    ]);
    expect(await sequences()).toEqual([{ event_id: 20, sequence: 2 }]);
  });
});

describe('the search index on both engines', () => {
  it('is rewritten when an update changes the text, not when it leaves it', async () => {
    await both(`${event(40, 'publish')}`);
    // Rows the statement and its triggers wrote, less those of an update of no indexed column.
    const sqliteWrites = (sql: string) => {
      const before = sqlite.prepare('SELECT total_changes() AS n').get() as { n: number };
      sqlite.exec(sql);
      const after = sqlite.prepare('SELECT total_changes() AS n').get() as { n: number };
      return after.n - before.n;
    };
    // Within one transaction: the view also holds this backend's counts not yet flushed.
    const pgWrites = async (sql: string) => {
      const client = await pool.connect();
      const written = async () => {
        const { rows } = await client.query<{ n: string }>(
          `SELECT n_tup_ins + n_tup_upd + n_tup_del AS n FROM pg_stat_xact_user_tables
           WHERE relname = 'events_search'`,
        );
        return Number(rows[0]!.n);
      };
      try {
        await client.query('BEGIN');
        const before = await written();
        await client.query(sql);
        const after = await written();
        await client.query('COMMIT');
        return after - before;
      } finally {
        client.release();
      }
    };
    const other = 'UPDATE events SET featured = 1 - featured WHERE id = 40';
    const same = "UPDATE events SET title = 'Event 40', excerpt = excerpt WHERE id = 40";
    const changed = "UPDATE events SET title = 'Changed', excerpt = excerpt WHERE id = 40";
    const base = sqliteWrites(other);
    expect(sqliteWrites(same) - base).toBe(0);
    expect(sqliteWrites(changed) - base).toBeGreaterThan(0);
    expect(await pgWrites(same)).toBe(0);
    expect(await pgWrites(changed)).toBe(1);
  });
});
