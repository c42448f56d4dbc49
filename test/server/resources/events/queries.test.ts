import { describe, expect, it } from 'vitest';
import type { Statement } from 'better-sqlite3';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { EVENTS } from './helpers.js';
import { createEvent } from '../../../helpers/fixtures.js';

/** Counts the statements run while `work` runs (every query goes through these three methods). */
async function countQueries(server: TestServer, work: () => Promise<unknown>): Promise<number> {
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

describe('listing cost', () => {
  it('runs the same number of queries for a page of 2 and a page of 20', async () => {
    const server = await startTestServer();
    for (let i = 0; i < 22; i++) {
      await createEvent(server, {
        venue: { venue: `Venue ${i}` },
        organizer: [{ organizer: `Organizer ${i}` }, { organizer: 'Shared' }],
        categories: `cat${i % 3}`,
        tags: 'tag',
        image: `https://images.example/${i}.png`,
      });
    }
    const small = await countQueries(server, () =>
      server.call('GET', EVENTS, { query: { per_page: 2 } }),
    );
    const large = await countQueries(server, () =>
      server.call('GET', EVENTS, { query: { per_page: 20 } }),
    );
    expect(small).toBeGreaterThan(3);
    expect(large).toBe(small);
    expect(small).toBeLessThan(15);
  });
});
