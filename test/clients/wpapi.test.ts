/**
 * node-wpapi, the WordPress REST client, used exactly as against a WordPress site: discovery
 * from the site's home page, the reference's and our namespace, paging through its `_paging`
 * helpers, and writes signed with an application password.
 */
import { describe, expect, it } from 'vitest';
import WPAPI from 'wpapi';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createEvent } from '../helpers/fixtures.js';

type EventItem = { id: number; title: string; status: string };
type Listing = {
  events: EventItem[];
  total: number;
  _paging?: { total: number; totalPages: number; next?: WPAPI.WPRequest; prev?: WPAPI.WPRequest };
};

/** An editor and one of its application passwords, made through the admin API. */
async function editorWithAppPassword(server: TestServer) {
  const editor = await server.userWith('editor', 'eddie');
  const res = await server.call(
    'POST',
    `/api/calendar/admin/v1/users/${editor.id}/application-passwords`,
    { auth: server.admin, body: { name: 'node-wpapi' } },
  );
  expect(res.status).toBe(201);
  return { username: 'eddie', password: res.body.password as string };
}

const day = (n: number) => `2026-07-${String(n).padStart(2, '0')}`;

describe('node-wpapi', () => {
  it('discovers the API from the site root and reads both namespaces', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, { title: 'Found by discovery' });
    const wp = await WPAPI.discover(`${server.url}/`);
    const tribe = wp.namespace('tribe/events/v1');
    expect(tribe.events().toString()).toBe(`${server.url}/wp-json/tribe/events/v1/events`);
    const reference = (await tribe.events().get()) as Listing;
    expect(reference.events.map((e) => e.title)).toEqual(['Found by discovery']);
    const ours = (await wp
      .namespace('calendar/events/v1')
      .events()
      .id(event.id)
      .get()) as EventItem;
    expect(ours).toMatchObject({ id: event.id, title: 'Found by discovery' });
    const doc = (await tribe.doc().get()) as { openapi: string };
    expect(doc.openapi).toBe('3.0.0');
  });

  it('pages a listing with perPage/page and follows _paging.next and .prev', async () => {
    const server = await startTestServer();
    for (let n = 1; n <= 5; n++) {
      await createEvent(server, {
        title: `Event ${n}`,
        start_date: `${day(n)} 10:00:00`,
        end_date: `${day(n)} 11:00:00`,
      });
    }
    const wp = await WPAPI.discover(`${server.url}/`);
    const events = () => wp.namespace('tribe/events/v1').events();
    const first = (await events().perPage(2).get()) as Listing;
    expect(first.events.map((e) => e.title)).toEqual(['Event 1', 'Event 2']);
    expect(first._paging).toMatchObject({ total: 5, totalPages: 3 });
    const second = (await first._paging!.next!.get()) as Listing;
    expect(second.events.map((e) => e.title)).toEqual(['Event 3', 'Event 4']);
    const back = (await second._paging!.prev!.get()) as Listing;
    expect(back.events.map((e) => e.title)).toEqual(['Event 1', 'Event 2']);
    const last = (await events().perPage(2).page(3).get()) as Listing;
    expect(last.events.map((e) => e.title)).toEqual(['Event 5']);
    expect(last._paging!.next).toBeUndefined();
  });

  it('creates, updates and deletes an event with an application password', async () => {
    const server = await startTestServer();
    const credentials = await editorWithAppPassword(server);
    const wp = await WPAPI.discover(`${server.url}/`);
    wp.auth(credentials);
    const events = () => wp.namespace('tribe/events/v1').events();

    const created = (await events().create({
      title: 'Board meeting',
      start_date: `${day(9)} 18:00:00`,
      end_date: `${day(9)} 19:30:00`,
      status: 'publish',
    })) as EventItem;
    expect(created).toMatchObject({ title: 'Board meeting', status: 'publish' });

    const updated = (await events()
      .id(created.id)
      .update({ title: 'Board meeting (moved)' })) as EventItem;
    expect(updated.title).toBe('Board meeting (moved)');
    const read = (await events().id(created.id).get()) as EventItem;
    expect(read.title).toBe('Board meeting (moved)');

    const deleted = (await events().id(created.id).delete()) as EventItem;
    expect(deleted.status).toBe('trash');
    const listing = (await events().get()) as Listing;
    expect(listing.total).toBe(0);
  });

  it('surfaces the API’s errors: a write without credentials is refused and changes nothing', async () => {
    const server = await startTestServer();
    const wp = await WPAPI.discover(`${server.url}/`);
    const attempt = wp
      .namespace('tribe/events/v1')
      .events()
      .create({ title: 'x', start_date: `${day(9)} 18:00:00`, end_date: `${day(9)} 19:00:00` });
    await expect(attempt).rejects.toMatchObject({ code: 'rest_forbidden', data: { status: 401 } });
    const listing = (await wp.namespace('tribe/events/v1').events().get()) as Listing;
    expect(listing.total).toBe(0);
  });
});
