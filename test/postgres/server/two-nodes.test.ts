/**
 * Two server nodes on one PostgreSQL database (issue 26, "Several nodes, one calendar"): what
 * the storage ports cover is served by either node, and a write acknowledged by one is read by
 * the other at once: sign-in, sessions, users, settings, venues and organizers (events, feeds
 * and CalDAV have their own two-node tests beside this one).
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../server/logger.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { VENUES, ORGANIZERS } from '../../server/resources/linked-posts/helpers.js';

const ADMIN_API = '/api/calendar/admin/v1';

async function twoNodes(): Promise<[TestServer, TestServer]> {
  const a = await startTestServer({ engine: 'postgres', start: { log: createLogger('error') } });
  const b = await startTestServer({
    databaseUrl: a.databaseUrl!,
    start: { log: createLogger('error') },
  });
  return [a, b];
}

async function signIn(node: TestServer, login: string, password: string): Promise<string> {
  const res = await node.call('POST', `${ADMIN_API}/sessions`, { body: { login, password } });
  expect(res.status, res.text).toBe(201);
  return `Bearer ${res.body.token as string}`;
}

describe('two nodes on one PostgreSQL database', () => {
  it('share users and sessions: a user made on A signs in on B, whose session A accepts and ends', async () => {
    const [a, b] = await twoNodes();
    const created = await a.call('POST', `${ADMIN_API}/users`, {
      auth: a.admin,
      body: { login: 'edith', password: 'edith-password', role: 'editor' },
    });
    expect(created.status, created.text).toBe(201);
    const token = await signIn(b, 'edith', 'edith-password');
    const me = await a.call('GET', `${ADMIN_API}/me`, { auth: token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ login: 'edith', role: 'editor' });
    expect((await a.call('DELETE', `${ADMIN_API}/sessions/current`, { auth: token })).status).toBe(
      200,
    );
    expect((await b.call('GET', `${ADMIN_API}/me`, { auth: token })).status).toBe(401);
  });

  it('share settings: a change on A is answered by B', async () => {
    const [a, b] = await twoNodes();
    const put = await a.call('POST', `${ADMIN_API}/settings`, {
      auth: a.admin,
      body: { site_name: 'Both nodes' },
    });
    expect(put.status, put.text).toBe(200);
    const read = await b.call('GET', `${ADMIN_API}/settings`, { auth: b.admin });
    expect(read.status).toBe(200);
    expect(read.body.site_name).toBe('Both nodes');
  });
});

describe('two nodes on one PostgreSQL database, venues and organizers', () => {
  it('are shared: made on A, changed on B, trashed on A, read as trashed on B', async () => {
    const [a, b] = await twoNodes();
    for (const [path, field] of [
      [VENUES, 'venue'],
      [ORGANIZERS, 'organizer'],
    ] as const) {
      const made = await a.call('POST', path, { auth: a.admin, body: { [field]: 'Grand Hall' } });
      expect(made.status, made.text).toBe(201);
      const id = made.body.id as number;
      expect((await b.call('GET', `${path}/${id}`)).body[field]).toBe('Grand Hall');
      const changed = await b.call('POST', `${path}/${id}`, {
        auth: b.admin,
        body: { [field]: 'Small Hall' },
      });
      expect(changed.status, changed.text).toBe(200);
      const listed = await a.call('GET', path);
      expect(listed.status).toBe(200);
      expect(
        (listed.body[`${field}s`] as Array<Record<string, unknown>>).map((row) => row[field]),
      ).toEqual(['Small Hall']);
      const trashed = await a.call('DELETE', `${path}/${id}`, { auth: a.admin });
      expect(trashed.status, trashed.text).toBe(200);
      const read = await b.call('GET', `${path}/${id}`, { auth: b.admin });
      expect(read.body.status).toBe('trash');
      expect((await b.call('GET', path)).body[`${field}s`]).toEqual([]);
    }
  });

  it('judge permissions on the rows as the other node left them', async () => {
    const [a, b] = await twoNodes();
    const author = await a.userWith('author', 'ann');
    const made = await a.call('POST', VENUES, { auth: author.auth, body: { venue: 'Ann’s' } });
    expect(made.status, made.text).toBe(201);
    const id = made.body.id as number;
    const mine = await a.call('POST', `${VENUES}/${id}`, {
      auth: author.auth,
      body: { venue: 'A' },
    });
    expect(mine.status, mine.text).toBe(200);
    const given = await b.call('POST', `${VENUES}/${id}`, { auth: b.admin, body: { author: 1 } });
    expect(given.status, given.text).toBe(200);
    const refused = await a.call('POST', `${VENUES}/${id}`, {
      auth: author.auth,
      body: { venue: 'B' },
    });
    expect(refused.status).toBe(403);
    expect((await b.call('GET', `${VENUES}/${id}`)).body.venue).toBe('A');
  });
});
