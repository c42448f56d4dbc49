/** Compat audit: edge cases of the events API not covered by the Cest-shaped files. */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';
import { EVENTS, ids } from '../server/resources/events/helpers.js';
import { createEvent } from '../helpers/fixtures.js';

const ROOT = '/api/calendar/events/v1/';

describe('events edge cases', () => {
  it('reports missing parameters before invalid ones, and before permission', async () => {
    const server = await startTestServer();
    const response = await server.call('POST', EVENTS, { body: { title: '' } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): start_date, end_date',
      data: { status: 400, params: ['start_date', 'end_date'] },
    });
  });

  it('gives strict_dates="" a readable message', async () => {
    const server = await startTestServer();
    const response = await server.call('GET', EVENTS, { query: { strict_dates: '' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Invalid parameter(s): strict_dates');
    expect((response.body.data as { params: Record<string, string> }).params).toEqual({
      strict_dates: 'strict_dates must be a non-empty string.',
    });
  });

  it('links a child category to its parent in the embedded term', async () => {
    const server = await startTestServer();
    const parent = await server.call('POST', `${ROOT}categories`, {
      auth: server.admin,
      body: { name: 'Parent' },
    });
    const child = await server.call('POST', `${ROOT}categories`, {
      auth: server.admin,
      body: { name: 'Child', parent: parent.body.id },
    });
    const event = await createEvent(server, { categories: [child.body.id as number] });
    const term = (event.categories as Record<string, unknown>[])[0]!;
    expect(term).toMatchObject({ parent: parent.body.id, count: 1, filter: 'raw' });
    expect(term.urls).toEqual({
      self: `${server.url}${ROOT}categories/${child.body.id as number}`,
      collection: `${server.url}${ROOT}categories`,
      up: `${server.url}${ROOT}categories/${parent.body.id as number}`,
    });
  });

  it('shows "" after an update clears the website, the permalink when created without one', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, { website: 'http://a.example' });
    const kept = await server.call('POST', `${EVENTS}/${event.id}`, {
      auth: server.admin,
      body: { title: 'Renamed' },
    });
    expect(kept.body.website).toBe('http://a.example');
    const cleared = await server.call('POST', `${EVENTS}/${event.id}`, {
      auth: server.admin,
      body: { website: '' },
    });
    expect(cleared.body.website).toBe('');
  });

  it('leaves hidden events out of listings but reads them by id', async () => {
    const server = await startTestServer();
    const hidden = await createEvent(server, { hide_from_listings: true });
    const shown = await createEvent(server);
    const list = await server.call('GET', EVENTS);
    expect(ids(list)).toEqual([shown.id]);
    const read = await server.call('GET', `${EVENTS}/${hidden.id}`);
    expect(read.status).toBe(200);
    expect(read.body.hide_from_listings).toBe(true);
  });

  it('lets a trashed event be updated, staying in the trash without a status', async () => {
    const server = await startTestServer();
    const event = await createEvent(server);
    await server.call('DELETE', `${EVENTS}/${event.id}`, { auth: server.admin });
    const updated = await server.call('PUT', `${EVENTS}/${event.id}`, {
      auth: server.admin,
      body: { title: 'Edited in the trash' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ status: 'trash', title: 'Edited in the trash' });
  });

  it('exposes the archive headers to browsers and answers the reference namespace', async () => {
    const server = await startTestServer();
    await createEvent(server);
    const response = await server.call('GET', '/wp-json/tribe/events/v1/events', {
      headers: { origin: 'http://other.example' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = (response.headers.get('access-control-expose-headers') ?? '').split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['X-TEC-Total', 'X-TEC-TotalPages', 'Link']));
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(new URL(String(response.body.rest_url)).pathname).toBe(
      '/wp-json/tribe/events/v1/events/',
    );
    const single = await server.call(
      'GET',
      `/?rest_route=/tribe/events/v1/events/${ids(response)[0]!}`,
    );
    expect(single.status).toBe(200);
    expect(single.body.rest_url).toBe(
      `${server.url}/?rest_route=/tribe/events/v1/events/${ids(response)[0]!}`,
    );
  });

  it('treats a venue or organizer of 0 on create as none', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, { venue: 0, organizer: 0 });
    expect(event.venue).toEqual([]);
    expect(event.organizer).toEqual([]);
  });
});
