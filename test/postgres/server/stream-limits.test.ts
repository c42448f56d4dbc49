/**
 * The limit of change streams per client held by the whole calendar (issue 26, "Several nodes,
 * one calendar"; storage/stream-leases.ts): two nodes on one PostgreSQL database count one
 * client's streams together, and a stream closed on one node frees its slot for the other.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../server/logger.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { SseClient, SYNC } from '../../server/resources/sync/helpers.js';

const open: SseClient[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close();
});

async function stream(node: TestServer, headers: Record<string, string> = {}) {
  const client = await SseClient.open(`${node.url}${SYNC}/stream`, headers);
  open.push(client);
  return client;
}

const options = { log: createLogger('error'), sync: { maxPerClient: 2 } };

describe('change streams on two PostgreSQL nodes', () => {
  it("count one client's streams on both nodes together, and free a closed one's slot", async () => {
    const a = await startTestServer({ engine: 'postgres', start: options });
    const b = await startTestServer({ databaseUrl: a.databaseUrl!, start: options });
    const onA = await stream(a);
    expect(onA.status, onA.body).toBe(200);
    expect((await stream(b)).status).toBe(200);
    for (const node of [a, b]) {
      const third = await stream(node);
      expect(third.status).toBe(429);
      expect(JSON.parse(third.body)).toEqual({
        code: 'almanac_too_many_streams',
        message: 'Too many open change streams for this client; close one first.',
        data: { status: 429 },
      });
    }
    // Another client (a signed-in user) has slots of its own on either node.
    expect((await stream(b, { authorization: b.admin })).status).toBe(200);

    // Closed on A, the stream's slot is given back once A sees the connection end.
    await onA.close();
    let next = await stream(b);
    while (next.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      next = await stream(b);
    }
    expect(next.status, next.body).toBe(200);
    expect(a.services.sync.streams()).toBe(0);
    expect((await stream(a)).status).toBe(429);
  });
});
