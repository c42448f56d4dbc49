import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { EVENTS } from './helpers.js';
import { createEvent } from '../../../helpers/fixtures.js';

describe('GET /events/{id} and /events/by-slug/{slug}', () => {
  it('returns the event with its json_ld', async () => {
    const server = await startTestServer({ settings: { timezone: 'America/New_York' } });
    const event = await createEvent(server, {
      title: 'Event 01',
      cost: '$23',
      start_date: '2027-01-05 14:23:36',
      end_date: '2027-01-05 16:00:00',
      excerpt: 'Event 01 excerpt',
    });
    const response = await server.call('GET', `${EVENTS}/${event.id}`);
    expect(response.status).toBe(200);
    const { json_ld: jsonLd, ...rest } = response.body;
    expect(rest).toEqual(event);
    expect(Object.keys(response.body).at(-1)).toBe('json_ld');
    expect(response.body).toMatchObject({
      timezone_abbr: 'EST',
      cost: '$23',
      cost_details: { currency_symbol: '$', currency_position: 'prefix', values: ['23'] },
    });
    expect(jsonLd).toEqual({
      '@context': 'http://schema.org',
      '@type': 'Event',
      name: 'Event 01',
      description: 'Event 01 excerpt',
      url: event.url,
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      startDate: '2027-01-05T14:23:36-05:00',
      endDate: '2027-01-05T16:00:00-05:00',
      performer: 'Organization',
      offers: {
        '@type': 'Offer',
        price: '23',
        priceCurrency: 'USD',
        url: event.url,
        category: 'primary',
        availability: 'inStock',
        validFrom: '2026-06-15T12:00:00+00:00',
      },
    });
    const bySlug = await server.call('GET', `${EVENTS}/by-slug/event-01`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toEqual(response.body);
  });

  it('answers 404 for unknown ids and 400 for ids of other objects', async () => {
    const server = await startTestServer();
    for (const id of [0, 13]) {
      const response = await server.call('GET', `${EVENTS}/${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        code: 'rest-event-not-found',
        message: `Event with ID ${id} does not exist.`,
        data: { status: 404 },
      });
    }
    const [media] = await server.sql<{ id: number }>(
      "INSERT INTO posts (kind) VALUES ('media') RETURNING id",
    );
    const other = await server.call('GET', `${EVENTS}/${media!.id}`);
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({
      code: 'rest-invalid-event-id',
      message: 'The specified ID is not a valid event.',
    });
    expect((await server.call('GET', `${EVENTS}/foo`)).body.code).toBe('rest_no_route');
  });

  it('answers 400 for unknown slugs and 404 for an empty one', async () => {
    const server = await startTestServer();
    const unknown = await server.call('GET', `${EVENTS}/by-slug/non-existing-event`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('rest_invalid_param');
    expect((await server.call('GET', `${EVENTS}/by-slug/`)).status).toBe(404);
  });

  it('hides unpublished events from those who may not read them', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    const other = await server.userWith('contributor');
    const editor = await server.userWith('editor');
    const draft = await createEvent(server, { status: 'draft', slug: 'a-draft' }, contributor.auth);
    const denied = await server.call('GET', `${EVENTS}/${draft.id}`);
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({
      code: 'event-not-accessible',
      message: 'The requested event is not accessible',
      data: { status: 403 },
    });
    expect((await server.call('GET', `${EVENTS}/by-slug/a-draft`)).status).toBe(403);
    expect((await server.call('GET', `${EVENTS}/${draft.id}`, { auth: other.auth })).status).toBe(
      403,
    );
    expect(
      (await server.call('GET', `${EVENTS}/${draft.id}`, { auth: contributor.auth })).status,
    ).toBe(200);
    expect((await server.call('GET', `${EVENTS}/${draft.id}`, { auth: editor.auth })).status).toBe(
      200,
    );
    const priv = await createEvent(server, { status: 'private' });
    expect((await server.call('GET', `${EVENTS}/${priv.id}`)).status).toBe(403);
  });

  it('answers 403 for trashed events, to everyone', async () => {
    const server = await startTestServer();
    const event = await createEvent(server);
    await server.call('DELETE', `${EVENTS}/${event.id}`, { auth: server.admin });
    const response = await server.call('GET', `${EVENTS}/${event.id}`, { auth: server.admin });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      code: 'event-no-longer-available',
      message: 'This event is no longer available',
      data: { status: 403 },
    });
  });
});
