/** GET /venues (docs/contract/compat-notes.md §2, §3.4; VenueArchive*Cest; docs/contract/decisions.md 3, 5). */
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { idsOf, insertEvent, VENUES } from '../linked-posts/helpers.js';
import { create } from '../../../helpers/fixtures.js';

let made = 0;
/** Creates `count` venues with distinct names (equal names would be duplicates). */
async function venues(
  server: TestServer,
  count: number,
  fields: Record<string, unknown> = {},
  auth?: string,
) {
  const ids: number[] = [];
  for (let i = 1; i <= count; i++)
    ids.push((await create(server, 'venues', { venue: `Venue ${++made}`, ...fields }, auth)).id);
  return ids;
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('GET /venues: paging and envelope', () => {
  it('is an empty 200 with zero totals when there are none', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', VENUES);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      venues: [],
      rest_url: `${server.url}${VENUES}/?page=1&per_page=10&status=publish`,
      total: 0,
      total_pages: 0,
    });
    expect(res.headers.get('x-tec-total')).toBe('0');
    expect(res.headers.get('x-tec-totalpages')).toBe('0');
  });

  it('pages with the site per_page, newest first, with next and previous links', async () => {
    const server = await startTestServer({ settings: { per_page: 5 } });
    const ids = await venues(server, 10);
    const first = await server.call('GET', VENUES);
    expect(idsOf(first, 'venues')).toEqual([...ids].reverse().slice(0, 5));
    expect(first.body).toMatchObject({ total: 10, total_pages: 2 });
    expect(first.headers.get('x-tec-total')).toBe('10');
    expect(first.headers.get('x-tec-totalpages')).toBe('2');
    expect(first.body.next_rest_url).toBe(
      `${server.url}${VENUES}/?page=2&per_page=5&status=publish`,
    );
    expect(first.body).not.toHaveProperty('previous_rest_url');
    const second = await server.call('GET', first.body.next_rest_url as string);
    expect(idsOf(second, 'venues')).toEqual([...ids].reverse().slice(5));
    expect(second.body.previous_rest_url).toBe(`${server.url}${VENUES}/?per_page=5&status=publish`);
    expect(second.body).not.toHaveProperty('next_rest_url');
    expect(Object.keys(second.body)).toEqual([
      'venues',
      'rest_url',
      'previous_rest_url',
      'total',
      'total_pages',
    ]);
    const third = await server.call('GET', VENUES, { query: { page: 3, per_page: 4 } });
    expect(third.body.previous_rest_url).toBe(
      `${server.url}${VENUES}/?page=2&per_page=4&status=publish`,
    );
  });

  it('honours per_page, clamps it to 50 and refuses bad page or per_page values', async () => {
    const server = await startTestServer();
    const ids = await venues(server, 10);
    expect(
      idsOf(await server.call('GET', VENUES, { query: { per_page: 4 } }), 'venues'),
    ).toHaveLength(4);
    const two = await server.call('GET', VENUES, { query: { per_page: 2, page: 2 } });
    expect(two.body).toMatchObject({ total: 10, total_pages: 5 });
    const clamped = await server.call('GET', VENUES, { query: { per_page: 100 } });
    expect(idsOf(clamped, 'venues')).toHaveLength(ids.length);
    expect(clamped.body.rest_url).toContain('per_page=50');
    for (const bad of ['foo', '-1', '0', 'foo bar']) {
      expect((await server.call('GET', VENUES, { query: { page: bad } })).status, bad).toBe(400);
      expect((await server.call('GET', VENUES, { query: { per_page: bad } })).status, bad).toBe(
        400,
      );
    }
  });

  it('is 404 venue-archive-page-not-found past the last page', async () => {
    const server = await startTestServer();
    await venues(server, 3);
    const res = await server.call('GET', VENUES, { query: { per_page: 3, page: 2 } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: 'venue-archive-page-not-found',
      message: 'The requested venue archive page does not exist',
      data: { status: 404 },
    });
  });

  it('keeps every parameter in the links (decisions.md 3)', async () => {
    const server = await startTestServer();
    await venues(server, 3, { city: 'Paris' });
    const res = await server.call('GET', VENUES, {
      query: { search: 'paris', per_page: 1, has_events: 'false', only_with_upcoming: 'false' },
    });
    expect(res.body.rest_url).toBe(
      `${server.url}${VENUES}/?page=1&per_page=1&search=paris&has_events=0&only_with_upcoming=0&status=publish`,
    );
    expect(res.body.next_rest_url).toContain('page=2&per_page=1&search=paris&has_events=0');
    const viaAlias = await server.call('GET', '/wp-json/tribe/events/v1/venues');
    expect(viaAlias.body.rest_url).toBe(
      `${server.url}/wp-json/tribe/events/v1/venues/?page=1&per_page=10&status=publish`,
    );
  });
});

