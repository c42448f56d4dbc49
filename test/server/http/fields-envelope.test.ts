import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../helpers/server.js';
import { create, createEvent, NS, DATE_DETAILS_KEYS } from '../../helpers/fixtures.js';

describe('_fields (WordPress rest_filter_response_fields)', () => {
  it('keeps only the named top-level fields of a single object, in the object’s order', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, { title: 'Concert' });
    const res = await server.call('GET', `${NS}/events/${event.id}`, {
      query: { _fields: 'title,id' },
    });
    expect(res.status).toBe(200);
    expect(res.text).toBe(JSON.stringify({ id: event.id, title: 'Concert' }));
  });

  it('keeps nested fields (a.b), in objects and in each item of a nested list', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', { venue: 'Hall', city: 'Lyon' });
    const first = await create(server, 'organizers', { organizer: 'Ann' });
    const second = await create(server, 'organizers', { organizer: 'Bob' });
    const event = await createEvent(server, { venue: venue.id, organizer: [first.id, second.id] });
    const res = await server.call('GET', `${NS}/events/${event.id}`, {
      query: { _fields: 'id, venue.city,start_date_details.year,organizer.organizer' },
    });
    expect(res.json).toEqual({
      id: event.id,
      start_date_details: { year: '2026' },
      venue: { city: 'Lyon' },
      organizer: [{ organizer: 'Ann' }, { organizer: 'Bob' }],
    });
  });

  it('takes an array of names, and a whole field wins over its sub-fields', async () => {
    const server = await startTestServer();
    const event = await createEvent(server);
    const url = `${server.url}${NS}/events/${event.id}?_fields[]=id&_fields[]=start_date_details.year&_fields[]=start_date_details`;
    const res = await fetch(url);
    const body = (await res.json()) as Record<string, Record<string, string>>;
    expect(Object.keys(body)).toEqual(['id', 'start_date_details']);
    expect(Object.keys(body.start_date_details!)).toEqual(DATE_DETAILS_KEYS);
  });

  it('on a listing, selects listing keys by name and item fields by every other name', async () => {
    const server = await startTestServer();
    const a = await createEvent(server, { title: 'A' });
    const b = await createEvent(server, {
      title: 'B',
      start_date: '2026-07-02 10:00:00',
      end_date: '2026-07-02 11:00:00',
    });
    const items = await server.call('GET', `${NS}/events`, { query: { _fields: 'id,title' } });
    expect(items.json).toEqual({
      events: [
        { id: a.id, title: 'A' },
        { id: b.id, title: 'B' },
      ],
    });
    // The totals headers are untouched.
    expect(items.headers.get('x-tec-total')).toBe('2');
    const mixed = await server.call('GET', `${NS}/events`, {
      query: { _fields: 'total,events.id,title' },
    });
    expect(mixed.json).toEqual({
      events: [
        { id: a.id, title: 'A' },
        { id: b.id, title: 'B' },
      ],
      total: 2,
    });
    const own = await server.call('GET', `${NS}/events`, {
      query: { _fields: 'total,total_pages' },
    });
    expect(own.json).toEqual({ total: 2, total_pages: 1 });
    const whole = await server.call('GET', `${NS}/events`, { query: { _fields: 'events,id' } });
    expect((whole.body.events as object[])[0]).toHaveProperty('global_id');
  });

  it('applies to remembered answers, to other listings and through every REST root', async () => {
    const server = await startTestServer();
    await createEvent(server, { title: 'A' });
    await create(server, 'categories', { name: 'Music' });
    await create(server, 'venues', { venue: 'Hall' });
    for (let i = 0; i < 2; i++) {
      const res = await server.call('GET', `${NS}/events`, { query: { _fields: 'title' } });
      expect(res.json).toEqual({ events: [{ title: 'A' }] });
    }
    const terms = await server.call('GET', `${NS}/categories`, {
      query: { _fields: 'name', hide_empty: 'false' },
    });
    expect(terms.json).toEqual({ categories: [{ name: 'Music' }] });
    const venues = await server.call('GET', '/wp-json/tribe/events/v1/venues', {
      query: { _fields: 'venue,total' },
    });
    expect(venues.json).toEqual({ venues: [{ venue: 'Hall' }], total: 1 });
    const routed = await server.call('GET', '/', {
      query: { rest_route: '/calendar/events/v1/categories', _fields: 'total', hide_empty: '0' },
    });
    expect(routed.json).toEqual({ total: 1 });
  });

  it('leaves errors whole', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', `${NS}/events/999`, { query: { _fields: 'id' } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest-event-not-found');
    expect(res.body.message).toEqual(expect.any(String));
  });
});

describe('_envelope (WordPress envelope_response)', () => {
  it('answers 200 with the body, the status and the headers', async () => {
    const server = await startTestServer();
    await createEvent(server);
    await createEvent(server);
    const res = await server.call('GET', `${NS}/events`, {
      query: { _envelope: '', per_page: 1, _fields: 'id' },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['body', 'status', 'headers']);
    expect(res.body.status).toBe(200);
    expect((res.body.body as { events: unknown[] }).events).toHaveLength(1);
    const headers = res.body.headers as Record<string, string>;
    expect(headers).toMatchObject({
      'X-TEC-Total': '2',
      'X-TEC-TotalPages': '2',
      'X-WP-Total': '2',
      'X-WP-TotalPages': '2',
      Allow: 'GET',
    });
    expect(headers.Link).toMatch(
      /^<http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/events\/v1\/events\/\?page=2&.*>; rel="next"$/,
    );
  });

  it('carries the real status of a create and of an error', async () => {
    const server = await startTestServer();
    const created = await server.call('POST', `${NS}/tags`, {
      auth: server.admin,
      query: { _envelope: '1' },
      body: { name: 'Jazz' },
    });
    expect(created.status).toBe(200);
    expect(created.body.status).toBe(201);
    expect((created.body.body as { name: string }).name).toBe('Jazz');

    const missing = await server.call('GET', `${NS}/events/999`, { query: { _envelope: '1' } });
    expect(missing.status).toBe(200);
    expect(missing.json).toEqual({
      body: {
        code: 'rest-event-not-found',
        message: expect.any(String),
        data: { status: 404 },
      },
      status: 404,
      headers: { Allow: 'GET' },
    });

    const bad = await server.call('POST', `${NS}/tags`, {
      auth: server.admin,
      query: { _envelope: '1' },
      body: '[1,2]',
    });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ status: 400, body: { code: 'rest_invalid_json' } });
  });
});
