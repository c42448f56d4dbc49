import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { NS, addEvent, linkTerms, listed, type Kind } from './fixtures.js';
import { createId } from '../../../helpers/fixtures.js';

const all = { hide_empty: 'false' };

async function names(server: TestServer, kind: Kind, query: Record<string, string | number>) {
  const res = await server.call('GET', `${NS}/${kind}`, { query: { ...all, ...query } });
  expect(res.status, res.text).toBe(200);
  return listed(res.body, kind).map(([, name]) => name);
}

/** Creates terms straight through the service (fast), returning their ids in order. */
async function bulk(
  server: TestServer,
  kind: Kind,
  count: number,
  prefix = 'Term',
): Promise<number[]> {
  const taxonomy = kind === 'categories' ? 'category' : 'tag';
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const name = `${prefix} ${String(i + 1).padStart(2, '0')}`;
    ids.push((await server.services.terms.create(taxonomy, { name }, false)).id);
  }
  return ids;
}

for (const kind of ['categories', 'tags'] as const) {
  const what = kind === 'categories' ? 'category' : 'tag';

  describe(`GET /${kind}: envelope and paging`, () => {
    it('answers an empty archive with 200, totals 0 and no links', async () => {
      const server = await startTestServer();
      const res = await server.call('GET', `${NS}/${kind}`, { query: all });
      expect(res.status).toBe(200);
      expect(res.text).toBe(
        JSON.stringify({
          rest_url: `${server.url}/api/calendar/events/v1/${kind}/?hide_empty=false`,
          total: 0,
          total_pages: 0,
          [kind]: [],
        }),
      );
      expect(res.headers.get('x-tec-total')).toBe('0');
      expect(res.headers.get('x-tec-totalpages')).toBe('0');
      const bare = await server.call('GET', `${NS}/${kind}`);
      expect(bare.body.rest_url).toBe(`${server.url}/api/calendar/events/v1/${kind}/`);
    });

    it('pages 9 terms by 3 with totals, headers and links that keep every parameter', async () => {
      const server = await startTestServer();
      await bulk(server, kind, 9);
      const base = `${server.url}/api/calendar/events/v1/${kind}/`;
      const page1 = await server.call('GET', `${NS}/${kind}`, { query: { per_page: 3, ...all } });
      expect(Object.keys(page1.body)).toEqual([
        'rest_url',
        'total',
        'total_pages',
        kind,
        'next_rest_url',
      ]);
      expect(page1.body).toMatchObject({
        rest_url: `${base}?per_page=3&hide_empty=false`,
        total: 9,
        total_pages: 3,
        next_rest_url: `${base}?page=2&per_page=3&hide_empty=false`,
      });
      expect(page1.headers.get('x-tec-total')).toBe('9');
      expect(page1.headers.get('x-tec-totalpages')).toBe('3');

      const page2 = await server.call('GET', page1.body.next_rest_url as string);
      expect(Object.keys(page2.body)).toEqual([
        'rest_url',
        'total',
        'total_pages',
        kind,
        'next_rest_url',
        'previous_rest_url',
      ]);
      expect(page2.body.previous_rest_url).toBe(page1.body.rest_url);
      expect(page2.body.next_rest_url).toBe(`${base}?page=3&per_page=3&hide_empty=false`);

      const page3 = await server.call('GET', page2.body.next_rest_url as string);
      expect(page3.body).not.toHaveProperty('next_rest_url');
      expect(page3.body.previous_rest_url).toBe(page2.body.rest_url);

      const seen = [page1, page2, page3].flatMap((r) => listed(r.body, kind).map(([id]) => id));
      expect(new Set(seen).size).toBe(9);
      expect(listed(page1.body, kind).map(([, n]) => n)).toEqual(['Term 01', 'Term 02', 'Term 03']);
    });

    it(`answers a page past the end with 404 ${what}-archive-page-not-found`, async () => {
      const server = await startTestServer();
      await bulk(server, kind, 3);
      const queries: Array<Record<string, string | number>> = [
        { per_page: 3, page: 2 },
        { page: 2, search: 'nothing-matches' },
      ];
      for (const query of queries) {
        const res = await server.call('GET', `${NS}/${kind}`, { query: { ...all, ...query } });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({
          code: `${what}-archive-page-not-found`,
          message: `The requested ${what} archive page does not exist`,
          data: { status: 404 },
        });
      }
    });

    it('rejects bad page and per_page values; clamps per_page to 50', async () => {
      const server = await startTestServer();
      for (const param of ['page', 'per_page']) {
        for (const value of ['foo', '-1', '0', 'foo bar', '']) {
          const res = await server.call('GET', `${NS}/${kind}`, { query: { [param]: value } });
          expect(res.status, `${param}=${value}`).toBe(400);
          expect(res.body.code).toBe('rest_invalid_param');
        }
      }
      await bulk(server, kind, 51);
      const res = await server.call('GET', `${NS}/${kind}`, { query: { ...all, per_page: 100 } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 51, total_pages: 2 });
      expect(res.body[kind]).toHaveLength(50);
      expect(res.body.next_rest_url).toContain('per_page=50');
    });

    it('uses the per_page setting by default', async () => {
      const server = await startTestServer({ settings: { per_page: 4 } });
      await bulk(server, kind, 5);
      const res = await server.call('GET', `${NS}/${kind}`, { query: all });
      expect(res.body[kind]).toHaveLength(4);
      expect(res.body).toMatchObject({ total: 5, total_pages: 2 });
    });

    it('answers under the reference alias with links on that alias', async () => {
      const server = await startTestServer();
      await bulk(server, kind, 2);
      const res = await server.call('GET', `/wp-json/tribe/events/v1/${kind}`, {
        query: { ...all, per_page: 1 },
      });
      expect(res.status).toBe(200);
      expect(res.body.next_rest_url).toBe(
        `${server.url}/wp-json/tribe/events/v1/${kind}/?page=2&per_page=1&hide_empty=false`,
      );
    });
  });

  describe(`GET /${kind}: filters`, () => {
    it('searches names and slugs, with % and _ taken literally', async () => {
      const server = await startTestServer();
      await createId(server, kind, { name: 'Foo' });
      await createId(server, kind, { name: 'Something', slug: 'foo-bar' });
      await createId(server, kind, { name: 'Bar' });
      await createId(server, kind, { name: '100% fun' });
      await createId(server, kind, { name: '100 fun' });
      await createId(server, kind, { name: 'snake_case' });
      await createId(server, kind, { name: 'snakecase' });
      expect(await names(server, kind, { search: 'foo' })).toEqual(['Foo', 'Something']);
      expect(await names(server, kind, { search: 'bar' })).toEqual(['Bar', 'Something']);
      expect(await names(server, kind, { search: 'zoot' })).toEqual([]);
      expect(await names(server, kind, { search: '0%' })).toEqual(['100% fun']);
      expect(await names(server, kind, { search: 'e_c' })).toEqual(['snake_case']);
      const res = await server.call('GET', `${NS}/${kind}`, { query: { search: '' } });
      expect(res.status).toBe(400);
      const kept = await server.call('GET', `${NS}/${kind}`, {
        query: { ...all, search: 'foo', per_page: 1 },
      });
      expect(kept.body.next_rest_url).toContain('search=foo');
    });

    it('includes and excludes ids, every one of which must exist in the taxonomy', async () => {
      const server = await startTestServer();
      const [a, b, c] = (await bulk(server, kind, 3)) as [number, number, number];
      const other = (
        await server.services.terms.create(
          kind === 'tags' ? 'category' : 'tag',
          { name: 'X' },
          false,
        )
      ).id;
      expect(await names(server, kind, { exclude: a })).toEqual(['Term 02', 'Term 03']);
      expect(await names(server, kind, { exclude: `${a},${b}` })).toEqual(['Term 03']);
      expect(await names(server, kind, { exclude: `${a},${b},${c}` })).toEqual([]);
      expect(await names(server, kind, { include: b })).toEqual(['Term 02']);
      expect(await names(server, kind, { include: `${c},${a},${b}` })).toEqual([
        'Term 01',
        'Term 02',
        'Term 03',
      ]);
      const arr = await server.call('GET', `${NS}/${kind}`, { query: { ...all, include: [a, c] } });
      expect(listed(arr.body, kind).map(([id]) => id)).toEqual([a, c]);
      for (const param of ['include', 'exclude']) {
        for (const value of [`${a},2389`, String(other), 'foo']) {
          const res = await server.call('GET', `${NS}/${kind}`, { query: { [param]: value } });
          expect(res.status, `${param}=${value}`).toBe(400);
          expect(res.body.code).toBe('rest_invalid_param');
          expect(Object.keys((res.body.data as { params: object }).params)).toEqual([param]);
        }
      }
    });

    it('orders by name case-insensitively by default, and by the allowed keys', async () => {
      const server = await startTestServer();
      const c = await createId(server, kind, { name: 'C', slug: 'a-slug' });
      const a = await createId(server, kind, { name: 'A', slug: 'c-slug' });
      const b = await createId(server, kind, { name: 'b', slug: 'b-slug' });
      await linkTerms(server, await addEvent(server, 'publish'), [b, c]);
      await linkTerms(server, await addEvent(server, 'publish'), [b]);
      expect(await names(server, kind, {})).toEqual(['A', 'b', 'C']);
      expect(await names(server, kind, { order: 'asc', orderby: 'name' })).toEqual(['A', 'b', 'C']);
      expect(await names(server, kind, { order: 'desc', orderby: 'name' })).toEqual([
        'C',
        'b',
        'A',
      ]);
      expect(await names(server, kind, { order: 'DESC' })).toEqual(['C', 'b', 'A']);
      expect(await names(server, kind, { order: 'desc', orderby: 'id' })).toEqual(['b', 'A', 'C']);
      expect(await names(server, kind, { order: 'asc', orderby: 'id' })).toEqual(['C', 'A', 'b']);
      expect(await names(server, kind, { orderby: 'term_id' })).toEqual(['C', 'A', 'b']);
      expect(await names(server, kind, { orderby: 'slug' })).toEqual(['C', 'b', 'A']);
      expect(await names(server, kind, { orderby: 'count', order: 'desc' })).toEqual([
        'b',
        'C',
        'A',
      ]);
      expect(await names(server, kind, { orderby: 'none' })).toEqual(['C', 'A', 'b']);
      expect(await names(server, kind, { orderby: 'include', include: `${b},${c},${a}` })).toEqual([
        'b',
        'C',
        'A',
      ]);
      expect(await names(server, kind, { orderby: 'slug__in', slug: 'c-slug,a-slug' })).toEqual([
        'A',
        'C',
      ]);
      // Any other non-empty text is accepted, as by the reference: name order, descending.
      expect(await names(server, kind, { orderby: 'date' })).toEqual(['A', 'b', 'C']);
      expect(await names(server, kind, { order: 'up' })).toEqual(['C', 'b', 'A']);
      const bad: Array<Record<string, string>> = [{ order: '' }, { orderby: '' }];
      for (const query of bad) {
        const res = await server.call('GET', `${NS}/${kind}`, { query });
        expect(res.status, JSON.stringify(query)).toBe(400);
        expect(res.body.code).toBe('rest_invalid_param');
      }
    });

    it('hides terms without published events by default (draft-only terms included)', async () => {
      const server = await startTestServer();
      const published = await createId(server, kind, { name: 'Published' });
      const draftOnly = await createId(server, kind, { name: 'Draft only' });
      await createId(server, kind, { name: 'Unused' });
      await linkTerms(server, await addEvent(server, 'publish'), [published]);
      await linkTerms(server, await addEvent(server, 'draft'), [draftOnly, published]);
      await linkTerms(server, await addEvent(server, 'pending'), [draftOnly]);
      const res = await server.call('GET', `${NS}/${kind}`);
      expect(res.status).toBe(200);
      expect(listed(res.body, kind)).toEqual([[published, 'Published']]);
      expect(res.body).toMatchObject({ total: 1, total_pages: 1 });
      expect((res.body[kind] as Array<{ count: number }>)[0]!.count).toBe(1);
      for (const value of ['1', 'true']) {
        expect(await names(server, kind, { hide_empty: value })).toEqual(['Published']);
      }
      for (const value of ['0', 'false']) {
        expect(await names(server, kind, { hide_empty: value })).toEqual([
          'Draft only',
          'Published',
          'Unused',
        ]);
      }
      const bad = await server.call('GET', `${NS}/${kind}`, { query: { hide_empty: 'maybe' } });
      expect(bad.status).toBe(400);
    });

    it('lists the terms of an event with post or event; event wins', async () => {
      const server = await startTestServer();
      const [t1, t2, t3] = (await bulk(server, kind, 3)) as [number, number, number];
      const first = await addEvent(server, 'publish');
      const second = await addEvent(server, 'draft');
      await linkTerms(server, first, [t1, t2]);
      await linkTerms(server, second, [t3]);
      expect(await names(server, kind, { post: first })).toEqual(['Term 01', 'Term 02']);
      expect(await names(server, kind, { event: first })).toEqual(['Term 01', 'Term 02']);
      // The draft's terms: for those who may read it only (anonymous readers get none).
      expect(await names(server, kind, { post: first, event: second })).toEqual([]);
      const asAdmin = await server.call('GET', `${NS}/${kind}`, {
        auth: server.admin,
        query: { ...all, post: first, event: second },
      });
      expect(listed(asAdmin.body, kind).map(([, name]) => name)).toEqual(['Term 03']);
      const kept = await server.call('GET', `${NS}/${kind}`, {
        query: { ...all, post: first, event: first, per_page: 1 },
      });
      expect(kept.body.next_rest_url).toContain(`event=${first}`);
      for (const param of ['post', 'event']) {
        const [venue] = await server.sql<{ id: number }>(
          "INSERT INTO posts (kind) VALUES ('venue') RETURNING id",
        );
        for (const value of ['', '23', 'foo', '0', String(venue!.id)]) {
          const res = await server.call('GET', `${NS}/${kind}`, { query: { [param]: value } });
          expect(res.status, `${param}=${value}`).toBe(400);
          expect(res.body.code).toBe('rest_invalid_param');
        }
      }
    });

    it('filters by slug; an unknown slug is an empty 200, "" a 400', async () => {
      const server = await startTestServer();
      await createId(server, kind, { name: 'a' });
      await createId(server, kind, { name: 'b' });
      await createId(server, kind, { name: 'c' });
      expect(await names(server, kind, { slug: 'a' })).toEqual(['a']);
      expect(await names(server, kind, { slug: 'c' })).toEqual(['c']);
      expect(await names(server, kind, { slug: 'C' })).toEqual(['c']);
      expect(await names(server, kind, { slug: 'a,c' })).toEqual(['a', 'c']);
      const none = await server.call('GET', `${NS}/${kind}`, { query: { ...all, slug: 'foo' } });
      expect(none.status).toBe(200);
      expect(none.body).toMatchObject({ total: 0, total_pages: 0, [kind]: [] });
      expect(none.body).not.toHaveProperty('next_rest_url');
      expect(none.body).not.toHaveProperty('previous_rest_url');
      expect(none.headers.get('x-tec-total')).toBe('0');
      const empty = await server.call('GET', `${NS}/${kind}`, { query: { slug: '' } });
      expect(empty.status).toBe(400);
    });
  });
}

