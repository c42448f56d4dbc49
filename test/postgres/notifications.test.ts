/** Every node hears what another node committed, and nothing of what it rolled back. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  listenForCommits,
  type Notifications,
} from '../../server/storage/postgres/notifications.js';
import { createPool } from '../../server/storage/postgres/pool.js';
import { queryOn, type Query } from '../../server/storage/postgres/query.js';
import { pgTerms } from '../../server/storage/postgres/terms.js';
import type { NewTerm } from '../../server/storage/terms.js';
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

/** The terms' repository on `q` (a transaction's connection or the pool): it records changes. */
const termsOn = (q: Query) => pgTerms(q, (work) => work(q));
const tag = (name: string): NewTerm => ({
  taxonomy: 'tag',
  name,
  slug: name,
  description: '',
  parent: null,
  color: null,
});

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
    const first = next(heard, 'almanac_changes');
    // A second connection listens too, with a marker channel: notifications reach a connection
    // in commit order, so once the marker committed after the writes arrives, all theirs have.
    const watcher = await pool.connect();
    const arrived: string[] = [];
    watcher.on('notification', (message) => arrived.push(message.channel));
    await watcher.query('LISTEN almanac_changes');
    await watcher.query('LISTEN test_marker');
    const marked = new Promise<void>((resolve) =>
      watcher.on('notification', (message) => message.channel === 'test_marker' && resolve()),
    );
    const client = await pool.connect();
    try {
      const terms = termsOn((sql, values) => client.query(sql, values));
      await client.query('BEGIN');
      const a = await terms.insert(tag('a'));
      await terms.insert(tag('b'));
      await terms.update(a, { ...tag('a'), description: 'x' });
      await client.query('COMMIT');
      await client.query('NOTIFY test_marker');
    } finally {
      client.release();
    }
    await first;
    await marked;
    await watcher.query('UNLISTEN *');
    watcher.release();
    expect(arrived).toEqual(['almanac_changes', 'test_marker']);
  });

  it('says nothing of a rolled-back write; the next commit is the first it hears', async () => {
    const { pool, heard } = await setUp();
    const heardCount: string[] = [];
    heard.on('almanac_changes', () => heardCount.push('change'));
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await termsOn((sql, values) => client.query(sql, values)).insert(tag('x'));
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    const change = next(heard, 'almanac_changes');
    await termsOn(queryOn(() => pool)).insert(tag('y'));
    await change;
    expect(heardCount).toEqual(['change']);
  });
});
