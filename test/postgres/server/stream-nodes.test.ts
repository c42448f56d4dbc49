/**
 * The live stream across two nodes on one PostgreSQL database (issue 26, "Several nodes, one
 * calendar"): a node's stream carries a change committed on the other (LISTEN/NOTIFY), and a
 * client resumes on the other node with its Last-Event-ID, getting what followed and nothing
 * again.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../server/logger.js';
import { startTestServer } from '../../helpers/server.js';
import { SseClient, SYNC } from '../../server/resources/sync/helpers.js';

const VENUES = '/api/calendar/events/v1/venues';

const ids = (client: SseClient) =>
  client.messages.map((m) => (JSON.parse(m.data) as { kind: string; id: number }).id);

describe('the live stream on two PostgreSQL nodes', () => {
  it("carries the other node's writes, and resumes on the other node from its Last-Event-ID", async () => {
    const a = await startTestServer({ engine: 'postgres', start: { log: createLogger('error') } });
    const b = await startTestServer({
      databaseUrl: a.databaseUrl!,
      start: { log: createLogger('error') },
    });
    const onB = await SseClient.open(`${b.url}${SYNC}/stream`);
    expect(onB.status, onB.body).toBe(200);
    const first = await a.call('POST', VENUES, { auth: a.admin, body: { venue: 'Hall A' } });
    expect(first.status, first.text).toBe(201);
    await onB.until(() => ids(onB).includes(first.body.id as number), "A's venue on B's stream");
    const lastId = onB.messages.at(-1)!.id!;
    await onB.close();

    const second = await b.call('POST', VENUES, { auth: b.admin, body: { venue: 'Hall B' } });
    expect(second.status, second.text).toBe(201);
    const onA = await SseClient.open(`${a.url}${SYNC}/stream`, { 'Last-Event-ID': lastId });
    expect(onA.status, onA.body).toBe(200);
    await onA.until(() => ids(onA).includes(second.body.id as number), "B's venue on A's stream");
    expect(ids(onA)).toEqual([second.body.id]);
    await onA.close();
  });
});
