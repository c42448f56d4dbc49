import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../server/clock.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { create, createEvent, NS } from '../../../helpers/fixtures.js';
import { CHANGES, COLLECTIONS, Replica, syncOnce, type Collection, type Item } from './helpers.js';

const PATHS: Record<Collection, string> = {
  events: 'events',
  venues: 'venues',
  organizers: 'organizers',
  categories: 'categories',
  tags: 'tags',
};

/** Without the `json_ld` keys, which single reads add and listings (and sync pages) do not. */
function withoutJsonLd(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutJsonLd);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'json_ld')
      .map(([key, inner]) => [key, withoutJsonLd(inner)]),
  );
}

/** What the resource route answers for the object now. */
async function current(server: TestServer, collection: Collection, id: number, auth?: string) {
  const res = await server.call('GET', `${NS}/${PATHS[collection]}/${id}`, {
    auth: auth ?? server.admin,
  });
  expect(res.status, res.text).toBe(200);
  return withoutJsonLd(res.json);
}

/** The replica holds exactly the server's current objects, field for field. */
async function expectReplicaCurrent(server: TestServer, replica: Replica, auth?: string) {
  for (const collection of COLLECTIONS) {
    for (const [id, item] of replica.items[collection]) {
      expect(item, `${collection} ${id}`).toEqual(await current(server, collection, id, auth));
    }
  }
}

async function world(server: TestServer) {
  const category = await create(server, 'categories', { name: 'Music' });
  const tag = await create(server, 'tags', { name: 'Outdoor' });
  const venue = await create(server, 'venues', { venue: 'Hall', city: 'Lyon' });
  const organizer = await create(server, 'organizers', { organizer: 'Club' });
  const published = await createEvent(server, {
    title: 'Concert',
    categories: [category.id],
    tags: [tag.id],
    venue: venue.id,
    organizer: [organizer.id],
  });
  const draft = await createEvent(server, { title: 'Secret plan', status: 'draft' });
  return { category, tag, venue, organizer, published, draft };
}

describe('GET /sync/v1/changes without a token', () => {
  it('pages through everything the administrator may read, with the routes’ representations', async () => {
    const server = await startTestServer();
    const w = await world(server);
    const replica = new Replica();
    const pages = await syncOnce(server, replica, { auth: server.admin, perPage: 2 });
    expect(pages.length).toBe(4);
    expect(pages[0]).toMatchObject({
      categories: [{ id: w.category.id }],
      tags: [{ id: w.tag.id }],
    });
    expect(pages.slice(0, -1).every((p) => typeof p.next_page_token === 'string')).toBe(true);
    expect(replica.token).toMatch(/^[0-9a-f]{8}-\d+$/);
    expect(replica.ids('events')).toEqual([w.published.id, w.draft.id]);
    expect(replica.ids('venues')).toEqual([w.venue.id]);
    expect(replica.ids('organizers')).toEqual([w.organizer.id]);
    await expectReplicaCurrent(server, replica);
  });

  it('shows an anonymous caller published objects only', async () => {
    const server = await startTestServer();
    const w = await world(server);
    const replica = new Replica();
    const [page] = await syncOnce(server, replica);
    expect(page!.events.map((e) => e.id)).toEqual([w.published.id]);
    expect(page!.deleted).toEqual({
      events: [],
      venues: [],
      organizers: [],
      categories: [],
      tags: [],
    });
    expect(JSON.stringify(page)).not.toContain('Secret plan');
  });

  it('shows a contributor published objects and their own drafts', async () => {
    const server = await startTestServer();
    const w = await world(server);
    const contributor = await server.userWith('contributor');
    const own = await createEvent(server, { title: 'Mine' });
    await server.call('POST', `${NS}/events/${own.id}`, {
      auth: server.admin,
      body: { author: contributor.id, status: 'draft' },
    });
    const replica = new Replica();
    await syncOnce(server, replica, { auth: contributor.auth });
    expect(replica.ids('events')).toEqual([w.published.id, own.id]);
    await expectReplicaCurrent(server, replica, contributor.auth);
  });
});

