/** Counting the SQL statements a piece of work runs, to show what it does not do again. */
import type { Statement } from 'better-sqlite3';
import type { TestServer } from './server.js';

/** Counts the statements run while `work` runs (every query goes through these three methods). */
export async function countQueries(
  server: TestServer,
  work: () => Promise<unknown>,
): Promise<number> {
  const proto = Object.getPrototypeOf(server.services.db.prepare('SELECT 1')) as Statement;
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
