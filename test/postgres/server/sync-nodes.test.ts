/**
 * The change feed over HTTP on three PostgreSQL nodes (issue 26): 90 venue creates spread over
 * the three nodes at once, while a client syncs in pages of 7, each page asked of the next node
 * (its page and sync tokens carried from node to node), give every create exactly once, and
 * nothing else.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../server/logger.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { CHANGES } from '../../server/resources/sync/helpers.js';

const VENUES = '/api/calendar/events/v1/venues';
const NODES = 3;
const CREATES = 90;
const PER_PAGE = 7;

interface Page {
  venues: Array<{ id: number }>;
  next_page_token?: string;
  next_sync_token?: string;
}

/** A client that asks each page of the next node in turn. */
class Client {
  private turn = 0;
  pages = 0;
  constructor(private readonly nodes: TestServer[]) {}

  /** One pass from `token` (all pages); the venues it reported and the token it ends with. */
  async pass(token: string | undefined) {
    const venues: number[] = [];
    let query: Record<string, string | number> = { per_page: PER_PAGE };
    if (token !== undefined) query.sync_token = token;
    for (;;) {
      const node = this.nodes[this.turn++ % this.nodes.length]!;
      const res = await node.call('GET', CHANGES, { auth: node.admin, query });
      expect(res.status, res.text).toBe(200);
      this.pages++;
      const page = res.body as unknown as Page;
      expect(page.venues.length).toBeLessThanOrEqual(PER_PAGE);
      venues.push(...page.venues.map((venue) => venue.id));
      if (page.next_sync_token !== undefined) return { venues, token: page.next_sync_token };
      query = { per_page: PER_PAGE, page_token: page.next_page_token! };
    }
  }
}

describe('the change feed on three PostgreSQL nodes', () => {
  it('gives 90 concurrent creates on all nodes exactly once to a client syncing from each in turn', async () => {
    const log = createLogger('error');
    const first = await startTestServer({ engine: 'postgres', start: { log } });
    const nodes = [first];
    while (nodes.length < NODES)
      nodes.push(await startTestServer({ databaseUrl: first.databaseUrl!, start: { log } }));
    const client = new Client(nodes);
    let { token } = await client.pass(undefined);
    let writing = true;
    const created = Promise.all(
      Array.from({ length: CREATES }, async (_, i) => {
        const node = nodes[i % NODES]!;
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
      const read = await client.pass(token);
      passes++;
      seen.push(...read.venues);
      token = read.token;
      if (done && read.venues.length === 0) break;
    }
    const ids = await created;
    expect(new Set(ids).size).toBe(CREATES);
    // Nothing twice, nothing left out, nothing that was not made.
    expect(seen.length - new Set(seen).size, 'changes given more than once').toBe(0);
    expect([...seen].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    // The client synced while the nodes wrote, from every node, across many pages.
    expect(passes).toBeGreaterThan(1);
    expect(client.pages).toBeGreaterThan(CREATES / PER_PAGE);
  });
});
