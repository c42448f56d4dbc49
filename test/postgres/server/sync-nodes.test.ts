/**
 * The change feed over HTTP on two PostgreSQL nodes (issue 26): 90 creates spread over both
 * nodes at once, while a client syncs from one node in pages of 7, appear exactly once.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../server/logger.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { CHANGES } from '../../server/resources/sync/helpers.js';

const VENUES = '/api/calendar/events/v1/venues';

interface Page {
  venues: Array<{ id: number }>;
  next_page_token?: string;
  next_sync_token?: string;
}

/** One pass from `token` (all pages); the venues it reported and the token it ends with. */
async function pass(node: TestServer, token: string | undefined) {
  const venues: number[] = [];
  let query: Record<string, string | number> = { per_page: 7 };
  if (token !== undefined) query.sync_token = token;
  for (;;) {
    const res = await node.call('GET', CHANGES, { auth: node.admin, query });
    expect(res.status, res.text).toBe(200);
    const page = res.body as unknown as Page;
    venues.push(...page.venues.map((venue) => venue.id));
    if (page.next_sync_token !== undefined) return { venues, token: page.next_sync_token };
    query = { per_page: 7, page_token: page.next_page_token! };
  }
}

describe('the change feed on two PostgreSQL nodes', () => {
  it('gives 90 concurrent creates on both nodes exactly once to a client syncing from one', async () => {
    const a = await startTestServer({ engine: 'postgres', start: { log: createLogger('error') } });
    const b = await startTestServer({
      databaseUrl: a.databaseUrl!,
      start: { log: createLogger('error') },
    });
    let { token } = await pass(a, undefined);
    let writing = true;
    const created = Promise.all(
      Array.from({ length: 90 }, async (_, i) => {
        const node = i % 2 === 0 ? a : b;
        const res = await node.call('POST', VENUES, {
          auth: node.admin,
          body: { venue: `Hall ${i}` },
        });
        expect(res.status, res.text).toBe(201);
        return res.body.id as number;
      }),
    ).finally(() => (writing = false));
    const seen: number[] = [];
    let passes = 0;
    for (;;) {
      const done = !writing;
      const read = await pass(a, token);
      passes++;
      seen.push(...read.venues);
      token = read.token;
      if (done && read.venues.length === 0) break;
    }
    const ids = await created;
    expect(seen.length).toBe(new Set(seen).size);
    expect([...seen].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(passes).toBeGreaterThan(1);
  });
});
