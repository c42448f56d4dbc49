/**
 * Black-box compatibility checks of `/categories` and `/tags` (docs/contract/compat-notes.md §1.6, §2, §3.5, §4.2,
 * §6, §7.5, §9 Category*Cest / Tag*Cest / Single*Cest, §11.8, §11.11; docs/contract/decisions.md 3, 9, 10).
 */
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { NS, create, createEvent, EMBEDDED_TERM_KEYS } from '../helpers/fixtures.js';

type Kind = 'categories' | 'tags';

const term = (server: TestServer, kind: Kind, body: Record<string, unknown>) =>
  create(server, kind, body);

const event = createEvent;

const names = (body: Record<string, unknown>, kind: Kind) =>
  (body[kind] as Array<{ name: string }>).map((t) => t.name);
const idsOf = (body: Record<string, unknown>, kind: Kind) =>
  (body[kind] as Array<{ id: number }>).map((t) => t.id);

describe('term objects', () => {
  it('category create, single, delete shapes and key order (§11.11)', async () => {
    const server = await startTestServer();
    const parent = await term(server, 'categories', { name: 'Parent' });
    const editor = await server.userWith('editor');
    const res = await server.call('POST', `${NS}/categories`, {
      auth: editor.auth,
      body: { parent: parent.id, name: 'Child', description: 'About', slug: 'kid' },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual([
      'id',
      'count',
      'description',
      'name',
      'slug',
      'taxonomy',
      'parent',
      'meta',
      'url',
      'urls',
    ]);
    const id = res.body.id as number;
    expect(res.body).toMatchObject({
      count: 0,
      description: 'About',
      name: 'Child',
      slug: 'kid',
      taxonomy: 'tribe_events_cat',
      parent: parent.id,
      meta: [],
      url: `${server.url}/events/category/kid/`,
      urls: {
        self: `${server.url}${NS}/categories/${id}`,
        collection: `${server.url}${NS}/categories`,
        up: `${server.url}${NS}/categories/${parent.id}`,
      },
    });
    expect(Object.keys(res.body.urls as object)).toEqual(['self', 'collection', 'up']);
    const single = await server.call('GET', `${NS}/categories/${id}`);
    expect(single.status).toBe(200);
    expect(single.body).toEqual(res.body);
    expect(parent.parent).toBe(0);
    expect(Object.keys(parent.urls as object)).toEqual(['self', 'collection']);

    await event(server, { categories: [id] });
    const counted = await server.call('GET', `${NS}/categories/${id}`);
    expect(counted.body.count).toBe(1);
    const del = await server.call('DELETE', `${NS}/categories/${id}`, { auth: editor.auth });
    expect(del.status).toBe(200);
    expect(del.body).toEqual(counted.body);
    expect((await server.call('GET', `${NS}/categories/${id}`)).status).toBe(400);
  });

  it('tags have no parent and no up', async () => {
    const server = await startTestServer();
    const t = await term(server, 'tags', { name: 'Jazz', description: 'Music' });
    expect(Object.keys(t)).toEqual([
      'id',
      'count',
      'description',
      'name',
      'slug',
      'taxonomy',
      'meta',
      'url',
      'urls',
    ]);
    expect(t.taxonomy).toBe('post_tag');
    expect(t.url).toBe(`${server.url}/tag/jazz/`);
    expect(Object.keys(t.urls as object)).toEqual(['self', 'collection']);
    const withParent = await server.call('POST', `${NS}/tags`, {
      auth: server.admin,
      body: { name: 'X', parent: 1 },
    });
    expect(withParent.status).toBe(400);
    expect(withParent.body).toMatchObject({
      code: 'rest_taxonomy_not_hierarchical',
      message: 'Cannot set parent term, taxonomy is not hierarchical.',
      data: { status: 400 },
    });
  });

  it('embedded terms in an event', async () => {
    const server = await startTestServer();
    const c = await term(server, 'categories', { name: 'Cat' });
    const e = await event(server, { categories: [c.id] });
    const embedded = (e.categories as Array<Record<string, unknown>>)[0]!;
    expect(Object.keys(embedded)).toEqual(EMBEDDED_TERM_KEYS);
    expect(embedded.filter).toBe('raw');
  });
});

describe('term errors', () => {
  it('ids, routes, permissions and validation', async () => {
    const server = await startTestServer();
    const c = await term(server, 'categories', { name: 'Cat' });
    const t = await term(server, 'tags', { name: 'Tag' });
    for (const path of ['categories/foo', 'categories/foo%20bar', 'tags/foo']) {
      const res = await server.call('GET', `${NS}/${path}`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('rest_no_route');
    }
    for (const [kind, id] of [
      ['categories', t.id],
      ['tags', c.id],
      ['categories', 2389],
    ] as const) {
      const res = await server.call('GET', `${NS}/${kind}/${id}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(res.body.message).toBe('Invalid parameter(s): id');
    }
    const sub = await server.userWith('subscriber');
    const contributor = await server.userWith('contributor');
    for (const auth of [sub.auth, contributor.auth]) {
      for (const kind of ['categories', 'tags'] as const) {
        const res = await server.call('POST', `${NS}/${kind}`, { auth, body: { name: 'N' } });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({
          code: 'rest_forbidden',
          message: 'Sorry, you are not allowed to do that.',
          data: { status: 403 },
        });
        expect(
          (
            await server.call('POST', `${NS}/${kind}/${kind === 'tags' ? t.id : c.id}`, {
              auth,
              body: { name: 'N' },
            })
          ).status,
        ).toBe(403);
        expect(
          (await server.call('DELETE', `${NS}/${kind}/${kind === 'tags' ? t.id : c.id}`, { auth }))
            .status,
        ).toBe(403);
      }
    }
    const author = await server.userWith('author');
    expect(
      (
        await server.call('POST', `${NS}/categories`, {
          auth: author.auth,
          body: { name: 'ByAuthor' },
        })
      ).status,
    ).toBe(201);
    expect(
      (await server.call('POST', `${NS}/tags`, { auth: author.auth, body: { name: 'ByAuthor' } }))
        .status,
    ).toBe(403);
    // Validation before permission.
    expect((await server.call('DELETE', `${NS}/categories/23`, { auth: sub.auth })).status).toBe(
      400,
    );
    expect((await server.call('POST', `${NS}/categories`, { body: { name: 'Anon' } })).status).toBe(
      401,
    );

    const missing = await server.call('POST', `${NS}/categories`, { auth: server.admin, body: {} });
    expect(missing.body).toMatchObject({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): name',
      data: { status: 400, params: ['name'] },
    });
    for (const bad of [
      { name: '' },
      { name: 'N', description: '' },
      { name: 'N', slug: '' },
      { name: 'N', parent: '' },
      { name: 'N', parent: 2389 },
      { name: 'N', parent: 'foo' },
    ]) {
      const res = await server.call('POST', `${NS}/categories`, { auth: server.admin, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
    }
    for (const bad of [{ name: '' }, { description: '' }, { slug: '' }]) {
      const res = await server.call('POST', `${NS}/tags/${t.id}`, {
        auth: server.admin,
        body: bad,
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('duplicates: term_exists on create, duplicate_term_slug on update (decisions.md 9)', async () => {
    const server = await startTestServer();
    const a = await term(server, 'categories', { name: 'Alpha' });
    const b = await term(server, 'categories', { name: 'Beta' });
    const dup = await server.call('POST', `${NS}/categories`, {
      auth: server.admin,
      body: { name: 'Alpha' },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.code).toBe('term_exists');
    expect(dup.body.message).toBe('A term with the name provided already exists with this parent.');
    expect((dup.body.data as Record<string, unknown>).status).toBe(400);
    expect((dup.body.data as Record<string, unknown>).term_id).toBe(a.id);
    await term(server, 'tags', { name: 'T' });
    const dupTag = await server.call('POST', `${NS}/tags`, {
      auth: server.admin,
      body: { name: 'T' },
    });
    expect(dupTag.body.code).toBe('term_exists');
    expect(dupTag.body.message).toBe(
      'A term with the name provided already exists in this taxonomy.',
    );
    const slug = await server.call('POST', `${NS}/categories/${b.id}`, {
      auth: server.admin,
      body: { slug: 'alpha' },
    });
    expect(slug.status).toBe(400);
    expect(slug.body.code).toBe('duplicate_term_slug');
    expect((slug.body.data as Record<string, unknown>).status).toBe(400);
  });
});

describe('term archives', () => {
  it('empty envelope, key order, headers', async () => {
    const server = await startTestServer();
    for (const kind of ['categories', 'tags'] as const) {
      const res = await server.call('GET', `${NS}/${kind}`, { query: { hide_empty: 'false' } });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['rest_url', 'total', 'total_pages', kind]);
      expect(res.body.total).toBe(0);
      expect(res.body.total_pages).toBe(0);
      expect(res.headers.get('x-tec-total')).toBe('0');
      expect(res.headers.get('x-tec-totalpages')).toBe('0');
      expect(new URL(res.body.rest_url as string).pathname).toBe(`${NS}/${kind}/`);
    }
  });

  it('pages 9 terms by 3, links keep the filters (decisions.md 3), 404 past the end (decisions.md 10)', async () => {
    const server = await startTestServer();
    for (let i = 1; i <= 9; i++) await term(server, 'tags', { name: `T${i}` });
    const page = async (n: number) =>
      server.call('GET', `${NS}/tags`, { query: { per_page: 3, page: n, hide_empty: 'false' } });
    const p1 = await page(1);
    expect(Object.keys(p1.body)).toEqual([
      'rest_url',
      'total',
      'total_pages',
      'tags',
      'next_rest_url',
    ]);
    expect(p1.body.total).toBe(9);
    expect(p1.body.total_pages).toBe(3);
    expect(p1.headers.get('x-tec-total')).toBe('9');
    expect(p1.headers.get('x-tec-totalpages')).toBe('3');
    expect(p1.body.next_rest_url).toMatch(/[?&]page=2/);
    expect(p1.body.next_rest_url).toContain('per_page=3');
    expect(p1.body.next_rest_url).toContain('hide_empty=false');
    const p2 = await page(2);
    expect(Object.keys(p2.body)).toEqual([
      'rest_url',
      'total',
      'total_pages',
      'tags',
      'next_rest_url',
      'previous_rest_url',
    ]);
    expect(p2.body.previous_rest_url).not.toMatch(/[?&]page=/);
    expect(p2.body.next_rest_url).toMatch(/[?&]page=3/);
    const p3 = await page(3);
    expect(p3.body.previous_rest_url).toMatch(/[?&]page=2/);
    expect(p3.body).not.toHaveProperty('next_rest_url');
    // Following next_rest_url visits every term once.
    const seen: number[] = [];
    let url: string | undefined = p1.body.rest_url as string;
    while (url) {
      const res = await server.call('GET', url);
      seen.push(...idsOf(res.body, 'tags'));
      url = res.body.next_rest_url as string | undefined;
    }
    expect(new Set(seen).size).toBe(9);
    const past = await page(4);
    expect(past.status).toBe(404);
    expect(past.body).toEqual({
      code: 'tag-archive-page-not-found',
      message: 'The requested tag archive page does not exist',
      data: { status: 404 },
    });
    const pastCat = await server.call('GET', `${NS}/categories`, { query: { page: 2 } });
    expect(pastCat.body).toEqual({
      code: 'category-archive-page-not-found',
      message: 'The requested category archive page does not exist',
      data: { status: 404 },
    });
  });

  it('hide_empty defaults to true and counts published events only', async () => {
    const server = await startTestServer();
    const used = await term(server, 'categories', { name: 'Used' });
    const draftOnly = await term(server, 'categories', { name: 'Draft only' });
    await term(server, 'categories', { name: 'Unused' });
    const e = await event(server, { categories: [used.id] });
    await event(server, { categories: [draftOnly.id], status: 'draft' });
    const byDefault = await server.call('GET', `${NS}/categories`);
    expect(names(byDefault.body, 'categories')).toEqual(['Used']);
    expect(
      (await server.call('GET', `${NS}/categories`, { query: { hide_empty: '0' } })).body.total,
    ).toBe(3);
    // The count follows the event: trashing it empties the term.
    await server.call('DELETE', `${NS}/events/${e.id}`, { auth: server.admin });
    const after = await server.call('GET', `${NS}/categories/${used.id}`);
    expect(after.body.count).toBe(0);
    expect((await server.call('GET', `${NS}/categories`)).body.total).toBe(0);
  });

  it('filters: search, include, exclude, order, parent, post/event, slug', async () => {
    const server = await startTestServer();
    const foo = await term(server, 'categories', { name: 'Foo' });
    const fooBar = await term(server, 'categories', { name: 'Zed', slug: 'foo-bar' });
    const bar = await term(server, 'categories', { name: 'bar', parent: foo.id });
    const list = async (query: Record<string, string | number | Array<string | number>>) => {
      const res = await server.call('GET', `${NS}/categories`, {
        query: { hide_empty: 'false', ...query },
      });
      return res;
    };
    expect((await list({ search: 'foo' })).body.total).toBe(2);
    expect((await list({ search: 'zoot' })).status).toBe(200);
    expect((await list({ exclude: foo.id })).body.total).toBe(2);
    expect((await list({ exclude: [foo.id, bar.id] })).body.total).toBe(1);
    expect((await list({ include: [foo.id, bar.id, fooBar.id] })).body.total).toBe(3);
    const bad: Array<Record<string, string | number>> = [
      { include: 2389 },
      { exclude: 2389 },
      { order: '' },
      { orderby: '' },
      { parent: 2389 },
      { parent: '' },
      { post: '' },
      { post: 23 },
      { post: 'foo' },
      { event: 23 },
      { slug: '' },
    ];
    for (const q of bad) {
      const res = await list(q);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
    }
    expect(idsOf((await list({ order: 'desc', orderby: 'id' })).body, 'categories')).toEqual([
      bar.id,
      fooBar.id,
      foo.id,
    ]);
    expect(idsOf((await list({ order: 'asc', orderby: 'id' })).body, 'categories')).toEqual([
      foo.id,
      fooBar.id,
      bar.id,
    ]);
    expect(names((await list({ order: 'asc', orderby: 'name' })).body, 'categories')).toEqual([
      'bar',
      'Foo',
      'Zed',
    ]);
    expect(names((await list({})).body, 'categories')).toEqual(['bar', 'Foo', 'Zed']);
    // Only "" is refused; other text goes to the term query: unknown orderby sorts by name,
    // and any order but asc is descending (docs/contract/compat-notes.md §3.5, WordPress's term query).
    const loose = await list({ orderby: 'foo', order: 'whatever' });
    expect(loose.status).toBe(200);
    expect(names(loose.body, 'categories')).toEqual(['Zed', 'Foo', 'bar']);
    expect(names((await list({ order: 'ASC', orderby: 'NAME' })).body, 'categories')).toEqual([
      'bar',
      'Foo',
      'Zed',
    ]);
    expect(idsOf((await list({ parent: foo.id })).body, 'categories')).toEqual([bar.id]);
    const e1 = await event(server, { categories: [foo.id, bar.id] });
    const e2 = await event(server, { categories: [fooBar.id] });
    expect((await list({ post: e1.id })).body.total).toBe(2);
    expect((await list({ event: e1.id })).body.total).toBe(2);
    expect((await list({ post: e1.id, event: e2.id })).body.total).toBe(1);
    expect((await list({ slug: 'foo-bar' })).body.total).toBe(1);
    const none = await list({ slug: 'nothing' });
    expect(none.status).toBe(200);
    expect(none.body.total).toBe(0);
    expect(none.body).not.toHaveProperty('next_rest_url');
  });

  it('per_page above 50 is clamped', async () => {
    const server = await startTestServer();
    for (let i = 0; i < 51; i++)
      await server.services.terms.create('tag', { name: `T${i}` }, false);
    const res = await server.call('GET', `${NS}/tags`, {
      query: { per_page: 100, hide_empty: 'false' },
    });
    expect(res.status).toBe(200);
    expect((res.body.tags as unknown[]).length).toBe(50);
    expect(res.body.total_pages).toBe(2);
  });
});