describe('GET /venues: status per role', () => {
  it('shows anonymous users published venues only, editors everything but the trash', async () => {
    const server = await startTestServer();
    const published = await venues(server, 3);
    const drafts = await venues(server, 3, { status: 'draft' });
    const pending = await venues(server, 3, { status: 'pending' });
    const trashed = await create(server, 'venues', { venue: 'Trashed' });
    await server.call('DELETE', `${VENUES}/${trashed.id}`, { auth: server.admin });
    const editor = await server.userWith('editor');
    expect(sorted(idsOf(await server.call('GET', VENUES), 'venues'))).toEqual(published);
    const all = await server.call('GET', VENUES, { auth: editor.auth, query: { per_page: 50 } });
    expect(sorted(idsOf(all, 'venues'))).toEqual([...published, ...drafts, ...pending]);
    expect(all.body.rest_url).not.toContain('status=');
    // A subscriber sees what an anonymous visitor sees, and its links say so.
    const subscriber = await server.userWith('subscriber');
    const theirs = await server.call('GET', VENUES, { auth: subscriber.auth });
    expect(sorted(idsOf(theirs, 'venues'))).toEqual(published);
    expect(new URL(theirs.body.rest_url as string).searchParams.get('status')).toBe('publish');

    const q = (status: string | string[]) =>
      server.call('GET', VENUES, { auth: editor.auth, query: { status, per_page: 50 } });
    expect(sorted(idsOf(await q('publish'), 'venues'))).toEqual(published);
    expect(sorted(idsOf(await q('publish, draft'), 'venues'))).toEqual([...published, ...drafts]);
    expect(sorted(idsOf(await q(['publish', 'draft', 'pending']), 'venues'))).toEqual([
      ...published,
      ...drafts,
      ...pending,
    ]);
    expect(idsOf(await q('trash'), 'venues')).toEqual([trashed.id]);
    expect((await q('publish, draft')).body.rest_url).toContain('status=publish%2Cdraft');
    for (const bad of ['foo', 'foo, bar', 'foo, bar, publish'])
      expect((await q(bad)).status, bad).toBe(400);
  });

  it('lets anonymous users ask only for publish', async () => {
    const server = await startTestServer();
    await venues(server, 3);
    await venues(server, 3, { status: 'draft' });
    const subscriber = await server.userWith('subscriber');
    expect(
      idsOf(await server.call('GET', VENUES, { query: { status: 'publish' } }), 'venues'),
    ).toHaveLength(3);
    const refused = await server.call('GET', VENUES, { query: { status: 'publish, draft' } });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toMatchObject({ params: { status: expect.any(String) } });
    expect(
      (await server.call('GET', VENUES, { auth: subscriber.auth, query: { status: 'draft' } }))
        .status,
    ).toBe(400);
  });

  it("shows contributors published venues and their own drafts, never others' drafts", async () => {
    const server = await startTestServer();
    const me = await server.userWith('contributor');
    const published = await venues(server, 2);
    await venues(server, 2, { status: 'draft' });
    const mine = await create(server, 'venues', { venue: 'My draft' }, me.auth);
    const res = await server.call('GET', VENUES, { auth: me.auth });
    expect(sorted(idsOf(res, 'venues'))).toEqual([...published, mine.id]);
    expect(res.body.total).toBe(3);
  });
});

