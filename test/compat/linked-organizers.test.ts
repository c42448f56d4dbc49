/**
 * Black-box compatibility checks of organizers (docs/contract/compat-notes.md §1.5, §2, §3.4, §4.3, §6, §7.4, §9
 * Organizer*Cest; docs/contract/decisions.md 1, 5, 6, 7, 12), over HTTP only.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { NS, create, createEvent, organizerKeys } from '../helpers/fixtures.js';

const organizer = (server: TestServer, body: Record<string, unknown>, auth = server.admin) =>
  create(server, 'organizers', body, auth);

const event = createEvent;

const ids = (body: Record<string, unknown>) =>
  (body.organizers as Array<{ id: number }>).map((v) => v.id).sort((a, b) => a - b);

describe('organizer object', () => {
  it('has the reference key order; no rest_url; json_ld on single reads only', async () => {
    const server = await startTestServer();
    const o = await organizer(server, {
      organizer: 'Org',
      description: 'D',
      excerpt: 'X',
      phone: '111',
      website: 'http://one.example',
      email: 'one@example.com',
    });
    expect(Object.keys(o)).toEqual(organizerKeys(['image', 'json_ld']));
    expect(o.url).toBe(`${server.url}/organizer/org/`);
    const single = await server.call('GET', `${NS}/organizers/${o.id}`);
    expect(Object.keys(single.body).slice(-3)).toEqual([
      'json_ld',
      'global_id',
      'global_id_lineage',
    ]);
    expect((single.body.json_ld as Record<string, unknown>)['@type']).toBe('Person');
    const slug = await server.call('GET', `${NS}/organizers/by-slug/org`);
    expect(slug.body).toEqual(single.body);
  });

  it('keeps omitted fields and drops "" ones (OrganizerUpdateCest)', async () => {
    const server = await startTestServer();
    const o = await organizer(server, {
      organizer: 'O',
      phone: '1',
      website: 'http://w.example',
      email: 'a@b.c',
    });
    const renamed = await server.call('POST', `${NS}/organizers/${o.id}`, {
      auth: server.admin,
      body: { organizer: 'P' },
    });
    expect(renamed.body).toMatchObject({
      organizer: 'P',
      phone: '1',
      website: 'http://w.example',
      email: 'a@b.c',
    });
    const cleared = await server.call('PATCH', `${NS}/organizers/${o.id}`, {
      auth: server.admin,
      body: { email: '' },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).not.toHaveProperty('email');
    expect(cleared.body.phone).toBe('1');
    // No email format check (docs/contract/compat-notes.md §7.4).
    const loose = await server.call('POST', `${NS}/organizers/${o.id}`, {
      auth: server.admin,
      body: { email: 'not an email' },
    });
    expect(loose.status).toBe(200);
  });
});

describe('organizer errors', () => {
  it('reference codes and messages', async () => {
    const server = await startTestServer();
    const missing = await server.call('POST', `${NS}/organizers`, {
      auth: server.admin,
      body: { phone: '1' },
    });
    expect(missing.body).toMatchObject({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): organizer',
      data: { status: 400, params: ['organizer'] },
    });
    expect(
      (await server.call('POST', `${NS}/organizers`, { body: { organizer: 'A' } })).status,
    ).toBe(401);
    const unknown = await server.call('GET', `${NS}/organizers/23`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('rest_invalid_param');
    expect((await server.call('GET', `${NS}/organizers/foo`)).status).toBe(404);
    expect((await server.call('GET', `${NS}/organizers/by-slug/nope`)).status).toBe(400);
    const draft = await organizer(server, { organizer: 'Hidden', status: 'draft' });
    const anon = await server.call('GET', `${NS}/organizers/${draft.id}`);
    expect(anon.body).toEqual({
      code: 'organizer-not-accessible',
      message: 'The requested organizer is not accessible',
      data: { status: 403 },
    });
    const del = await server.call('DELETE', `${NS}/organizers/${draft.id}`, { auth: server.admin });
    expect(del.status).toBe(200);
    expect(del.body.status).toBe('trash');
    const again = await server.call('DELETE', `${NS}/organizers/${draft.id}`, {
      auth: server.admin,
    });
    expect(again.body).toEqual({
      code: 'organizer-is-in-trash',
      message: 'The organizer is already trashed',
      data: { status: 410 },
    });
    const past = await server.call('GET', `${NS}/organizers`, { query: { page: 2 } });
    expect(past.body).toEqual({
      code: 'organizer-archive-page-not-found',
      message: 'The requested organizer archive page does not exist',
      data: { status: 404 },
    });
  });
});

describe('organizer create and archive', () => {
  it('reuses an identical organizer, case-insensitively and by subset', async () => {
    const server = await startTestServer();
    const o = await organizer(server, { organizer: 'Org A', email: 'a@example.com', phone: '1' });
    expect((await organizer(server, { organizer: 'org a', email: 'A@example.com' })).id).toBe(o.id);
    expect((await organizer(server, { organizer: 'Org A', email: 'b@example.com' })).id).not.toBe(
      o.id,
    );
  });

  it('search over phone, email and website', async () => {
    const server = await startTestServer();
    await organizer(server, {
      organizer: 'One',
      phone: '111111111',
      email: 'one@common.com',
      website: 'http://one.com',
    });
    await organizer(server, { organizer: 'Two', phone: '222223333', email: 'two@common.com' });
    await organizer(server, { organizer: 'Three', email: 'three@three.com' });
    const count = async (search: string) =>
      (await server.call('GET', `${NS}/organizers`, { query: { search } })).body.total;
    expect(await count('1111')).toBe(1);
    expect(await count('222223333')).toBe(1);
    expect(await count('three@three.com')).toBe(1);
    expect(await count('common.com')).toBe(2);
    expect(await count('@common.com')).toBe(2);
    expect(await count('http://one.com')).toBe(1);
    expect(await count('nothing')).toBe(0);
  });

  it('has_events, only_with_upcoming, event filters', async () => {
    const server = await startTestServer();
    const a = await organizer(server, { organizer: 'A' });
    const b = await organizer(server, { organizer: 'B' });
    const c = await organizer(server, { organizer: 'C' });
    await event(server, {
      organizer: [a.id],
      start_date: '2026-01-01 10:00:00',
      end_date: '2026-01-01 11:00:00',
    });
    const e = await event(server, { organizer: [b.id, c.id], status: 'pending' });
    const list = async (query: Record<string, string | number>, auth?: string) =>
      ids((await server.call('GET', `${NS}/organizers`, { query, auth })).body);
    expect(await list({ has_events: 'true' })).toEqual([a.id]);
    expect(await list({ has_events: 'false' })).toEqual([b.id, c.id]);
    expect(await list({ only_with_upcoming: 'true' })).toEqual([]);
    expect(await list({ only_with_upcoming: 'true' }, server.admin)).toEqual([b.id, c.id]);
    expect(await list({ event: e.id }, server.admin)).toEqual([b.id, c.id]);
    // A pending event's links are not for anonymous readers (docs/reliability.md, Access).
    expect(await list({ event: e.id })).toEqual([]);
  });

  it('trashing an organizer unlinks only it (decisions.md 6)', async () => {
    const server = await startTestServer();
    const a = await organizer(server, { organizer: 'A' });
    const b = await organizer(server, { organizer: 'B' });
    const e = await event(server, { organizer: [a.id, b.id] });
    await server.call('DELETE', `${NS}/organizers/${a.id}`, { auth: server.admin });
    const after = await server.call('GET', `${NS}/events/${e.id}`);
    expect((after.body.organizer as Array<{ id: number }>).map((o) => o.id)).toEqual([b.id]);
  });
});
