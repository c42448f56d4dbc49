/**
 * Black-box compatibility checks of venues against the spec (docs/contract/compat-notes.md §1.4, §2, §3.4, §4, §6,
 * §7.4, §9 Venue*Cest, §11; docs/contract/decisions.md 1, 5, 7, 12, 13), over HTTP only.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { NS, create, createEvent, venueKeys } from '../helpers/fixtures.js';

const venue = (server: TestServer, body: Record<string, unknown>, auth = server.admin) =>
  create(server, 'venues', body, auth);

const event = createEvent;

const ids = (body: Record<string, unknown>) =>
  (body.venues as Array<{ id: number }>).map((v) => v.id).sort((a, b) => a - b);

describe('venue object', () => {
  it('has the reference key order with every field set', async () => {
    const server = await startTestServer();
    const v = await venue(server, {
      venue: 'Hall',
      description: 'Desc',
      excerpt: 'Exc',
      address: '1 Main St',
      city: 'Paris',
      country: 'France',
      province: 'IDF',
      state: 'ST',
      zip: '75001',
      phone: '123',
      website: 'http://hall.example',
      stateprovince: 'SP',
    });
    expect(Object.keys(v)).toEqual(venueKeys(['image', 'geo_lat', 'geo_lng', 'json_ld']));
    expect(v.author).toBe('1');
    expect(v.description).toBe('<p>Desc</p>');
    expect(v.show_map).toBe(true);
    expect(v.show_map_link).toBe(true);
    expect(v).not.toHaveProperty('rest_url');
    expect(v).not.toHaveProperty('json_ld');
    expect(v.url).toBe(`${server.url}/venue/hall/`);
    expect(v.global_id).toBe(`127.0.0.1?id=${v.id}`);
    expect(v.global_id_lineage).toEqual([v.global_id]);

    const single = await server.call('GET', `${NS}/venues/${v.id}`);
    expect(single.status).toBe(200);
    const keys = Object.keys(single.body);
    expect(keys.slice(-5)).toEqual([
      'json_ld',
      'show_map',
      'show_map_link',
      'global_id',
      'global_id_lineage',
    ]);
    const bySlug = await server.call('GET', `${NS}/venues/by-slug/hall`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toEqual(single.body);
  });

  it('omits empty fields, and flags are JSON booleans (decisions.md 13)', async () => {
    const server = await startTestServer();
    const v = await venue(server, { venue: 'Bare', show_map: false, show_map_link: 'no' });
    expect(Object.keys(v)).toEqual(
      venueKeys([
        'description',
        'excerpt',
        'image',
        'address',
        'city',
        'country',
        'province',
        'state',
        'zip',
        'phone',
        'website',
        'stateprovince',
        'geo_lat',
        'geo_lng',
        'json_ld',
      ]),
    );
    expect(v.show_map).toBe(false);
    expect(v.show_map_link).toBe(false);
    const form = await server.call('POST', `${NS}/venues`, {
      auth: server.admin,
      form: { venue: 'Form', show_map: 'false', show_map_link: '1' },
    });
    expect(form.status).toBe(201);
    expect(form.body.show_map).toBe(false);
    expect(form.body.show_map_link).toBe(true);
  });

  it('clears fields sent as "" and keeps omitted ones (decisions.md 1, VenueUpdateCest)', async () => {
    const server = await startTestServer();
    const v = await venue(server, {
      venue: 'Full',
      address: 'a',
      city: 'c',
      country: 'US',
      province: 'p',
      state: 's',
      zip: 'z',
      phone: 'ph',
      website: 'http://w.example',
      show_map: false,
    });
    const kept = await server.call('POST', `${NS}/venues/${v.id}`, {
      auth: server.admin,
      body: { venue: 'Renamed' },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.city).toBe('c');
    expect(kept.body.show_map).toBe(false);
    expect(kept.body.show_map_link).toBe(true);
    const cleared = await server.call('PUT', `${NS}/venues/${v.id}`, {
      auth: server.admin,
      body: {
        address: '',
        city: '',
        country: '',
        province: '',
        state: '',
        zip: '',
        phone: '',
        website: '',
        stateprovince: '',
        show_map: false,
        show_map_link: false,
      },
    });
    expect(cleared.status).toBe(200);
    for (const key of [
      'address',
      'city',
      'country',
      'province',
      'state',
      'zip',
      'phone',
      'website',
      'stateprovince',
    ]) {
      expect(cleared.body).not.toHaveProperty(key);
    }
    expect(cleared.body.show_map).toBe(false);
    expect(cleared.body.show_map_link).toBe(false);
  });

  it('derives stateprovince from state or province', async () => {
    const server = await startTestServer();
    const us = await venue(server, { venue: 'US', country: 'US', state: 'DC' });
    expect(us.stateprovince).toBe('DC');
    const ca = await venue(server, { venue: 'CA', country: 'Canada', province: 'ON' });
    expect(ca.stateprovince).toBe('ON');
  });
});

describe('venue errors', () => {
  it('answers the reference codes and messages', async () => {
    const server = await startTestServer();
    const missing = await server.call('POST', `${NS}/venues`, { auth: server.admin, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): venue',
      data: { status: 400, params: ['venue'] },
    });
    const empty = await server.call('POST', `${NS}/venues`, {
      auth: server.admin,
      body: { venue: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('rest_invalid_param');
    expect(empty.body.message).toBe('Invalid parameter(s): venue');
    for (const bad of [
      { author: 23 },
      { author: 'foo' },
      { date: 'foo' },
      { date_utc: 'foo' },
      { status: 'kinda_thinking_about_it' },
      { website: 'foo' },
    ]) {
      const res = await server.call('POST', `${NS}/venues`, {
        auth: server.admin,
        body: { venue: 'X', ...bad },
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
    }
    const anon = await server.call('POST', `${NS}/venues`, { body: { venue: 'A venue' } });
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 401 },
    });
    for (const path of ['foo', 'foo%20bar', 'foo-bar']) {
      const res = await server.call('GET', `${NS}/venues/${path}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      });
    }
    const unknown = await server.call('GET', `${NS}/venues/23`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('rest_invalid_param');
    expect(unknown.body.message).toBe('Invalid parameter(s): id');
    const slug = await server.call('GET', `${NS}/venues/by-slug/nope`);
    expect(slug.status).toBe(400);
    expect(slug.body.code).toBe('rest_invalid_param');
    const anonDelete = await server.call('DELETE', `${NS}/venues/23`);
    expect(anonDelete.status).toBe(400);
  });

  it('hides drafts with venue-not-accessible and trashes with 410', async () => {
    const server = await startTestServer();
    const draft = await venue(server, { venue: 'Draft', status: 'draft' });
    const anon = await server.call('GET', `${NS}/venues/${draft.id}`);
    expect(anon.status).toBe(403);
    expect(anon.body).toEqual({
      code: 'venue-not-accessible',
      message: 'The requested venue is not accessible',
      data: { status: 403 },
    });
    const anonSlug = await server.call('GET', `${NS}/venues/by-slug/${draft.slug as string}`);
    expect(anonSlug.status).toBe(403);
    const editor = await server.userWith('editor');
    expect(
      (await server.call('GET', `${NS}/venues/${draft.id}`, { auth: editor.auth })).status,
    ).toBe(200);

    const v = await venue(server, { venue: 'Gone' });
    expect((await server.call('DELETE', `${NS}/venues/${v.id}`)).status).toBe(401);
    const del = await server.call('DELETE', `${NS}/venues/${v.id}`, {
      auth: server.admin,
      query: { force: 'true' },
    });
    expect(del.status).toBe(200);
    expect(del.body.id).toBe(v.id);
    expect(del.body.status).toBe('trash');
    expect(del.body).not.toHaveProperty('json_ld');
    const again = await server.call('DELETE', `${NS}/venues/${v.id}`, { auth: server.admin });
    expect(again.status).toBe(410);
    expect(again.body).toEqual({
      code: 'venue-is-in-trash',
      message: 'The venue is already trashed',
      data: { status: 410 },
    });
    // §11.10: trashed venues are 403 to anonymous users, 200 to admins.
    expect((await server.call('GET', `${NS}/venues/${v.id}`)).status).toBe(403);
    expect((await server.call('GET', `${NS}/venues/${v.id}`, { auth: server.admin })).status).toBe(
      200,
    );
  });

  it('contributors cannot touch an admin venue', async () => {
    const server = await startTestServer();
    const v = await venue(server, { venue: 'Admin hall' });
    const c = await server.userWith('contributor');
    const put = await server.call('PUT', `${NS}/venues/${v.id}`, {
      auth: c.auth,
      body: { venue: 'X' },
    });
    expect(put.status).toBe(403);
    expect(put.body.code).toBe('rest_forbidden');
    expect((await server.call('DELETE', `${NS}/venues/${v.id}`, { auth: c.auth })).status).toBe(
      403,
    );
  });
});

describe('venue create', () => {
  it('returns the existing venue for an identical create, also by a subset and another case', async () => {
    const server = await startTestServer();
    const v = await venue(server, { venue: 'A venue', city: 'Paris', address: '1 Rue' });
    expect((await venue(server, { venue: 'A venue', city: 'Paris', address: '1 Rue' })).id).toBe(
      v.id,
    );
    expect((await venue(server, { venue: 'a VENUE', city: 'paris' })).id).toBe(v.id);
    expect((await venue(server, { venue: 'A venue' })).id).toBe(v.id);
    // docs/contract/decisions.md 12: another city is another venue.
    expect((await venue(server, { venue: 'A venue', city: 'Lyon' })).id).not.toBe(v.id);
  });

  it('stores post fields and formats dates', async () => {
    const server = await startTestServer({ settings: { timezone: 'America/New_York' } });
    const user = await server.userWith('editor');
    const v = await venue(server, {
      venue: 'Dated',
      author: user.id,
      date: 1767225600,
      date_utc: 1767225600,
      description: 'About',
      status: 'draft',
    });
    expect(v.author).toBe(String(user.id));
    expect(v.date_utc).toBe('2026-01-01 00:00:00');
    expect(v.date).toBe('2025-12-31 19:00:00');
    expect(v.description).toBe('<p>About</p>');
    expect(v.status).toBe('draft');
  });

  it('renaming onto another venue name keeps both', async () => {
    const server = await startTestServer();
    const a = await venue(server, { venue: 'Venue 1' });
    const b = await venue(server, { venue: 'Venue 2' });
    const res = await server.call('POST', `${NS}/venues/${b.id}`, {
      auth: server.admin,
      body: { venue: 'Venue 1' },
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(b.id);
    expect(res.body.venue).toBe('Venue 1');
    expect((await server.call('GET', `${NS}/venues/${a.id}`)).body.venue).toBe('Venue 1');
  });
});

describe('venue archive', () => {
  it('empty archive envelope', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', `${NS}/venues`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['venues', 'rest_url', 'total', 'total_pages']);
    expect(res.body.venues).toEqual([]);
    expect(res.body.total).toBe(0);
    expect(res.body.total_pages).toBe(0);
    expect(res.headers.get('x-tec-total')).toBe('0');
    expect(res.headers.get('x-tec-totalpages')).toBe('0');
  });

  it('pages, links and 404 past the end', async () => {
    const server = await startTestServer();
    for (let i = 1; i <= 10; i++) await venue(server, { venue: `Venue ${i}` });
    const p1 = await server.call('GET', `${NS}/venues`, { query: { per_page: 4 } });
    expect(Object.keys(p1.body)).toEqual([
      'venues',
      'rest_url',
      'next_rest_url',
      'total',
      'total_pages',
    ]);
    expect(p1.body.total).toBe(10);
    expect(p1.body.total_pages).toBe(3);
    expect(p1.headers.get('x-tec-total')).toBe('10');
    expect(p1.headers.get('x-tec-totalpages')).toBe('3');
    expect(new URL(p1.body.rest_url as string).pathname).toBe(`${NS}/venues/`);
    expect(p1.body.next_rest_url).toContain('page=2');
    const p2 = await server.call('GET', `${NS}/venues`, { query: { per_page: 4, page: 2 } });
    expect(Object.keys(p2.body)).toEqual([
      'venues',
      'rest_url',
      'next_rest_url',
      'previous_rest_url',
      'total',
      'total_pages',
    ]);
    expect(p2.body.previous_rest_url).not.toMatch(/[?&]page=/);
    const p3 = await server.call('GET', `${NS}/venues`, { query: { per_page: 4, page: 3 } });
    expect(p3.body.previous_rest_url).toContain('page=2');
    expect(p3.body).not.toHaveProperty('next_rest_url');
    const past = await server.call('GET', `${NS}/venues`, { query: { per_page: 5, page: 3 } });
    expect(past.status).toBe(404);
    expect(past.body).toEqual({
      code: 'venue-archive-page-not-found',
      message: 'The requested venue archive page does not exist',
      data: { status: 404 },
    });
    for (const bad of ['foo', '-1', '0', 'foo bar']) {
      expect((await server.call('GET', `${NS}/venues`, { query: { page: bad } })).status).toBe(400);
      expect((await server.call('GET', `${NS}/venues`, { query: { per_page: bad } })).status).toBe(
        400,
      );
    }
    const many = await server.call('GET', `${NS}/venues`, { query: { per_page: 100 } });
    expect(many.status).toBe(200);
    expect((many.body.venues as unknown[]).length).toBe(10);
  });

  it('status rules for anonymous users and editors', async () => {
    const server = await startTestServer();
    for (let i = 0; i < 2; i++) await venue(server, { venue: `Pub ${i}` });
    for (let i = 0; i < 3; i++) await venue(server, { venue: `Draft ${i}`, status: 'draft' });
    const anon = await server.call('GET', `${NS}/venues`);
    expect(anon.body.total).toBe(2);
    expect(
      (await server.call('GET', `${NS}/venues`, { query: { status: 'publish' } })).body.total,
    ).toBe(2);
    const bad = await server.call('GET', `${NS}/venues`, { query: { status: 'publish, draft' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
    const editor = await server.userWith('editor');
    expect((await server.call('GET', `${NS}/venues`, { auth: editor.auth })).body.total).toBe(5);
    expect(
      (
        await server.call('GET', `${NS}/venues`, {
          auth: editor.auth,
          query: { status: 'publish, draft' },
        })
      ).body.total,
    ).toBe(5);
    for (const s of ['foo', 'foo, bar', 'foo, bar, publish']) {
      expect(
        (await server.call('GET', `${NS}/venues`, { auth: editor.auth, query: { status: s } }))
          .status,
      ).toBe(400);
    }
  });

  it('search matches every fragment in one field; total counts matches (decisions.md 5)', async () => {
    const server = await startTestServer();
    await venue(server, { venue: 'Temple', address: '100, Avenue du Temple', city: 'London' });
    await venue(server, { venue: 'Other', city: 'Greater London', zip: '223345' });
    await venue(server, { venue: 'Third', zip: '223345', phone: '3333333' });
    const count = async (search: string) => {
      const res = await server.call('GET', `${NS}/venues`, { query: { search } });
      expect(res.status).toBe(200);
      return res.body.total;
    };
    expect(await count('london')).toBe(2);
    expect(await count('temple avenue')).toBe(1);
    expect(await count('greater london')).toBe(1);
    expect(await count('223345')).toBe(2);
    expect(await count('3333333')).toBe(1);
    expect(await count('zoot')).toBe(0);
  });

  it('has_events, event and only_with_upcoming', async () => {
    const server = await startTestServer();
    const past = await venue(server, { venue: 'Past' });
    const future = await venue(server, { venue: 'Future' });
    const draftOnly = await venue(server, { venue: 'Draft only' });
    const none = await venue(server, { venue: 'None' });
    await event(server, {
      venue: past.id,
      start_date: '2026-01-01 10:00:00',
      end_date: '2026-01-01 11:00:00',
    });
    const e = await event(server, { venue: future.id });
    await event(server, { venue: draftOnly.id, status: 'draft' });
    const list = async (query: Record<string, string | number>, auth?: string) => {
      const res = await server.call('GET', `${NS}/venues`, { query, auth });
      expect(res.status, res.text).toBe(200);
      return ids(res.body);
    };
    expect(await list({ has_events: 'true' })).toEqual([past.id, future.id]);
    expect(await list({ has_events: 'false' })).toEqual([draftOnly.id, none.id]);
    expect(await list({ only_with_upcoming: 'true' })).toEqual([future.id]);
    expect(await list({ only_with_upcoming: 'false' })).toHaveLength(4);
    const editor = await server.userWith('editor');
    expect(await list({ only_with_upcoming: 'true' }, editor.auth)).toEqual([
      future.id,
      draftOnly.id,
    ]);
    expect(await list({ event: e.id })).toEqual([future.id]);
    const bad = await server.call('GET', `${NS}/venues`, { query: { event: 23 } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
    const noVenue = await event(server, {});
    const empty = await server.call('GET', `${NS}/venues`, { query: { event: noVenue.id } });
    expect(empty.status).toBe(200);
    expect(empty.body.total).toBe(0);
  });

  it('trashing a venue unlinks it from its events', async () => {
    const server = await startTestServer();
    const v = await venue(server, { venue: 'Linked' });
    const e = await event(server, { venue: v.id });
    expect((e.venue as { id: number }).id).toBe(v.id);
    expect(
      (await server.call('DELETE', `${NS}/venues/${v.id}`, { auth: server.admin })).status,
    ).toBe(200);
    const after = await server.call('GET', `${NS}/events/${e.id}`);
    expect(after.body.venue).toEqual([]);
  });
});
