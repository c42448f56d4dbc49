/**
 * The change log read by position under concurrent writers on several connections (as several
 * nodes write): every change read exactly once, in pages smaller than what is being written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createPool } from '../../server/storage/postgres/pool.js';
import { queryOn, type Query } from '../../server/storage/postgres/query.js';
import { pgTerms } from '../../server/storage/postgres/terms.js';
import {
  FEED_START,
  readChangeFeed,
  type FeedPosition,
} from '../../server/storage/postgres/change-feed.js';
import { createTestDatabase, type TestDatabase } from '../helpers/pg-database.js';

let database: TestDatabase;
const pools: pg.Pool[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  for (let i = 0; i < 4; i++) pools.push(createPool(database.url, { max: 4 }));
});

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await database.drop();
});

/** A tag written on `client`'s transaction by the terms' repository, which records it. */
async function insertTag(client: pg.PoolClient, name: string): Promise<void> {
  const q: Query = (sql, values) => client.query(sql, values);
  await pgTerms(q, (work) => work(q)).insert({
    taxonomy: 'tag',
    name,
    slug: name,
    description: '',
    parent: null,
    color: null,
  });
}

/**
 * One writer's transaction: it takes its transaction id first (a write to a table that records
 * no change), lets the others run, then adds a few tags. Transaction ids are thus handed out in
 * one order and the changes committed in another, as on nodes whose requests take unequal time.
 */
async function writeTags(pool: pg.Pool, names: string[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO job_leases (name, owner, until_utc) VALUES ($1, 'test', '')
       ON CONFLICT (name) DO UPDATE SET until_utc = excluded.until_utc`,
      [names[0]],
    );
    await client.query('SELECT pg_sleep(random() * 0.02)');
    for (const name of names) await insertTag(client, name);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

describe('the change feed on PostgreSQL', () => {
  it('gives every change of three concurrent writers exactly once to a reader paging by 7', async () => {
    const writers = pools.slice(0, 3);
    const reader = queryOn(() => pools[3]!);
    const expected = new Set<string>();
    let writing = true;
    const written = Promise.all(
      writers.map(async (pool, w) => {
        for (let t = 0; t < 15; t++) {
          const names = [0, 1, 2].map((i) => `w${w}-t${t}-${i}`);
          names.forEach((name) => expected.add(name));
          await writeTags(pool, names);
        }
      }),
    ).finally(() => (writing = false));

    const seen: number[] = [];
    let position: FeedPosition = FEED_START;
    let pages = 0;
    for (;;) {
      const done = !writing;
      const { changes, next } = await readChangeFeed(reader, position, 7);
      pages++;
      expect(changes.length).toBeLessThanOrEqual(7);
      seen.push(...changes.map((change) => change.item_id));
      position = next;
      // Drained after every writer finished: nothing can appear any more.
      if (done && changes.length === 0) break;
    }
    await written;

    expect(new Set(seen).size).toBe(seen.length);
    const { rows } = await pools[0]!.query<{ id: number; name: string }>(
      "SELECT id, name FROM terms WHERE taxonomy = 'tag'",
    );
    expect(rows.map((r) => r.name).sort()).toEqual([...expected].sort());
    expect(seen.sort((a, b) => a - b)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
    expect(pages).toBeGreaterThan(135 / 7);
  });

  it('holds back the changes committed after a transaction still open, until it ends', async () => {
    const slow = await pools[0]!.connect();
    try {
      const reader = queryOn(() => pools[3]!);
      let start = FEED_START;
      for (let page; (page = await readChangeFeed(reader, start, 1000)).changes.length > 0;)
        start = page.next;
      // The slower transaction has its id before the faster one starts, and commits after it.
      await slow.query('BEGIN');
      await slow.query(
        "INSERT INTO job_leases (name, owner, until_utc) VALUES ('slow', 'test', '')",
      );
      await writeTags(pools[1]!, ['fast']);
      expect((await readChangeFeed(reader, start, 10)).changes).toEqual([]);
      await insertTag(slow, 'slow');
      await slow.query('COMMIT');
      const { changes } = await readChangeFeed(reader, start, 10);
      const { rows } = await pools[0]!.query<{ id: number; name: string }>(
        "SELECT id, name FROM terms WHERE name IN ('slow', 'fast') ORDER BY name DESC",
      );
      // In the feed, the slower transaction's change comes first: its id is the older.
      expect(changes.map((c) => c.item_id)).toEqual(rows.map((r) => r.id));
    } finally {
      slow.release();
    }
  });
});
