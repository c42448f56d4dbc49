/**
 * A search considers the same candidates on both engines: the SEARCH_CANDIDATES most recently
 * created events holding its words, on a calendar with more matches than that.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { openDatabase, type Db } from '../../server/db/open.js';
import { readHandle } from '../../server/db/read.js';
import { searchWords } from '../../server/resources/events/listing-query.js';
import { sqliteListingReader } from '../../server/storage/sqlite/listing.js';
import { createPool } from '../../server/storage/postgres/pool.js';
import { queryOn } from '../../server/storage/postgres/query.js';
import { searchCandidates } from '../../server/storage/postgres/search.js';
import { eventSearchWords, SEARCH_CANDIDATES } from '../../shared/search.js';
import { createTestDatabase, type TestDatabase } from '../helpers/pg-database.js';

const EVENTS = SEARCH_CANDIDATES + 500;

/** Event n's title: every one is a jazz night, every third has a trio, every 1000th is a gala. */
const TITLE_SQL = (n: string) =>
  `'Jazz night ' || ${n} || CASE WHEN ${n} % 3 = 0 THEN ' Trio' ELSE '' END
     || CASE WHEN ${n} % 1000 = 0 THEN ' Gala' ELSE '' END`;

const INSERT = (n: string) => `INSERT INTO events (id, status, title, description, date_utc,
    modified_utc, timezone, start_local, end_local, start_utc, end_utc)
  SELECT ${n}, 'publish', ${TITLE_SQL(n)}, 'Quartet', '2026-01-01 00:00:00', '2026-01-01 00:00:00',
    'UTC', '2026-05-01 20:00:00', '2026-05-01 22:00:00', '2026-05-01 20:00:00',
    '2026-05-01 22:00:00'`;

let sqlite: Db;
let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  sqlite = openDatabase(':memory:');
  sqlite.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${EVENTS})
    INSERT INTO posts (id, kind) SELECT i, 'event' FROM n`);
  sqlite.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${EVENTS})
    ${INSERT('i')} FROM n`);
  database = await createTestDatabase();
  pool = createPool(database.url, { max: 2 });
  await pool.query(
    `INSERT INTO posts (id, kind) SELECT i, 'event' FROM generate_series(1, ${EVENTS}) AS i`,
  );
  await pool.query(`${INSERT('i')} FROM generate_series(1, ${EVENTS}) AS i`);
});

afterAll(async () => {
  await pool.end();
  await database.drop();
  sqlite.close();
});

describe('search candidates on both engines', () => {
  it.each(['jazz', 'night jaz', 'trio', 'quartet trio', 'gala', 'jazz 10000', '9999', 'nothing'])(
    'are the same for %j',
    async (search) => {
      const sqliteIds = sqliteListingReader(readHandle(sqlite)).searchCandidates(
        searchWords(search),
      );
      const pgIds = await searchCandidates(
        queryOn(() => pool),
        eventSearchWords(search),
        SEARCH_CANDIDATES,
      );
      expect(pgIds).toEqual(sqliteIds);
    },
  );

  it('stops at the cap, newest first', async () => {
    const ids = await searchCandidates(
      queryOn(() => pool),
      ['jazz'],
      SEARCH_CANDIDATES,
    );
    expect(ids).toHaveLength(SEARCH_CANDIDATES);
    expect(ids[0]).toBe(EVENTS);
    expect(ids.at(-1)).toBe(EVENTS - SEARCH_CANDIDATES + 1);
  });
});
