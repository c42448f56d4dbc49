/** Every node hears what another node committed, and nothing of what it rolled back. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  listenForCommits,
  type Notifications,
} from '../../server/storage/postgres/notifications.js';
import { createPool } from '../../server/storage/postgres/pool.js';
import { createTestDatabase, type TestDatabase } from '../helpers/pg-database.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function setUp() {
  const database: TestDatabase = await createTestDatabase();
  const pool = createPool(database.url, { max: 2 });
  const heard: Notifications = await listenForCommits(database.url);
  cleanups.push(async () => {
    await heard.close();
    await pool.end();
    await database.drop();
  });
  return { pool, heard };
}

/** Resolves at the next notification of `channel`. */
function next(heard: Notifications, channel: 'almanac_changes') {
  return new Promise<void>((resolve) => {
    const stop = heard.on(channel, () => {
      stop();
      resolve();
    });
  });
}

describe('notifications of commits', () => {
  it('tells a listening node of a committed change, once per transaction', async () => {
    const { pool, heard } = await setUp();
    let count = 0;
    heard.on('almanac_changes', () => count++);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("INSERT INTO terms (taxonomy, name, slug) VALUES ('tag', 'a', 'a')");
      await client.query("INSERT INTO terms (taxonomy, name, slug) VALUES ('tag', 'b', 'b')");
      await client.query("UPDATE terms SET description = 'x'");
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    // A second transaction: once its notification arrives, the first one's have all arrived.
    const second = next(heard, 'almanac_changes');
    await pool.query("INSERT INTO terms (taxonomy, name, slug) VALUES ('tag', 'c', 'c')");
    await second;
    expect(count).toBe(2);
  });

  it('says nothing of a rolled-back write; the next commit is the first it hears', async () => {
    const { pool, heard } = await setUp();
    const heardCount: string[] = [];
    heard.on('almanac_changes', () => heardCount.push('change'));
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("INSERT INTO terms (taxonomy, name, slug) VALUES ('tag', 'x', 'x')");
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    const change = next(heard, 'almanac_changes');
    await pool.query("INSERT INTO terms (taxonomy, name, slug) VALUES ('tag', 'y', 'y')");
    await change;
    expect(heardCount).toEqual(['change']);
  });
});
