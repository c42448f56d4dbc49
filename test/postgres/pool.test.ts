/**
 * A connection pool outlives the loss of an idle connection: the server ending it (a restart, an
 * administrator, a dropped network) is reported, not an uncaught exception that would stop the
 * process, and the next query gets a new connection. So does the loss of one checked out between
 * two statements, as a unit of work holds it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { createPool } from '../../server/storage/postgres/pool.js';
import { createTestDatabase, type TestDatabase } from '../helpers/pg-database.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

it('survives the server ending its idle connections, and answers the next query', async () => {
  const seen: Error[] = [];
  const pool = createPool(database.url, {
    max: 2,
    applicationName: 'almanac-pool-test',
    onIdleError: (error) => seen.push(error),
  });
  const [a, b] = await Promise.all([pool.connect(), pool.connect()]);
  a.release();
  b.release();
  expect(pool.idleCount).toBe(2);
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const ended = await admin.query(
    "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = 'almanac-pool-test'",
  );
  await admin.end();
  expect(ended.rows).toHaveLength(2);
  await expect.poll(() => seen.length).toBe(2);
  expect(seen.every((error) => /terminating connection/.test(error.message))).toBe(true);
  const answer = await pool.query<{ one: number }>('SELECT 1 AS one');
  expect(answer.rows[0]!.one).toBe(1);
  await pool.end();
});

it('survives the server ending a checked-out connection between two statements', async () => {
  const pool = createPool(database.url, { max: 1, applicationName: 'almanac-pool-held' });
  const held = await pool.connect();
  await held.query('SELECT 1');
  const ended = new Promise((resolve) => held.once('end', resolve));
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const terminated = await admin.query(
    "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = 'almanac-pool-held'",
  );
  await admin.end();
  expect(terminated.rows).toHaveLength(1);
  // Without a listener of its own, the connection's error event is an uncaught exception here.
  await ended;
  await expect(held.query('SELECT 1')).rejects.toThrow();
  held.release(true);
  const answer = await pool.query<{ one: number }>('SELECT 1 AS one');
  expect(answer.rows[0]!.one).toBe(1);
  await pool.end();
});
