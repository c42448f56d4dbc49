/**
 * PostgreSQL's triggers keep what SQLite's keep: the same writes, in SQL both engines read, give
 * the same term counts, day counts, iCalendar sequences and series exceptions. (The change log
 * is no trigger's: the write path appends it, test/postgres/storage/change-log.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { openDatabase, type Db } from '../../server/db/open.js';
import { createPool } from '../../server/storage/postgres/pool.js';
import { createTestDatabase, type TestDatabase } from '../helpers/pg-database.js';

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
  return [
    `INSERT INTO posts (id, kind) VALUES (${id}, 'event')`,
    `INSERT INTO events (${Object.keys(columns).join(', ')})
     VALUES (${Object.values(columns).map(sql).join(', ')})`,
  ];
};

const WRITES = [
  `INSERT INTO users (id, login, role, password_hash, created_utc, modified_utc)
   VALUES (1, 'ann', 'administrator', 'h', '2026-01-01 00:00:00', '2026-01-01 00:00:00')`,
  "INSERT INTO terms (id, taxonomy, name, slug) VALUES (1, 'category', 'Jazz', 'jazz')",
  "INSERT INTO terms (id, taxonomy, name, slug) VALUES (2, 'tag', 'Live', 'live')",
  "INSERT INTO posts (id, kind) VALUES (10, 'venue')",
  `INSERT INTO venues (id, author, status, slug, title, date_utc, modified_utc)
   VALUES (10, 1, 'publish', 'hall', 'Hall', '2026-01-01 00:00:00', '2026-01-01 00:00:00')`,
  "INSERT INTO posts (id, kind) VALUES (11, 'organizer')",
  `INSERT INTO organizers (id, author, status, slug, title, date_utc, modified_utc)
   VALUES (11, 1, 'draft', 'club', 'Club', '2026-01-01 00:00:00', '2026-01-01 00:00:00')`,
  ...event(20, 'publish', { venue_id: 10 }),
  'INSERT INTO event_organizers (event_id, organizer_id, position) VALUES (20, 11, 0)',
  'INSERT INTO event_terms (event_id, term_id, position) VALUES (20, 1, 0)',
  'INSERT INTO event_terms (event_id, term_id, position) VALUES (20, 2, 1)',
  ...event(21, 'draft', { author: 1 }),
  'INSERT INTO event_terms (event_id, term_id, position) VALUES (21, 1, 0)',
  ...event(22, 'publish', { hide_from_listings: 1 }),
  ...event(23, 'future', { start_utc: '2026-06-01 10:00:00', end_utc: '2026-06-01 11:00:00' }),
  "UPDATE events SET status = 'publish' WHERE id = 21",
  "UPDATE events SET title = 'Renamed' WHERE id = 20",
  "UPDATE events SET start_utc = '2026-05-03 20:00:00', end_utc = '2026-05-03 21:00:00' WHERE id = 21",
  'UPDATE events SET hide_from_listings = 0 WHERE id = 22',
  "UPDATE venues SET title = 'Great Hall' WHERE id = 10",
  "UPDATE terms SET name = 'Jazz & Blues' WHERE id = 1",
  "UPDATE terms SET description = 'same events' WHERE id = 2",
  "UPDATE organizers SET title = 'Club 2', status = 'publish' WHERE id = 11",
  'DELETE FROM posts WHERE id = 11',
  "UPDATE events SET status = 'trash' WHERE id = 22",
  'DELETE FROM posts WHERE id = 22',
  `INSERT INTO series (id, lines, timezone, all_day, start_local, end_local, template,
     generated_from_utc, generated_until_utc, modified_utc)
   VALUES (30, '["RRULE:FREQ=DAILY"]', 'UTC', 0, '2026-07-01 10:00:00', '2026-07-01 11:00:00',
     '{}', '', '', '2026-01-01 00:00:00')`,
  ...event(30, 'publish', { series_id: 30, original_start_local: '2026-07-01 10:00:00' }),
  ...event(31, 'trash', { series_id: 30, original_start_local: '2026-07-02 10:00:00' }),
  ...event(32, 'draft', { series_id: 30, original_start_local: '2026-07-03 10:00:00' }),
  'DELETE FROM posts WHERE id IN (31, 32)',
  'UPDATE events SET featured = 1 WHERE id = 30',
  'DELETE FROM event_terms WHERE event_id = 20 AND term_id = 2',
  'DELETE FROM terms WHERE id = 2',
  'DELETE FROM posts WHERE id = 10',
];

const READS: Record<string, string> = {
  terms: 'SELECT id, name, count FROM terms ORDER BY id',
  dayCounts: 'SELECT status, start_day, end_day, n FROM event_day_counts ORDER BY 1, 2, 3',
  ical: 'SELECT event_id, sequence FROM event_ical ORDER BY event_id',
  exceptions: 'SELECT series_id, original_start_local FROM series_exceptions ORDER BY 1, 2',
  events: 'SELECT id, status, venue_id FROM events ORDER BY id',
};

let sqlite: Db;
let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  sqlite = openDatabase(':memory:');
  database = await createTestDatabase();
  pool = createPool(database.url, { max: 1 });
  for (const sql of WRITES) {
    sqlite.exec(sql);
    await pool.query(sql);
  }
});

afterAll(async () => {
  await pool.end();
  await database.drop();
  sqlite.close();
});

describe('triggers on both engines', () => {
  it.each(Object.keys(READS))('leave the same %s', async (name) => {
    const expected = sqlite.prepare(READS[name]!).all();
    const { rows } = await pool.query(READS[name]!);
    expect(expected.length).toBeGreaterThan(0);
    expect(rows).toEqual(expected);
  });
});
