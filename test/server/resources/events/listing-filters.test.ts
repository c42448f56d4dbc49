import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { EVENTS, ids } from './helpers.js';
import { createEvent, createId } from '../../../helpers/fixtures.js';

const NS = '/api/calendar/events/v1';

/** Follows next_rest_url from page 1 and returns every id seen. */
async function allPages(
  server: TestServer,
  query: Record<string, string | number>,
): Promise<number[]> {
  const seen: number[] = [];
  let response = await server.call('GET', EVENTS, { query });
  for (;;) {
    expect(response.status, response.text).toBe(200);
    seen.push(...ids(response));
    const next = response.body.next_rest_url as string | undefined;
    if (!next) return seen;
    response = await server.call('GET', next);
  }
}

describe('GET /events filters', () => {
  it('searches title, description and excerpt; every word must match', async () => {
    const server = await startTestServer();
    const made = { foo: [] as number[], fooBar: [] as number[], bar: [] as number[] };
    for (let i = 0; i < 2; i++) {
      made.foo.push((await createEvent(server, { title: `foo ${i}` })).id);
      made.fooBar.push(
        (await createEvent(server, { title: 'Something', description: `foo and "bar" ${i}` })).id,
      );
      made.bar.push((await createEvent(server, { title: 'Other', excerpt: `bar ${i}` })).id);
    }
    const search = async (value: string) =>
      (await allPages(server, { search: value, per_page: 50 })).sort((a, b) => a - b);
    expect(await search('foo')).toEqual([...made.foo, ...made.fooBar].sort((a, b) => a - b));
    expect(await search('bar')).toEqual([...made.fooBar, ...made.bar].sort((a, b) => a - b));
    expect(await search('foo bar')).toEqual(made.fooBar);
    expect(await search('"bar" OR')).toEqual([]);
    expect(await search('***')).toEqual([]);
    expect((await server.call('GET', EVENTS, { query: { search: '' } })).status).toBe(400);
  });

  it('filters by categories and tags (OR), and pages a filtered result exactly once', async () => {
    const server = await startTestServer({ settings: { per_page: 2 } });
    const inCat1 = [];
    const inCat2 = [];
    for (let i = 0; i < 3; i++) {
      inCat1.push((await createEvent(server, { categories: 'cat1', tags: 'red' })).id);
      inCat2.push((await createEvent(server, { categories: 'cat2', tags: 'blue' })).id);
      await createEvent(server, { categories: 'cat3' });
    }
    const expected = [...inCat1, ...inCat2].sort((a, b) => a - b);
    expect(await allPages(server, { categories: 'cat1,cat2' })).toEqual(expected);
    expect(await allPages(server, { tags: 'red,blue' })).toEqual(expected);
    const cat2 = await server.call('GET', `${NS}/categories`, {
      query: { slug: 'cat2', hide_empty: 'false' },
    });
    const cat2Id = (cat2.body.categories as Array<{ id: number }>)[0]!.id;
    expect(await allPages(server, { categories: `cat1,${cat2Id}` })).toEqual(expected);
    const first = await server.call('GET', EVENTS, {
      query: { categories: ['cat1', 'cat2'], search: 'event' },
    });
    const next = new URL(first.body.next_rest_url as string);
    expect(next.searchParams.get('categories')).toBe('cat1,cat2');
    expect(next.searchParams.get('search')).toBe('event');
    const unknown = await server.call('GET', EVENTS, { query: { categories: ['cat1', 'nope'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toMatchObject({
      params: { categories: expect.stringContaining('nope') },
    });
    expect((await server.call('GET', EVENTS, { query: { tags: 'nope' } })).status).toBe(400);
    await server.call('POST', `${NS}/categories`, { auth: server.admin, body: { name: 'Empty' } });
    const empty = await server.call('GET', EVENTS, { query: { categories: 'empty' } });
    expect(empty.body).toMatchObject({ events: [], total: 0, total_pages: 0 });
  });

  it('filters by venue and organizer (OR, each event once)', async () => {
    const server = await startTestServer();
    const v1 = await createId(server, 'venues', { venue: 'V1' });
    const v2 = await createId(server, 'venues', { venue: 'V2' });
    const v3 = await createId(server, 'venues', { venue: 'V3' });
    const o1 = await createId(server, 'organizers', { organizer: 'O1' });
    const o2 = await createId(server, 'organizers', { organizer: 'O2' });
    const atV1 = (await createEvent(server, { venue: v1, organizer: [o1, o2] })).id;
    const atV2 = (await createEvent(server, { venue: v2, organizer: o2 })).id;
    await createEvent(server);
    expect(ids(await server.call('GET', EVENTS, { query: { venue: [v1, v2, v3] } }))).toEqual([
      atV1,
      atV2,
    ]);
    expect(ids(await server.call('GET', EVENTS, { query: { venue: `${v2}` } }))).toEqual([atV2]);
    expect(ids(await server.call('GET', EVENTS, { query: { organizer: `${o1},${o2}` } }))).toEqual([
      atV1,
      atV2,
    ]);
    expect(ids(await server.call('GET', EVENTS, { query: { venue: v3 } }))).toEqual([]);
    const bad: Array<Record<string, string | number>> = [
      { venue: 'foo' },
      { venue: atV1 },
      { organizer: v1 },
      { organizer: 9999 },
    ];
    for (const query of bad) {
      expect((await server.call('GET', EVENTS, { query })).status, JSON.stringify(query)).toBe(400);
    }
  });

  it('filters by featured, parent and include, and leaves hidden events out', async () => {
    const server = await startTestServer();
    const featured = (await createEvent(server, { featured: true })).id;
    const plain = (await createEvent(server)).id;
    const hidden = (await createEvent(server, { hide_from_listings: true })).id;
    expect(ids(await server.call('GET', EVENTS, { query: { featured: 'true' } }))).toEqual([
      featured,
    ]);
    expect(ids(await server.call('GET', EVENTS, { query: { featured: 'false' } }))).toEqual([
      plain,
    ]);
    expect(ids(await server.call('GET', EVENTS))).toEqual([featured, plain]);
    expect((await server.call('GET', EVENTS, { query: { featured: 'maybe' } })).status).toBe(400);
    expect((await server.call('GET', `${EVENTS}/${hidden}`)).status).toBe(200);
    const child = (await createEvent(server)).id;
    await server.sql('UPDATE events SET parent_id = ? WHERE id = ?', plain, child);
    const children = await server.call('GET', EVENTS, { query: { post_parent: plain } });
    expect(children.body).toMatchObject({ total: 1, total_pages: 1 });
    expect(ids(children)).toEqual([child]);
    for (const value of ['foo-bar', 23]) {
      expect((await server.call('GET', EVENTS, { query: { post_parent: value } })).status).toBe(
        400,
      );
    }
    expect(
      ids(await server.call('GET', EVENTS, { query: { include: [child, featured] } })),
    ).toEqual([featured, child]);
  });

  it('refuses ticketed=true with a clear message and ignores ticketed=false', async () => {
    const server = await startTestServer();
    const event = await createEvent(server);
    const refused = await server.call('GET', EVENTS, { query: { ticketed: 'true' } });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toMatchObject({
      params: { ticketed: expect.stringContaining('ticket') },
    });
    expect(ids(await server.call('GET', EVENTS, { query: { ticketed: 'false' } }))).toEqual([
      event.id,
    ]);
  });

  it('shows each role what it may see', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    const other = await server.userWith('contributor');
    const editor = await server.userWith('editor');
    const published = (await createEvent(server)).id;
    const adminDraft = (await createEvent(server, { status: 'draft' })).id;
    const ownDraft = (await createEvent(server, {}, contributor.auth)).id;
    const otherPending = (await createEvent(server, { status: 'publish' }, other.auth)).id;
    const trashed = (await createEvent(server)).id;
    await server.call('DELETE', `${EVENTS}/${trashed}`, { auth: server.admin });
    const as = (auth?: string, status?: string) =>
      server.call('GET', EVENTS, { auth, query: status ? { status } : {} });
    expect(ids(await as())).toEqual([published]);
    expect(ids(await as(undefined, 'publish'))).toEqual([published]);
    expect((await as(undefined, 'publish, draft')).status).toBe(400);
    expect(ids(await as(contributor.auth))).toEqual([published, ownDraft]);
    expect(ids(await as(contributor.auth, 'draft,pending'))).toEqual([ownDraft]);
    expect(ids(await as(editor.auth))).toEqual([published, adminDraft, ownDraft, otherPending]);
    expect(ids(await as(editor.auth, 'publish, draft'))).toEqual([published, adminDraft, ownDraft]);
    expect(ids(await as(editor.auth, 'trash'))).toEqual([trashed]);
    for (const bad of ['foo', 'foo, bar', 'foo, bar, publish']) {
      expect((await as(editor.auth, bad)).status, bad).toBe(400);
    }
    const url = new URL((await as(editor.auth, 'publish,draft')).body.rest_url as string);
    expect(url.searchParams.get('status')).toBe('publish,draft');
  });

  it('echoes status=publish in rest_url for whoever sees only published events (compat-notes §2.2)', async () => {
    const server = await startTestServer();
    const subscriber = await server.userWith('subscriber');
    const contributor = await server.userWith('contributor');
    const statusIn = async (auth?: string) => {
      const res = await server.call('GET', EVENTS, { auth });
      expect(res.status).toBe(200);
      return new URL(res.body.rest_url as string).searchParams.get('status');
    };
    expect(await statusIn()).toBe('publish');
    expect(await statusIn(subscriber.auth)).toBe('publish');
    // Those who can edit events see more than published ones without asking.
    expect(await statusIn(contributor.auth)).toBeNull();
    expect(await statusIn(server.admin)).toBeNull();
  });

  it('orders include by publication date, then id, not by start (compat-notes §2.4)', async () => {
    const server = await startTestServer();
    const late = await createEvent(server, {
      start_date: '2026-09-01 10:00:00',
      end_date: '2026-09-01 11:00:00',
      date: '2026-01-01 09:00:00',
    });
    const early = await createEvent(server, {
      start_date: '2026-07-01 10:00:00',
      end_date: '2026-07-01 11:00:00',
      date: '2026-03-01 09:00:00',
    });
    const tie = await createEvent(server, {
      start_date: '2026-08-01 10:00:00',
      end_date: '2026-08-01 11:00:00',
      date: '2026-01-01 09:00:00',
    });
    const include = [early.id, tie.id, late.id].join(',');
    const all = await server.call('GET', EVENTS, { query: { include } });
    expect(ids(all)).toEqual([late.id, tie.id, early.id]);
    const second = await server.call('GET', EVENTS, { query: { include, per_page: 2, page: 2 } });
    expect(ids(second)).toEqual([early.id]);
    // Without include the listing stays in start order.
    expect(ids(await server.call('GET', EVENTS))).toEqual([early.id, tie.id, late.id]);
  });

  it('finds events near a point, and events whose venue has coordinates', async () => {
    const server = await startTestServer();
    const paris = await createId(server, 'venues', {
      venue: 'Paris',
      geo_lat: 48.8566,
      geo_lng: 2.3522,
    });
    const versailles = await createId(server, 'venues', {
      venue: 'Versailles',
      geo_lat: 48.8049,
      geo_lng: 2.1204,
    });
    const lyon = await createId(server, 'venues', {
      venue: 'Lyon',
      geo_lat: 45.764,
      geo_lng: 4.8357,
    });
    const nowhere = await createId(server, 'venues', { venue: 'Nowhere' });
    const inParis = (await createEvent(server, { venue: paris })).id;
    const inVersailles = (await createEvent(server, { venue: versailles })).id;
    const inLyon = (await createEvent(server, { venue: lyon })).id;
    const unplaced = (await createEvent(server, { venue: nowhere })).id;
    const noVenue = (await createEvent(server)).id;
    const near = (query: Record<string, string | number>) => server.call('GET', EVENTS, { query });
    expect(ids(await near({ geoloc_lat: 48.85, geoloc_lng: 2.35 }))).toEqual([
      inParis,
      inVersailles,
    ]);
    expect(ids(await near({ geoloc_lat: 48.85, geoloc_lng: 2.35, geoloc_radius: 5 }))).toEqual([
      inParis,
    ]);
    expect(ids(await near({ geoloc_lat: 48.85, geoloc_lng: 2.35, geoloc_radius: 500 }))).toEqual([
      inParis,
      inVersailles,
      inLyon,
    ]);
    expect(ids(await near({ geoloc: 'true' }))).toEqual([inParis, inVersailles, inLyon]);
    expect(ids(await near({ geoloc: 'false' }))).toEqual([unplaced, noVenue]);
    const half = await near({ geoloc_lat: 48.85 });
    expect(half.status).toBe(400);
    expect(half.body.data).toMatchObject({ params: { geoloc_lng: expect.any(String) } });
    expect((await near({ geoloc_lat: 100, geoloc_lng: 2 })).status).toBe(400);
    const url = new URL(
      (await near({ geoloc_lat: 48.85, geoloc_lng: 2.35 })).body.rest_url as string,
    );
    expect(url.searchParams.get('geoloc_radius')).toBe('25');
  });
});