describe('GET /venues: search', () => {
  it('matches when one field contains every fragment, case-insensitively; total counts matches', async () => {
    const server = await startTestServer();
    await create(server, 'venues', {
      venue: 'Venue one',
      address: '100, Avenue du Temple',
      city: 'Paris',
      country: 'France',
      province: 'Ile de France',
      zip: '75003',
    });
    await create(server, 'venues', {
      venue: 'Venue two',
      city: 'London',
      province: 'Greater London',
      zip: '223345',
      phone: '3333333',
    });
    await create(server, 'venues', {
      venue: 'Venue three',
      city: 'London',
      description: 'Near greater london airport',
      excerpt: 'foo',
    });
    const count = async (search: string) => {
      const res = await server.call('GET', VENUES, { query: { search } });
      expect(res.status, search).toBe(200);
      expect(res.body.total, search).toBe(idsOf(res, 'venues').length);
      return res.body.total;
    };
    expect(await count('Venue')).toBe(3);
    expect(await count('Venue two')).toBe(1);
    expect(await count('london')).toBe(2);
    expect(await count('3333333')).toBe(1);
    expect(await count('temple avenue')).toBe(1);
    expect(await count('greater london')).toBe(2);
    expect(await count('france, ile de')).toBe(1);
    expect(await count('223345')).toBe(1);
    expect(await count('FOO')).toBe(1);
    // Fragments must share one field: "paris" is the city, "temple" the address.
    expect(await count('paris temple')).toBe(0);
    expect(await count('woo')).toBe(0);
    expect(await count('100%')).toBe(1);
    expect((await server.call('GET', VENUES, { query: { search: '' } })).status).toBe(400);
    const long = Array.from({ length: 21 }, (_, i) => `w${i}`).join(' ');
    const tooLong = await server.call('GET', VENUES, { query: { search: long } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.data).toMatchObject({ params: { search: expect.any(String) } });
  });
});

describe('GET /venues: links to events', () => {
  it('filters by event, hiding draft venues from anonymous users', async () => {
    const server = await startTestServer();
    const [a, b] = await venues(server, 2);
    const draft = await create(server, 'venues', { venue: 'Draft venue', status: 'draft' });
    const atA = await insertEvent(server, { venue: a });
    const atDraft = await insertEvent(server, { venue: draft.id });
    const nowhere = await insertEvent(server);
    expect(idsOf(await server.call('GET', VENUES, { query: { event: atA } }), 'venues')).toEqual([
      a,
    ]);
    const empty = await server.call('GET', VENUES, { query: { event: nowhere } });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ venues: [], total: 0, total_pages: 0 });
    expect(
      idsOf(await server.call('GET', VENUES, { query: { event: atDraft } }), 'venues'),
    ).toEqual([]);
    expect(
      idsOf(
        await server.call('GET', VENUES, { auth: server.admin, query: { event: atDraft } }),
        'venues',
      ),
    ).toEqual([draft.id]);
    expect((await server.call('GET', VENUES, { query: { event: b! } })).status).toBe(400);
    expect((await server.call('GET', VENUES, { query: { event: 23 } })).status).toBe(400);
    expect((await server.call('GET', VENUES, { query: { event: 'foo' } })).status).toBe(400);
  });

  it('filters by has_events, where draft and pending events do not count', async () => {
    const server = await startTestServer();
    const [withPublished, withDraftOnly, withPendingOnly, withPast, without] = await venues(
      server,
      5,
    );
    await insertEvent(server, { venue: withPublished });
    await insertEvent(server, { venue: withPublished, status: 'draft' });
    await insertEvent(server, { venue: withDraftOnly, status: 'draft' });
    await insertEvent(server, { venue: withPendingOnly, status: 'pending' });
    await insertEvent(server, { venue: withPast, start: '2020-01-01 10:00:00' });
    const has = await server.call('GET', VENUES, { query: { has_events: 'true' } });
    expect(sorted(idsOf(has, 'venues'))).toEqual([withPublished!, withPast!]);
    expect(has.body.total).toBe(2);
    const hasNot = await server.call('GET', VENUES, { query: { has_events: false } });
    expect(sorted(idsOf(hasNot, 'venues'))).toEqual([withDraftOnly!, withPendingOnly!, without!]);
    expect((await server.call('GET', VENUES, { query: { has_events: 'sometimes' } })).status).toBe(
      400,
    );
  });

  it('has_events on an empty or full set gives an empty 200', async () => {
    const server = await startTestServer();
    const [a] = await venues(server, 1);
    const none = await server.call('GET', VENUES, { query: { has_events: 'true' } });
    expect(none.body).toMatchObject({ venues: [], total: 0, total_pages: 0 });
    await insertEvent(server, { venue: a });
    const all = await server.call('GET', VENUES, { query: { has_events: 'false' } });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ venues: [], total: 0 });
  });

  it('filters by only_with_upcoming: published events for anonymous users, also private, draft and pending for editors', async () => {
    const server = await startTestServer();
    const [future, past, privateOnly, draftOnly, pendingOnly] = await venues(server, 5);
    await insertEvent(server, { venue: future, start: '2026-06-20 10:00:00' });
    await insertEvent(server, { venue: future, start: '2020-06-20 10:00:00' });
    await insertEvent(server, { venue: past, start: '2026-06-15 11:59:59' });
    await insertEvent(server, {
      venue: privateOnly,
      start: '2026-07-01 10:00:00',
      status: 'private',
    });
    await insertEvent(server, { venue: draftOnly, start: '2026-07-01 10:00:00', status: 'draft' });
    await insertEvent(server, {
      venue: pendingOnly,
      start: '2026-06-15 12:00:00',
      status: 'pending',
    });
    const anon = await server.call('GET', VENUES, { query: { only_with_upcoming: 'true' } });
    expect(idsOf(anon, 'venues')).toEqual([future]);
    expect(anon.body.total).toBe(1);
    const editor = await server.userWith('editor');
    const seen = await server.call('GET', VENUES, {
      auth: editor.auth,
      query: { only_with_upcoming: true },
    });
    expect(sorted(idsOf(seen, 'venues'))).toEqual([
      future!,
      privateOnly!,
      draftOnly!,
      pendingOnly!,
    ]);
    const off = await server.call('GET', VENUES, { query: { only_with_upcoming: 'false' } });
    expect(idsOf(off, 'venues')).toHaveLength(5);
  });

  it('counts every upcoming event, not a first page of them (decisions.md 5)', async () => {
    const server = await startTestServer({ settings: { per_page: 2 } });
    const [busy, quiet] = await venues(server, 2);
    for (let i = 0; i < 5; i++)
      await insertEvent(server, { venue: busy, start: `2026-07-0${i + 1} 10:00:00` });
    await insertEvent(server, { venue: quiet, start: '2026-08-01 10:00:00' });
    const res = await server.call('GET', VENUES, { query: { only_with_upcoming: 'true' } });
    expect(sorted(idsOf(res, 'venues'))).toEqual([busy!, quiet!]);
  });
});
