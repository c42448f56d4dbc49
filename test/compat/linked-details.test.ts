/**
 * Finer venue and organizer details: scale-back, images, ignored params, default page size,
 * order, embedding in events, CORS exposure (docs/contract/compat-notes.md §2.4, §3.1, §5.2, §7.3, §7.4, §11.1;
 * docs/contract/decisions.md 8).
 */
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

const NS = '/api/calendar/events/v1';

async function post(
  server: TestServer,
  path: string,
  body: Record<string, unknown>,
  auth = server.admin,
) {
  const res = await server.call('POST', `${NS}/${path}`, { auth, body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number } & Record<string, unknown>;
}

describe('linked posts, details', () => {
  it('scales back statuses of contributors', async () => {
    const server = await startTestServer();
    const c = await server.userWith('contributor');
    expect((await post(server, 'venues', { venue: 'C1' }, c.auth)).status).toBe('draft');
    expect((await post(server, 'venues', { venue: 'C2', status: 'publish' }, c.auth)).status).toBe(
      'pending',
    );
    expect(
      (await post(server, 'organizers', { organizer: 'O', status: 'publish' }, c.auth)).status,
    ).toBe('pending');
    const author = await server.userWith('author');
    expect((await post(server, 'venues', { venue: 'A1' }, author.auth)).status).toBe('publish');
  });

  it('accepts and ignores timezone and unknown fields; "" image allowed', async () => {
    const server = await startTestServer();
    const v = await post(server, 'venues', {
      venue: 'TZ',
      timezone: 'Europe/Paris',
      whatever: 1,
      image: '',
    });
    expect(v).not.toHaveProperty('timezone');
    expect(v).not.toHaveProperty('whatever');
    expect(v).not.toHaveProperty('image');
  });

  it('image by URL gives an image object with an id', async () => {
    const server = await startTestServer();
    const v = await post(server, 'venues', { venue: 'Pic', image: 'http://example.com/pic.png' });
    const image = v.image as { id: number; url: string };
    expect(typeof image.id).toBe('number');
    expect(image.url).toBe('http://example.com/pic.png');
    const keys = Object.keys(v);
    expect(keys.indexOf('image')).toBe(keys.indexOf('slug') + 1);
    const o = await post(server, 'organizers', { organizer: 'Pic', image: String(image.id) });
    expect((o.image as { id: number }).id).toBe(image.id);
    const bad = await server.call('POST', `${NS}/venues`, {
      auth: server.admin,
      body: { venue: 'B', image: '23' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
    const c = await server.userWith('contributor');
    const byUrl = await server.call('POST', `${NS}/venues`, {
      auth: c.auth,
      body: { venue: 'U', image: 'http://example.com/x.png' },
    });
    expect(byUrl.status).toBe(400);
    expect(byUrl.body.code).toBe('rest_invalid_param');
  });

  it('default page size comes from the settings; newest first', async () => {
    const server = await startTestServer({ settings: { per_page: 3 } });
    const made: number[] = [];
    for (let i = 0; i < 4; i++)
      made.push((await post(server, 'organizers', { organizer: `O${i}` })).id);
    const res = await server.call('GET', `${NS}/organizers`);
    expect((res.body.organizers as unknown[]).length).toBe(3);
    expect(res.body.total_pages).toBe(2);
    expect(res.body.rest_url).toContain('per_page=3');
    // Post date descending; equal dates (the clock is frozen) newest id first.
    expect((res.body.organizers as Array<{ id: number }>).map((o) => o.id)).toEqual(
      made.slice(1).reverse(),
    );
  });

  it('the venue inside an event: no json_ld in lists, json_ld on single reads (§11.1)', async () => {
    const server = await startTestServer();
    const v = await post(server, 'venues', { venue: 'Hall', city: 'Paris' });
    const o = await post(server, 'organizers', { organizer: 'Org' });
    const e = await post(server, 'events', {
      title: 'E',
      start_date: '2026-07-01 10:00:00',
      end_date: '2026-07-01 11:00:00',
      venue: v.id,
      organizer: o.id,
    });
    expect(e.venue).not.toHaveProperty('json_ld');
    const venueKeys = Object.keys(e.venue as object);
    expect(venueKeys).toEqual(Object.keys(v));
    expect(Array.isArray(e.organizer)).toBe(true);
    const single = await server.call('GET', `${NS}/events/${e.id}`);
    expect(
      ((single.body.venue as Record<string, unknown>).json_ld as Record<string, unknown>)['@type'],
    ).toBe('Place');
    const org = (single.body.organizer as Array<Record<string, unknown>>)[0]!;
    expect((org.json_ld as Record<string, unknown>)['@type']).toBe('Person');
    const list = await server.call('GET', `${NS}/events`);
    const listed = (list.body.events as Array<Record<string, unknown>>)[0]!;
    expect(listed.venue).not.toHaveProperty('json_ld');
  });

  it('exposes the totals headers to browsers (decisions.md 8)', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', `${NS}/venues`, {
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(res.status).toBe(200);
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    for (const name of ['x-tec-total', 'x-tec-totalpages', 'link', 'etag'])
      expect(exposed).toContain(name);
  });

  it('anonymous update of an existing venue is 401; non-numeric ids never match', async () => {
    const server = await startTestServer();
    const v = await post(server, 'venues', { venue: 'V' });
    const res = await server.call('PUT', `${NS}/venues/${v.id}`, { body: { venue: 'X' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('rest_forbidden');
    const bySlugEmpty = await server.call('GET', `${NS}/venues/by-slug/`);
    expect(bySlugEmpty.status).toBe(404);
    expect(bySlugEmpty.body.code).toBe('rest_no_route');
  });
});