describe('GET /sync/v1/changes with a token', () => {
  it('gives what changed since, and the ids of what was trashed or deleted', async () => {
    const server = await startTestServer();
    const w = await world(server);
    const replica = new Replica();
    await syncOnce(server, replica, { auth: server.admin });

    const quiet = await syncOnce(server, replica, { auth: server.admin });
    expect(quiet).toHaveLength(1);
    expect(COLLECTIONS.map((c) => quiet[0]![c].length)).toEqual([0, 0, 0, 0, 0]);

    await server.call('POST', `${NS}/events/${w.draft.id}`, {
      auth: server.admin,
      body: { title: 'Plan, revised' },
    });
    await server.call('DELETE', `${NS}/events/${w.published.id}`, { auth: server.admin });
    await server.call('DELETE', `${NS}/tags/${w.tag.id}`, { auth: server.admin });
    const added = await create(server, 'venues', { venue: 'Annex' });

    const [page] = await syncOnce(server, replica, { auth: server.admin });
    expect(page!.events.map((e) => [e.id, e.title])).toEqual([[w.draft.id, 'Plan, revised']]);
    expect(page!.venues.map((v) => v.id)).toEqual([added.id]);
    expect(page!.deleted).toEqual({
      events: [w.published.id],
      venues: [],
      organizers: [],
      categories: [],
      tags: [w.tag.id],
    });
    expect(replica.ids('events')).toEqual([w.draft.id]);
    await expectReplicaCurrent(server, replica);
  });

  it('reports the events that embed a renamed venue, organizer or category', async () => {
    const server = await startTestServer();
    const w = await world(server);
    const replica = new Replica();
    await syncOnce(server, replica, { auth: server.admin });
    await server.call('POST', `${NS}/venues/${w.venue.id}`, {
      auth: server.admin,
      body: { venue: 'Great Hall' },
    });
    const [afterVenue] = await syncOnce(server, replica, { auth: server.admin });
    expect(afterVenue!.venues.map((v) => v.id)).toEqual([w.venue.id]);
    expect(afterVenue!.events.map((e) => e.id)).toEqual([w.published.id]);
    expect((replica.items.events.get(w.published.id)!.venue as Item).venue).toBe('Great Hall');

    await server.call('POST', `${NS}/organizers/${w.organizer.id}`, {
      auth: server.admin,
      body: { organizer: 'Night Club' },
    });
    await server.call('POST', `${NS}/categories/${w.category.id}`, {
      auth: server.admin,
      body: { name: 'Live music' },
    });
    const [after] = await syncOnce(server, replica, { auth: server.admin });
    expect(after!.events.map((e) => e.id)).toEqual([w.published.id]);
    expect(after!.categories.map((c) => c.name)).toEqual(['Live music']);
    await expectReplicaCurrent(server, replica);
  });

  it('tells an anonymous client that an unpublished event is gone, and never names a draft', async () => {
    const server = await startTestServer();
    const w = await world(server);
    const replica = new Replica();
    await syncOnce(server, replica);
    await server.call('POST', `${NS}/events/${w.published.id}`, {
      auth: server.admin,
      body: { status: 'draft' },
    });
    await server.call('POST', `${NS}/events/${w.draft.id}`, {
      auth: server.admin,
      body: { title: 'Secret plan, revised' },
    });
    await server.call('DELETE', `${NS}/events/${w.draft.id}`, { auth: server.admin });
    const [page] = await syncOnce(server, replica);
    expect(page!.events).toEqual([]);
    expect(page!.deleted.events).toEqual([w.published.id]);
    expect(page!.deleted.events).not.toContain(w.draft.id);

    await server.call('POST', `${NS}/events/${w.published.id}`, {
      auth: server.admin,
      body: { status: 'publish' },
    });
    const [back] = await syncOnce(server, replica);
    expect(back!.events.map((e) => e.id)).toEqual([w.published.id]);
    await expectReplicaCurrent(server, replica);
  });

  it('answers 410 sync_token_expired for a token older than the kept history', async () => {
    const clock = fixedClock('2026-06-15T12:00:00Z');
    const server = await startTestServer({ clock });
    await world(server);
    const replica = new Replica();
    await syncOnce(server, replica);
    const old = replica.token!;
    await createEvent(server, { title: 'Later' });
    // The change log's times are the database's own; the pruning cut-off follows the clock.
    clock.set(new Date(Date.now() + 91 * 24 * 3600 * 1000));
    expect(await server.services.sync.prune()).toBeGreaterThan(0);
    const res = await server.call('GET', CHANGES, { query: { sync_token: old } });
    expect(res.status).toBe(410);
    expect(res.json).toEqual({
      code: 'sync_token_expired',
      message:
        'The sync token is older than the kept history (or from before a restore): sync again without a token.',
      data: { status: 410 },
    });
    const fresh = new Replica();
    await syncOnce(server, fresh);
    expect(fresh.ids('events').length).toBe(2);
    const again = await server.call('GET', CHANGES, { query: { sync_token: fresh.token! } });
    expect(again.status).toBe(200);
  });

  it('refuses tokens of another history and malformed tokens', async () => {
    const server = await startTestServer();
    const foreign = await server.call('GET', CHANGES, { query: { sync_token: '00000000-1' } });
    expect(foreign.status).toBe(410);
    const ahead = await server.call('GET', CHANGES, {
      query: { sync_token: `${(await server.services.sync.token()).split('-')[0]}-999999` },
    });
    expect(ahead.status).toBe(410);
    for (const [name, value] of [
      ['sync_token', 'yesterday'],
      ['page_token', 'not a token'],
      ['page_token', Buffer.from('{"mode":"full"}').toString('base64url')],
      ['per_page', '0'],
    ] as const) {
      const res = await server.call('GET', CHANGES, { query: { [name]: value } });
      expect(res.status, `${name}=${value}`).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(Object.keys(res.body.data as object)).toContain('params');
    }
  });

  it('clamps per_page to 200', async () => {
    const server = await startTestServer();
    const names = Array.from({ length: 230 }, (_, i) => `t${i}`);
    await server.sql(
      `INSERT INTO terms (taxonomy, name, slug) VALUES ${names.map(() => "('tag', ?, ?)").join(', ')}`,
      ...names.flatMap((name) => [name, name]),
    );
    const res = await server.call('GET', CHANGES, { query: { per_page: 1000 } });
    expect((res.body.tags as unknown[]).length).toBe(200);
    expect(typeof res.body.next_page_token).toBe('string');
  });
});