describe('GET /categories: hide_empty and the hierarchy', () => {
  it('keeps an empty category whose descendant has published events', async () => {
    const server = await startTestServer();
    const root = await createId(server, 'categories', { name: 'Root' });
    const middle = await createId(server, 'categories', { name: 'Middle', parent: root });
    const leaf = await createId(server, 'categories', { name: 'Leaf', parent: middle });
    const drafty = await createId(server, 'categories', { name: 'Drafty', parent: root });
    await createId(server, 'categories', { name: 'Lonely' });
    await linkTerms(server, await addEvent(server, 'draft'), [drafty]);
    expect(await names(server, 'categories', { hide_empty: 1 })).toEqual([]);
    await linkTerms(server, await addEvent(server, 'publish'), [leaf]);
    const res = await server.call('GET', `${NS}/categories`);
    expect(listed(res.body, 'categories')).toEqual([
      [leaf, 'Leaf'],
      [middle, 'Middle'],
      [root, 'Root'],
    ]);
    expect(res.body.total).toBe(3);
    expect((res.body.categories as Array<{ count: number }>).map((c) => c.count)).toEqual([
      1, 0, 0,
    ]);
  });
});

describe('GET /categories: parent', () => {
  it('lists the children of an existing category; unknown or "" is a 400', async () => {
    const server = await startTestServer();
    const parent = await createId(server, 'categories', { name: 'Parent' });
    await createId(server, 'categories', { name: 'Kid 1', parent });
    await createId(server, 'categories', { name: 'Kid 2', parent });
    const tag = await createId(server, 'tags', { name: 'Tag' });
    expect(await names(server, 'categories', { parent })).toEqual(['Kid 1', 'Kid 2']);
    expect(await names(server, 'categories', { parent: 0 })).toEqual(['Parent']);
    const kept = await server.call('GET', `${NS}/categories`, {
      query: { ...all, parent, per_page: 1 },
    });
    expect(kept.body.next_rest_url).toContain(`parent=${parent}`);
    for (const value of ['2389', '', 'foo', String(tag), '-1']) {
      const res = await server.call('GET', `${NS}/categories`, { query: { parent: value } });
      expect(res.status, `parent=${value}`).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
    }
  });
});
