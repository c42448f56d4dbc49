import { request, type ClientRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startTestServer,
  type TestServer,
  type TestServerOptions,
} from '../../../helpers/server.js';
import { createEvent, NS } from '../../../helpers/fixtures.js';
import { SseClient, SYNC } from './helpers.js';

const STREAM = `${SYNC}/stream`;
const open: SseClient[] = [];

afterEach(async () => {
  while (open.length > 0) await open.pop()!.close();
});

async function stream(server: TestServer, headers: Record<string, string> = {}, query = '') {
  const client = await SseClient.open(`${server.url}${STREAM}${query}`, headers);
  open.push(client);
  return client;
}

const fast: TestServerOptions = { start: { sync: { pollMs: 20, heartbeatMs: 150 } } };

describe('GET /sync/v1/stream', () => {
  it('sends a change event for each change the caller may read, with who made it', async () => {
    const server = await startTestServer(fast);
    const client = await stream(server, { authorization: server.admin });
    expect(client.status).toBe(200);
    expect(client.lastId).toBeUndefined();
    const event = await createEvent(server, { title: 'Live' });
    await client.until(() => client.changes().length > 0, 'the created event');
    const [change] = client.changes();
    expect(change).toEqual({
      kind: 'event',
      id: event.id,
      action: 'created',
      sync_token: expect.stringMatching(/^[0-9a-f]{8}-\d+$/),
      by: { id: 1, name: 'admin' },
    });
    expect(client.lastId).toBe(change!.sync_token);

    await server.call('POST', `${NS}/events/${event.id}`, {
      auth: server.admin,
      body: { title: 'Live, moved' },
    });
    await server.call('DELETE', `${NS}/events/${event.id}`, { auth: server.admin });
    await client.until(() => client.changes().at(-1)?.action === 'deleted', 'the trash');
    // The update and the trash may arrive as one change (the latest state of the event).
    expect(client.changes().at(-1)).toMatchObject({
      kind: 'event',
      id: event.id,
      action: 'deleted',
    });
  });

  it('shows an anonymous client neither drafts nor who made a change', async () => {
    const server = await startTestServer(fast);
    const client = await stream(server);
    const draft = await createEvent(server, { title: 'Draft', status: 'draft' });
    const published = await createEvent(server, { title: 'Public' });
    await client.until(() => client.changes().length > 0, 'the published event');
    await server.call('POST', `${NS}/events/${published.id}`, {
      auth: server.admin,
      body: { status: 'draft' },
    });
    await client.until(() => client.changes().length > 1, 'the unpublication');
    expect(client.changes().map(({ kind, id, action }) => [kind, id, action])).toEqual([
      ['event', published.id, 'created'],
      ['event', published.id, 'deleted'],
    ]);
    expect(client.changes().some((c) => c.id === draft.id)).toBe(false);
    expect(client.messages.some((m) => m.data.includes('"by"'))).toBe(false);
  });

  it('resumes after Last-Event-ID with exactly what it missed', async () => {
    const server = await startTestServer(fast);
    const first = await stream(server, { authorization: server.admin });
    const a = await createEvent(server, { title: 'A' });
    await first.until(() => first.changes().length === 1, 'A');
    const resumeFrom = first.lastId!;
    await first.close();

    const b = await createEvent(server, { title: 'B' });
    const c = await createEvent(server, { title: 'C' });
    await server.call('POST', `${NS}/events/${a.id}`, {
      auth: server.admin,
      body: { title: 'A2' },
    });

    const second = await stream(server, {
      authorization: server.admin,
      'last-event-id': resumeFrom,
    });
    await second.until(() => second.changes().length === 3, 'the three missed changes');
    expect(second.changes().map(({ id, action }) => [id, action])).toEqual([
      [b.id, 'created'],
      [c.id, 'created'],
      [a.id, 'updated'],
    ]);
    // The same through the query parameter, for clients that cannot set headers.
    const third = await stream(
      server,
      { authorization: server.admin },
      `?last_event_id=${resumeFrom}`,
    );
    await third.until(() => third.changes().length === 3, 'the same three changes');
  });

  it('refuses a Last-Event-ID from another history with 410', async () => {
    const server = await startTestServer(fast);
    const client = await stream(server, { 'last-event-id': '00000000-5' });
    expect(client.status).toBe(410);
    expect(JSON.parse((client as SseClient & { body: string }).body)).toMatchObject({
      code: 'sync_token_expired',
    });
  });

  it('sends heartbeats and outlives the request deadlines', async () => {
    const server = await startTestServer({
      start: {
        sync: { pollMs: 20, heartbeatMs: 100 },
        limits: { requestMs: 400, headersMs: 300, keepAliveMs: 200, checkIntervalMs: 50 },
      },
    });
    const client = await stream(server);
    await client.until(
      () => client.comments.filter((c) => c === 'heartbeat').length >= 8,
      'heartbeats',
    );
    expect(client.ended).toBe(false);
    await createEvent(server, { title: 'Still here' });
    await client.until(() => client.changes().length === 1, 'a change after the deadlines');
  });

  it('limits the streams one client may hold', async () => {
    const server = await startTestServer({ start: { sync: { maxPerClient: 2 } } });
    await stream(server);
    await stream(server);
    const third = await stream(server);
    expect(third.status).toBe(429);
    expect(JSON.parse((third as SseClient & { body: string }).body)).toEqual({
      code: 'almanac_too_many_streams',
      message: 'Too many open change streams for this client; close one first.',
      data: { status: 429 },
    });
    // A signed-in user counts on their own.
    expect((await stream(server, { authorization: server.admin })).status).toBe(200);
  });

  it('keeps a share of the slots for signed-in users, and one for any administrator', async () => {
    const server = await startTestServer({
      start: { sync: { maxStreams: 3, maxAnonymousStreams: 2 } },
    });
    const editor = await server.userWith('editor');
    const author = await server.userWith('author');
    const full = {
      code: 'almanac_too_many_streams',
      message: 'The server holds as many change streams as it can; try again later.',
      data: { status: 429 },
    };
    expect((await stream(server)).status).toBe(200);
    expect((await stream(server)).status).toBe(200);
    const anonymous = await stream(server);
    expect(anonymous.status).toBe(429);
    expect(JSON.parse((anonymous as SseClient & { body: string }).body)).toEqual(full);
    expect((await stream(server, { authorization: editor.auth })).status).toBe(200);
    const late = await stream(server, { authorization: author.auth });
    expect(late.status).toBe(429);
    expect(JSON.parse((late as SseClient & { body: string }).body)).toEqual(full);
    // Administrators' streams take none of the shared slots.
    expect((await stream(server, { authorization: server.admin })).status).toBe(200);
    expect((await stream(server, { authorization: server.admin })).status).toBe(200);
    expect(server.services.sync.streams()).toBe(5);
  });

  it('with the default numbers: anonymous clients on 25 addresses get 150 streams, users the rest', async () => {
    const server = await startTestServer();
    const held: ClientRequest[] = [];
    const open = (localAddress: string, authorization?: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          `${server.url}${STREAM}`,
          { localAddress, headers: authorization ? { authorization } : {} },
          (res) => {
            resolve(res.statusCode!);
            if (res.statusCode === 200) held.push(req);
            else res.resume();
          },
        );
        req.on('error', reject);
        req.end();
      });
    try {
      const statuses: number[] = [];
      for (let address = 2; address < 27; address++) {
        for (let n = 0; n < 8; n++) statuses.push(await open(`127.0.0.${address}`));
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(150);
      expect(statuses.filter((s) => s === 429)).toHaveLength(50);
      const users = await Promise.all(
        Array.from({ length: 7 }, (_, i) => server.userWith('subscriber', `reader${i}`)),
      );
      const signedIn: number[] = [];
      for (const user of users) {
        for (let n = 0; n < 8; n++) signedIn.push(await open('127.0.0.1', user.auth));
      }
      expect(signedIn.filter((s) => s === 200)).toHaveLength(50);
      expect(await open('127.0.0.1', server.admin)).toBe(200);
      expect(server.services.sync.streams()).toBe(201);
    } finally {
      for (const req of held) req.destroy();
    }
  });

  it('ends when the session it was opened with is revoked', async () => {
    const server = await startTestServer(fast);
    const login = await server.call('POST', '/api/calendar/admin/v1/sessions', {
      body: { login: 'admin', password: 'admin-password-1' },
    });
    const bearer = `Bearer ${login.body.token as string}`;
    const client = await stream(server, { authorization: bearer });
    expect(client.status).toBe(200);
    await server.call('DELETE', '/api/calendar/admin/v1/sessions/current', {
      auth: bearer,
    });
    await client.until(() => client.ended, 'the stream to end');
  });

  it('ends open streams when the server stops', async () => {
    const server = await startTestServer(fast);
    const client = await stream(server);
    expect(server.services.sync.streams()).toBe(1);
    await server.close();
    await client.until(() => client.ended, 'the stream to end');
  });
});