describe('a sync running while the data changes', () => {
  it('misses nothing and reports nothing older than an earlier report', async () => {
    const server = await startTestServer();
    const made: number[] = [];
    for (let i = 0; i < 12; i++) made.push((await createEvent(server, { title: `E${i}` })).id);
    const replica = new Replica();
    let round = 0;
    // Between every two pages: an update of an event already read, one not read yet, a delete
    // and a create, so changes land on both sides of the pass's bound.
    const between = async () => {
      round++;
      await server.call('POST', `${NS}/events/${made[round % made.length]}`, {
        auth: server.admin,
        body: { title: `Changed ${round}` },
      });
      await server.call('POST', `${NS}/events/${made[(round * 5) % made.length]}`, {
        auth: server.admin,
        body: { excerpt: `Round ${round}` },
      });
      if (round % 3 === 0) {
        await server.call('DELETE', `${NS}/events/${made[(round * 7) % made.length]}`, {
          auth: server.admin,
        });
      }
      made.push((await createEvent(server, { title: `New ${round}` })).id);
    };
    await syncOnce(server, replica, { auth: server.admin, perPage: 3, between });
    await syncOnce(server, replica, { auth: server.admin, perPage: 3, between });
    await syncOnce(server, replica, { auth: server.admin, perPage: 3 });
    const listing = await server.call('GET', `${NS}/events`, {
      auth: server.admin,
      query: { per_page: 50, start_date: '2000-01-01' },
    });
    const live = (listing.body.events as Item[]).map((e) => e.id).sort((a, b) => a - b);
    expect(replica.ids('events')).toEqual(live);
    await expectReplicaCurrent(server, replica);
  });
});
