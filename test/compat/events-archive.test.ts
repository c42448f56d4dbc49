/** Compat audit of GET /events against docs/contract/compat-notes.md §2, §3.2, §3.3, §4 and §9 (archive Cests). */
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { EVENTS, ids } from '../server/resources/events/helpers.js';
import { createEvent } from '../helpers/fixtures.js';

const ROOT = '/api/calendar/events/v1/';

const made = new WeakMap<TestServer, number>();

/** `count` events on consecutive days, later than every event made before on this server. */
async function many(server: TestServer, count: number, fields: Record<string, unknown> = {}) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const n = (made.get(server) ?? 0) + 1;
    made.set(server, n);
    const day = new Date(Date.UTC(2026, 6, n)).toISOString().slice(0, 10);
    out.push(
      await createEvent(server, {
        title: `Event ${n}`,
        start_date: `${day} 10:00:00`,
        end_date: `${day} 12:00:00`,
        ...fields,
      }),
    );
  }
  return out;
}

describe('EventArchiveCest', () => {
  it('answers an empty archive with exact keys and zero headers', async () => {
    const server = await startTestServer();
    const response = await server.call('GET', EVENTS);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['events', 'rest_url', 'total', 'total_pages']);
    expect(response.body.events).toEqual([]);
    expect(response.body.total).toBe(0);
    expect(response.body.total_pages).toBe(0);
    expect(response.headers.get('x-tec-total')).toBe('0');
    expect(response.headers.get('x-tec-totalpages')).toBe('0');
  });

  it('orders wrapper keys events, rest_url, next, previous, total, total_pages', async () => {
    const server = await startTestServer({ settings: { per_page: 3 } });
    await many(server, 9);
    const response = await server.call('GET', EVENTS, { query: { page: 2 } });
    expect(Object.keys(response.body)).toEqual([
      'events',
      'rest_url',
      'next_rest_url',
      'previous_rest_url',
      'total',
      'total_pages',
    ]);
  });

  it('clamps per_page=100 to 50 silently', async () => {
    const server = await startTestServer({ settings: { per_page: 5 } });
    for (let i = 0; i < 51; i++) {
      await createEvent(server, { title: `E${i}` });
    }
    const response = await server.call('GET', EVENTS, { query: { per_page: 100 } });
    expect(response.status).toBe(200);
    expect((response.body.events as unknown[]).length).toBe(50);
    expect(response.body.total).toBe(51);
    expect(response.body.total_pages).toBe(2);
    expect(String(response.body.next_rest_url)).toContain('per_page=50');
  });

  it('links: rest_url path is the archive, page=3 previous is page=2, page=2 previous has no page', async () => {
    const server = await startTestServer({ settings: { per_page: 3 } });
    await many(server, 9);
    const first = await server.call('GET', EVENTS);
    const rest = new URL(String(first.body.rest_url));
    expect(rest.pathname).toBe(`${ROOT}events/`);
    expect(new URL(String(first.body.next_rest_url)).searchParams.get('page')).toBe('2');
    const third = await server.call('GET', EVENTS, { query: { page: 3 } });
    expect(third.status).toBe(200);
    expect(third.body.next_rest_url).toBeUndefined();
    const previous = new URL(String(third.body.previous_rest_url));
    expect(previous.pathname).toBe(`${ROOT}events/`);
    expect(previous.searchParams.get('page')).toBe('2');
    const second = await server.call('GET', EVENTS, { query: { page: 2 } });
    const root = new URL(String(second.body.previous_rest_url));
    expect(root.pathname).toBe(`${ROOT}events/`);
    expect(root.searchParams.has('page')).toBe(false);
  });

  it('page past the end is 404 with the exact message', async () => {
    const server = await startTestServer({ settings: { per_page: 3 } });
    await many(server, 3);
    const response = await server.call('GET', EVENTS, { query: { page: 2 } });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      code: 'event-archive-page-not-found',
      message: 'The requested event archive page does not exist',
      data: { status: 404 },
    });
  });

  it('filters with unix timestamps for start_date and end_date', async () => {
    const server = await startTestServer({ settings: { per_page: 20 } });
    const now = Date.parse('2026-06-15T12:00:00Z');
    const week = 7 * 24 * 3600 * 1000;
    for (let i = 0; i < 10; i++) {
      const start = new Date(now + (i + 1) * week);
      const end = new Date(start.getTime() + 2 * 3600 * 1000);
      const fmt = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
      await createEvent(server, { title: `W${i}`, start_date: fmt(start), end_date: fmt(end) });
    }
    const ts = (ms: number) => Math.floor(ms / 1000);
    const after = await server.call('GET', EVENTS, { query: { start_date: ts(now + 5 * week) } });
    expect(after.status).toBe(200);
    expect(ids(after).length).toBe(6);
    const before = await server.call('GET', EVENTS, {
      query: { end_date: ts(now + 5 * week + 2 * 3600 * 1000) },
    });
    expect(ids(before).length).toBe(5);
    const both = await server.call('GET', EVENTS, {
      query: { start_date: ts(now + 4 * week), end_date: ts(now + 6 * week) },
    });
    expect(ids(both).length).toBe(3);
  });

  it('rejects bad dates, pages and per_page with rest_invalid_param and its message', async () => {
    const server = await startTestServer();
    const bad = await server.call('GET', EVENTS, { query: { start_date: '"before my birthday"' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
    expect(bad.body.message).toBe('Invalid parameter(s): start_date');
    expect(Object.keys((bad.body.data as { params: object }).params)).toEqual(['start_date']);
    for (const value of ['foo', '-1', '0', 'foo bar']) {
      for (const name of ['page', 'per_page']) {
        const response = await server.call('GET', EVENTS, { query: { [name]: value } });
        expect(response.status, `${name}=${value}`).toBe(400);
        expect(response.body.code).toBe('rest_invalid_param');
        expect(response.body.message).toBe(`Invalid parameter(s): ${name}`);
      }
    }
    const two = await server.call('GET', EVENTS, { query: { per_page: 'foo', page: 0 } });
    expect(two.body.message).toMatch(/^Invalid parameter\(s\): (page, per_page|per_page, page)$/);
  });

  it('search=foo and search=bar overlap on "foo bar"', async () => {
    const server = await startTestServer({ settings: { per_page: 20 } });
    await many(server, 2, { title: 'foo' });
    await many(server, 2, { title: 'foo bar' });
    await many(server, 2, { title: 'bar' });
    const foo = ids(await server.call('GET', EVENTS, { query: { search: 'foo' } }));
    const bar = ids(await server.call('GET', EVENTS, { query: { search: 'bar' } }));
    expect(foo.length).toBe(4);
    expect(bar.length).toBe(4);
    expect(foo.filter((id) => bar.includes(id)).length).toBe(2);
    const empty = await server.call('GET', EVENTS, { query: { search: '' } });
    expect(empty.status).toBe(400);
  });

  it('statuses: editor publish / "publish, draft" / array; unknown 400; anon only publish', async () => {
    const server = await startTestServer({ settings: { per_page: 20 } });
    const published = await many(server, 3);
    const drafts = await many(server, 3, { status: 'draft' });
    const pending = await many(server, 3, { status: 'pending' });
    const editor = await server.userWith('editor');
    const list = (query: Record<string, string | string[]>, auth?: string) =>
      server.call('GET', EVENTS, { query, auth });
    expect(ids(await list({ status: 'publish' }, editor.auth))).toEqual(published.map((e) => e.id));
    const six = await list({ status: 'publish, draft' }, editor.auth);
    expect(six.status).toBe(200);
    expect(ids(six)).toEqual([...published, ...drafts].map((e) => e.id).sort((a, b) => a - b));
    const nine = await list({ status: ['publish', 'draft', 'pending'] }, editor.auth);
    expect(ids(nine).length).toBe(9);
    expect(pending.length).toBe(3);
    for (const status of ['foo', 'foo, bar', 'foo, bar, publish']) {
      const response = await list({ status }, editor.auth);
      expect(response.status, status).toBe(400);
      expect(response.body.code).toBe('rest_invalid_param');
      expect(response.body.message).toBe('Invalid parameter(s): status');
    }
    expect(ids(await list({ status: 'publish' })).length).toBe(3);
    const anonDraft = await list({ status: 'publish, draft' });
    expect(anonDraft.status).toBe(400);
    expect(anonDraft.body.code).toBe('rest_invalid_param');
    expect(anonDraft.body.message).toBe('Invalid parameter(s): status');
    const anonRest = await list({});
    expect(new URL(String(anonRest.body.rest_url)).searchParams.get('status')).toBe('publish');
  });
});

describe('EventBy*ArchiveCest', () => {
  it('categories and tags: unknown 400, empty term 200, OR by slug array and id CSV', async () => {
    const server = await startTestServer({ settings: { per_page: 20 } });
    for (const taxonomy of ['categories', 'tags'] as const) {
      const unknown = await server.call('GET', EVENTS, { query: { [taxonomy]: ['cat1'] } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.code).toBe('rest_invalid_param');
      expect(unknown.body.message).toBe(`Invalid parameter(s): ${taxonomy}`);
    }
    const a = await many(server, 2, { categories: 'cat1', tags: 'tag1' });
    const b = await many(server, 2, { categories: 'cat2', tags: 'tag2' });
    await many(server, 2);
    await server.call('POST', `${ROOT}categories`, { auth: server.admin, body: { name: 'cat3' } });
    const empty = await server.call('GET', EVENTS, { query: { categories: ['cat3'] } });
    expect(empty.status).toBe(200);
    expect(Object.keys(empty.body)).toEqual(['events', 'rest_url', 'total', 'total_pages']);
    expect(empty.headers.get('x-tec-total')).toBe('0');
    const all = [...a, ...b].map((e) => e.id);
    expect(
      ids(await server.call('GET', EVENTS, { query: { categories: ['cat1', 'cat2'] } })),
    ).toEqual(all);
    expect(ids(await server.call('GET', EVENTS, { query: { tags: ['tag1', 'tag2'] } }))).toEqual(
      all,
    );
    const catIds = [
      (a[0]!.categories as { id: number }[])[0]!.id,
      (b[0]!.categories as { id: number }[])[0]!.id,
    ];
    expect(
      ids(await server.call('GET', EVENTS, { query: { categories: catIds.join(',') } })),
    ).toEqual(all);
    const paged = await server.call('GET', EVENTS, {
      query: { categories: 'cat1,cat2', per_page: 3, page: 2 },
    });
    expect(ids(paged)).toEqual([all[3]]);
  });

  it('venue/organizer: foo and non-venue ids 400; multiple CSV and arrays OR', async () => {
    const server = await startTestServer({ settings: { per_page: 20 } });
    for (const name of ['venue', 'organizer']) {
      for (const value of ['foo', '23']) {
        const response = await server.call('GET', EVENTS, { query: { [name]: value } });
        expect(response.status, `${name}=${value}`).toBe(400);
        expect(response.body.message).toBe(`Invalid parameter(s): ${name}`);
      }
    }
    const venues = [];
    for (const name of ['V1', 'V2', 'V3']) {
      const v = await server.call('POST', `${ROOT}venues`, {
        auth: server.admin,
        body: { venue: name },
      });
      venues.push(v.body.id as number);
    }
    const linked: number[] = [];
    for (const v of venues.slice(0, 2))
      linked.push(...(await many(server, 2, { venue: v })).map((e) => e.id));
    const csv = await server.call('GET', EVENTS, { query: { venue: venues.join(',') } });
    expect(ids(csv)).toEqual(linked);
    const array = await server.call('GET', EVENTS, { query: { venue: venues.map(String) } });
    expect(ids(array)).toEqual(linked);
    const none = await server.call('GET', EVENTS, { query: { venue: String(venues[2]) } });
    expect(none.status).toBe(200);
    expect(none.body.total).toBe(0);
    const editor = await server.userWith('editor');
    await many(server, 2, { venue: venues[2], status: 'draft' });
    const anon = await server.call('GET', EVENTS, { query: { venue: String(venues[2]) } });
    expect(anon.status).toBe(200);
    expect(anon.body.total).toBe(0);
    const ed = await server.call('GET', EVENTS, {
      query: { venue: String(venues[2]) },
      auth: editor.auth,
    });
    expect(ed.body.total).toBe(2);
  });

  it('featured: true/false/absent and visibility', async () => {
    const server = await startTestServer({ settings: { per_page: 20 } });
    const none = await server.call('GET', EVENTS, { query: { featured: 'true' } });
    expect(none.status).toBe(200);
    expect(none.body.total).toBe(0);
    const featured = await many(server, 2, { featured: true });
    const plain = await many(server, 2);
    const drafts = await many(server, 2, { featured: true, status: 'draft' });
    expect(ids(await server.call('GET', EVENTS, { query: { featured: 'true' } }))).toEqual(
      featured.map((e) => e.id),
    );
    expect(ids(await server.call('GET', EVENTS, { query: { featured: 'false' } }))).toEqual(
      plain.map((e) => e.id),
    );
    const editor = await server.userWith('editor');
    const ed = await server.call('GET', EVENTS, { query: { featured: 'true' }, auth: editor.auth });
    expect(ids(ed).length).toBe(4);
    expect(drafts.length).toBe(2);
    const bad = await server.call('GET', EVENTS, { query: { featured: 'maybe' } });
    expect(bad.status).toBe(400);
  });

  it('post_parent: foo-bar and 23 are 400', async () => {
    const server = await startTestServer();
    for (const value of ['foo-bar', '23']) {
      const response = await server.call('GET', EVENTS, { query: { post_parent: value } });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Invalid parameter(s): post_parent');
    }
  });

  it('include: bad lists 400, CSV and arrays give the full representations', async () => {
    const server = await startTestServer();
    const bad = await server.call('GET', EVENTS, { query: { include: 'foo-bar,23,89' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid parameter(s): include');
    const badArray = await server.call('GET', EVENTS, {
      query: { include: ['foo-bar', '23', '89'] },
    });
    expect(badArray.status).toBe(400);
    const three = await many(server, 3);
    const csv = await server.call('GET', EVENTS, {
      query: { include: three.map((e) => e.id).join(',') },
    });
    expect(csv.body.total).toBe(3);
    expect(csv.body.events).toEqual(three);
    const two = await server.call('GET', EVENTS, {
      query: { include: three.slice(0, 2).map((e) => String(e.id)) },
    });
    expect(two.body.total).toBe(2);
  });
});
