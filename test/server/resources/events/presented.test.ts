/**
 * Events' presentations are remembered per event (server/resources/events/presented.ts): every
 * change to what an event shows reaches its next answer at once, by whatever path it is written.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { create, createEvent, NS } from '../../../helpers/fixtures.js';
import { EVENTS } from './helpers.js';

const ADMIN_NS = '/api/calendar/admin/v1';

type Wire = Record<string, unknown>;

/** The event as the single read and as the listing show it, anonymously. */
async function answers(server: TestServer, id: number): Promise<[Wire, Wire]> {
  const single = await server.call('GET', `${EVENTS}/${id}`);
  expect(single.status).toBe(200);
  const listing = await server.call('GET', EVENTS, { query: { start_date: '2026-01-01' } });
  expect(listing.status).toBe(200);
  const listed = (listing.body.events as Wire[]).find((event) => event.id === id);
  expect(listed).toBeDefined();
  return [single.body, listed!];
}

async function patch(server: TestServer, path: string, body: Wire, auth = server.admin) {
  const response = await server.call('PATCH', path, { auth, body });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe('remembered event presentations', () => {
  it('show a renamed venue and organizer at once, in the single read and the listing', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', { venue: 'Old hall', status: 'publish' });
    const organizer = await create(server, 'organizers', { organizer: 'Old crew' });
    const event = await createEvent(server, { venue: venue.id, organizer: [organizer.id] });
    for (const wire of await answers(server, event.id)) {
      expect((wire.venue as Wire).venue).toBe('Old hall');
      expect((wire.organizer as Wire[])[0]!.organizer).toBe('Old crew');
    }

    await patch(server, `${NS}/venues/${venue.id}`, { venue: 'New hall' });
    await patch(server, `${NS}/organizers/${organizer.id}`, { organizer: 'New crew' });
    for (const wire of await answers(server, event.id)) {
      expect((wire.venue as Wire).venue).toBe('New hall');
      expect((wire.organizer as Wire[])[0]!.organizer).toBe('New crew');
    }
  });

  it('hide a venue turned draft from anonymous readers, not from its editors', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', { venue: 'Hall', status: 'publish' });
    const event = await createEvent(server, { venue: venue.id });
    for (const wire of await answers(server, event.id))
      expect(wire.venue).toMatchObject({ id: venue.id });

    await patch(server, `${NS}/venues/${venue.id}`, { status: 'draft' });
    for (const wire of await answers(server, event.id)) expect(wire.venue).toEqual([]);
    const admin = await server.call('GET', `${EVENTS}/${event.id}`, { auth: server.admin });
    expect(admin.body.venue).toMatchObject({ id: venue.id });
  });

  it("show a renamed term and a term's new count", async () => {
    const server = await startTestServer();
    const category = await create(server, 'categories', { name: 'Concerts' });
    const event = await createEvent(server, { categories: [category.id] });
    for (const wire of await answers(server, event.id)) {
      expect((wire.categories as Wire[])[0]).toMatchObject({ name: 'Concerts', count: 1 });
    }

    await patch(server, `${NS}/categories/${category.id}`, { name: 'Gigs' });
    for (const wire of await answers(server, event.id)) {
      expect((wire.categories as Wire[])[0]).toMatchObject({ name: 'Gigs', count: 1 });
    }
    await createEvent(server, { title: 'Another', categories: [category.id] });
    for (const wire of await answers(server, event.id)) {
      expect((wire.categories as Wire[])[0]).toMatchObject({ name: 'Gigs', count: 2 });
    }
  });

  it('show new links and a new order of organizers written within the same second', async () => {
    const server = await startTestServer();
    const first = await create(server, 'organizers', { organizer: 'First' });
    const second = await create(server, 'organizers', { organizer: 'Second' });
    const tag = await create(server, 'tags', { name: 'outdoors' });
    const event = await createEvent(server, { organizer: [first.id, second.id] });
    await answers(server, event.id);

    // The test clock stands still: the row's modification time does not move.
    await patch(server, `${EVENTS}/${event.id}`, { organizer: [second.id, first.id] });
    await patch(server, `${EVENTS}/${event.id}`, { tags: [tag.id] });
    for (const wire of await answers(server, event.id)) {
      expect((wire.organizer as Wire[]).map((o) => o.id)).toEqual([second.id, first.id]);
      expect((wire.tags as Wire[]).map((t) => t.id)).toEqual([tag.id]);
    }
  });

  it("show the site's new time zone in every date it presents", async () => {
    const server = await startTestServer();
    const event = await createEvent(server);
    for (const wire of await answers(server, event.id))
      expect(wire.date).toBe('2026-06-15 12:00:00');

    const changed = await server.call('PATCH', `${ADMIN_NS}/settings`, {
      auth: server.admin,
      body: { timezone: 'Europe/Paris' },
    });
    expect(changed.status, changed.text).toBe(200);
    for (const wire of await answers(server, event.id))
      expect(wire.date).toBe('2026-06-15 14:00:00');
  });

  it('build every link on the root the request came through', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, { slug: 'linked' });
    const [single] = await answers(server, event.id);
    expect(single.rest_url).toBe(`${server.url}${EVENTS}/${event.id}`);
    const wp = await server.call('GET', `/wp-json/tribe/events/v1/events/${event.id}`);
    expect(wp.body.rest_url).toBe(`${server.url}/wp-json/tribe/events/v1/events/${event.id}`);
    const listed = await server.call('GET', '/wp-json/tribe/events/v1/events', {
      query: { start_date: '2026-01-01' },
    });
    const [first] = listed.body.events as Wire[];
    expect(first!.rest_url).toBe(`${server.url}/wp-json/tribe/events/v1/events/${event.id}`);
  });

  it('show what another process wrote to a venue straight into the database', async () => {
    const server = await startTestServer({ file: true });
    const venue = await create(server, 'venues', { venue: 'Before', status: 'publish' });
    const event = await createEvent(server, { venue: venue.id });
    await answers(server, event.id);

    const rename = "UPDATE venues SET title = 'After' WHERE id = ?";
    // On PostgreSQL server.sql is a connection of its own, as another node's would be.
    if (server.databaseUrl !== undefined) await server.sql(rename, venue.id);
    else {
      const other = new Database(server.dbPath);
      try {
        other.prepare(rename).run(venue.id);
      } finally {
        other.close();
      }
    }
    for (const wire of await answers(server, event.id))
      expect((wire.venue as Wire).venue).toBe('After');
  });
});
