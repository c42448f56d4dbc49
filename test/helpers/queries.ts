/** Counting the SQL statements a piece of work runs, to show what it does not do again. */
import type { Statement } from 'better-sqlite3';
import pg from 'pg';
import type { TestServer } from './server.js';

/**
 * Counts the statements run while `work` runs: on SQLite every query goes through four methods
 * of a prepared statement; on PostgreSQL through `query` of a client (the server runs in the
 * test's process, so its pool's clients are counted).
 */
export async function countQueries(
  server: TestServer,
  work: () => Promise<unknown>,
): Promise<number> {
  if (server.databaseUrl !== undefined) return countPgQueries(work);
  const proto = Object.getPrototypeOf(server.db.prepare('SELECT 1')) as Statement;
  const methods = ['all', 'get', 'run', 'iterate'] as const;
  const originals = methods.map((name) => proto[name]);
  let count = 0;
  methods.forEach((name, i) => {
    const original = originals[i] as (...args: unknown[]) => unknown;
    (proto as unknown as Record<string, unknown>)[name] = function (
      this: Statement,
      ...args: unknown[]
    ) {
      count++;
      return original.apply(this, args);
    };
  });
  try {
    await work();
  } finally {
    methods.forEach((name, i) => {
      (proto as unknown as Record<string, unknown>)[name] = originals[i];
    });
  }
  return count;
}

async function countPgQueries(work: () => Promise<unknown>): Promise<number> {
  const proto = pg.Client.prototype as unknown as Record<'query', (...args: unknown[]) => unknown>;
  const original = proto.query;
  let count = 0;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    count++;
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    proto.query = original;
  }
  return count;
}
