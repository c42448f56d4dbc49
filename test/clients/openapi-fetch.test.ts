/**
 * A typed client as a TypeScript user of the API makes one: openapi-typescript turns the live
 * document into types (test/clients/generated/calendar-api.ts, kept current by
 * openapi-types.test.ts) and openapi-fetch calls the server with them. This file is compiled by
 * `npm run typecheck`: the typed calls below must compile under `strict`, and the calls marked
 * `@ts-expect-error` must not (an unused marker is itself a type error).
 */
import { describe, expect, it } from 'vitest';
import createClient from 'openapi-fetch';
import type { components, paths } from './generated/calendar-api.js';
import { startTestServer } from '../helpers/server.js';

type Event = components['schemas']['Event'];

/** A client on the base URL the document advertises, as a generated client would be set up. */
async function typedClient(docUrl: string, authorization: string) {
  const doc = (await (await fetch(docUrl)).json()) as { servers: { url: string }[] };
  return createClient<paths>({ baseUrl: doc.servers[0]!.url, headers: { authorization } });
}

async function createWithInlineVenue(client: ReturnType<typeof createClient<paths>>) {
  return client.POST('/events', {
    body: {
      title: 'Typed rehearsal',
      start_date: '2026-07-07 19:00:00',
      end_date: '2026-07-07 21:00:00',
      venue: { venue: 'Typed Hall', city: 'Lyon', country: 'France' },
      organizer: [{ organizer: 'Typed Choir', email: 'choir@example.org' }],
      categories: ['Music', 'Choir'],
      cost: 12,
    },
  });
}

/** Calls the document forbids; never run, only compiled. */
export function refusedByTheTypes(client: ReturnType<typeof createClient<paths>>) {
  // @ts-expect-error an event needs a title
  void client.POST('/events', { body: { start_date: '2026-07-07', end_date: '2026-07-07' } });
  void client.POST('/events', {
    body: {
      title: 'x',
      start_date: '2026-07-07',
      end_date: '2026-07-07',
      // @ts-expect-error a venue is an id, an object with an id, venue data or ""
      venue: true,
    },
  });
  void client.POST('/events', {
    // @ts-expect-error an image is a media id or a URL
    body: { title: 'x', start_date: '2026-07-07', end_date: '2026-07-07', image: { id: 3 } },
  });
  // @ts-expect-error a page is a number
  void client.GET('/events', { params: { query: { page: 'two' } } });
  // @ts-expect-error an event is read by its id
  void client.GET('/events/{id}', { params: { path: { slug: 'x' } } });
}

describe('a client generated from the OpenAPI document (openapi-typescript + openapi-fetch)', () => {
  it('creates an event with an inline venue, lists and reads it, through typed calls', async () => {
    const server = await startTestServer();
    // Read through ?rest_route=, whose document advertises the /wp-json/ form a client can use.
    const client = await typedClient(
      `${server.url}/?rest_route=/calendar/events/v1/doc`,
      server.admin,
    );

    const created = await createWithInlineVenue(client);
    expect(created.error).toBeUndefined();
    expect(created.response.status).toBe(201);
    const event: Event = created.data!;
    expect(event).toMatchObject({
      title: 'Typed rehearsal',
      venue: { venue: 'Typed Hall', city: 'Lyon', country: 'France' },
      organizer: [{ organizer: 'Typed Choir', email: 'choir@example.org' }],
      categories: [{ name: 'Music' }, { name: 'Choir' }],
      cost: '$12',
    });

    const listed = await client.GET('/events', { params: { query: { per_page: 5, page: 1 } } });
    expect(listed.response.status).toBe(200);
    expect(listed.data!.events.map((item) => item.title)).toEqual(['Typed rehearsal']);
    expect(listed.data!.total).toBe(1);
    expect(listed.response.headers.get('X-TEC-Total')).toBe('1');

    const read = await client.GET('/events/{id}', { params: { path: { id: event.id } } });
    expect(read.data).toMatchObject({ id: event.id, title: 'Typed rehearsal' });
    expect(read.data!.venue).toMatchObject({ venue: 'Typed Hall' });
  });

  it('gets the documented error shape back, typed, when the server refuses a call', async () => {
    const server = await startTestServer();
    const client = await typedClient(`${server.url}/wp-json/calendar/events/v1/doc`, '');
    const refused = await client.POST('/events', {
      body: { title: 'Anonymous', start_date: '2026-07-07 19:00', end_date: '2026-07-07 20:00' },
    });
    expect(refused.data).toBeUndefined();
    expect(refused.response.status).toBe(401);
    expect(refused.error).toMatchObject({ data: { status: 401 } });
    expect(typeof refused.error!.code).toBe('string');

    const missing = await client.GET('/events/{id}', { params: { path: { id: 999 } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toEqual({
      code: 'rest-event-not-found',
      message: expect.any(String),
      data: { status: 404 },
    });
  });
});
