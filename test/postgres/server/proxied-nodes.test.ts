/**
 * The two-node mode of the test harness (test/helpers/server.ts, `nodes: 2`, which the
 * `server-postgres-nodes` project makes the default): a test server is two nodes on one
 * PostgreSQL database behind a round-robin proxy. What the compatibility suite run in that mode
 * relies on is checked here from the nodes' side: requests really alternate between the nodes,
 * the client's Host reaches them, the live stream passes unbuffered, and the proxy closes with
 * the nodes.
 */
import type { IncomingMessage } from 'node:http';
import type { RunningServer } from '../../../server/start.js';
import { describe, expect, it } from 'vitest';
import { rawRequest } from '../../helpers/reliability.js';
import { startTestServer } from '../../helpers/server.js';
import { SseClient, SYNC } from '../../server/resources/sync/helpers.js';

const VENUES = '/api/calendar/events/v1/venues';
const EVENTS = '/api/calendar/events/v1/events';

/** The index of the node that received each request, in the order they arrived. */
function watch(nodes: RunningServer[]): number[] {
  const order: number[] = [];
  nodes.forEach((node, n) => node.server.on('request', () => order.push(n)));
  return order;
}

let closedProxy: string | undefined;

describe('a test server of two PostgreSQL nodes behind the round-robin proxy', () => {
  it('sends each request to the other node, and reads a write of one node through the other', async () => {
    const server = await startTestServer({ engine: 'postgres', nodes: 2 });
    expect(server.nodes).toHaveLength(2);
    expect(server.port).not.toBe(server.nodes[0]!.port);
    expect(server.port).not.toBe(server.nodes[1]!.port);
    const order = watch(server.nodes);
    const made: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await server.call('POST', VENUES, {
        auth: server.admin,
        body: { venue: `Hall ${i}` },
      });
      expect(res.status, res.text).toBe(201);
      made.push(res.body.id as number);
      // The next request goes to the other node: it reads what this one just acknowledged.
      const read = await server.call('GET', `${VENUES}/${made.at(-1)!}`);
      expect(read.status, read.text).toBe(200);
      expect(read.body.venue).toBe(`Hall ${i}`);
    }
    expect(order).toEqual([0, 1, 0, 1, 0, 1, 0, 1]);
    closedProxy = server.url;
  });

  it('closes the proxy with the nodes after the test', async () => {
    expect(closedProxy).toBeDefined();
    await expect(fetch(`${closedProxy!}${VENUES}`)).rejects.toThrow();
  });

  it("passes the client's Host to both nodes, so links name the proxy's address", async () => {
    const server = await startTestServer({ engine: 'postgres', nodes: 2 });
    const hosts: string[] = [];
    const order = watch(server.nodes);
    for (const node of server.nodes)
      node.server.on('request', (req: IncomingMessage) => hosts.push(req.headers.host ?? ''));
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`]) {
      for (let i = 0; i < 2; i++) {
        // Node's own client sends the Host header it is given (fetch would send its own).
        const res = await rawRequest(server.url, 'GET', EVENTS, { headers: { host } });
        expect(res.status, res.text).toBe(200);
        expect(new URL(res.body.rest_url as string).host).toBe(host);
      }
    }
    expect(hosts).toEqual([
      `127.0.0.1:${server.port}`,
      `127.0.0.1:${server.port}`,
      `localhost:${server.port}`,
      `localhost:${server.port}`,
    ]);
    expect(order).toEqual([0, 1, 0, 1]);
  });

  it("streams the live stream unbuffered, with the other node's writes", async () => {
    const server = await startTestServer({ engine: 'postgres', nodes: 2 });
    const order = watch(server.nodes);
    const stream = await SseClient.open(`${server.url}${SYNC}/stream`);
    expect(stream.status, stream.body).toBe(200);
    // The first comment arrives while the stream stays open: nothing waits for its end.
    await stream.until(() => stream.comments.length > 0, 'the first comment of the stream');
    expect(stream.ended).toBe(false);
    const made = await server.call('POST', VENUES, { auth: server.admin, body: { venue: 'Live' } });
    expect(made.status, made.text).toBe(201);
    expect(order).toEqual([0, 1]);
    await stream.until(
      () => stream.changes().some((change) => change.id === made.body.id),
      "the other node's venue on the stream",
    );
    await stream.close();
  });
});
