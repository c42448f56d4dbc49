import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { NS } from './fixtures.js';
import { createId } from '../../../helpers/fixtures.js';
import type { Role } from '../../../../shared/roles.js';

describe('POST /categories and /tags', () => {
  it('creates a category: 201, count 0, the term shape and a Location header', async () => {
    const server = await startTestServer();
    const editor = await server.userWith('editor');
    const parent = await createId(server, 'categories', { name: 'Parent' });
    const res = await server.call('POST', `${NS}/categories`, {
      auth: editor.auth,
      body: { parent, name: 'A category', description: 'Its description', slug: 'a-category-slug' },
    });
    expect(res.status).toBe(201);
    const id = res.body.id as number;
    const rest = `${server.url}/api/calendar/events/v1`;
    expect(res.text).toBe(
      JSON.stringify({
        id,
        count: 0,
        description: 'Its description',
        name: 'A category',
        slug: 'a-category-slug',
        taxonomy: 'tribe_events_cat',
        parent,
        meta: [],
        url: `${server.url}/events/category/a-category-slug/`,
        urls: {
          self: `${rest}/categories/${id}`,
          collection: `${rest}/categories`,
          up: `${rest}/categories/${parent}`,
        },
      }),
    );
    expect(res.headers.get('location')).toBe(`${rest}/categories/${id}`);
  });

  it('creates a tag from a form-encoded body, slug from the name', async () => {
    const server = await startTestServer();
    const res = await server.call('POST', `${NS}/tags`, {
      auth: server.admin,
      form: { name: 'Open Air', description: 'Outside' },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual([
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
    expect(res.body).toMatchObject({
      name: 'Open Air',
      slug: 'open-air',
      taxonomy: 'post_tag',
      count: 0,
    });
    expect(res.body.urls).not.toHaveProperty('up');
  });

  const cases: Array<[Role | 'anonymous', number, number]> = [
    ['administrator', 201, 201],
    ['editor', 201, 201],
    ['author', 201, 403],
    ['contributor', 403, 403],
    ['subscriber', 403, 403],
    ['anonymous', 401, 401],
  ];
  for (const [role, categoryStatus, tagStatus] of cases) {
    it(`gives ${role} ${categoryStatus} on categories and ${tagStatus} on tags`, async () => {
      const server = await startTestServer();
      const auth = role === 'anonymous' ? undefined : (await server.userWith(role)).auth;
      const cat = await server.call('POST', `${NS}/categories`, { auth, body: { name: 'C' } });
      const tag = await server.call('POST', `${NS}/tags`, { auth, body: { name: 'T' } });
      expect(cat.status).toBe(categoryStatus);
      expect(tag.status).toBe(tagStatus);
      for (const res of [cat, tag]) {
        if (res.status >= 400) {
          expect(res.body).toEqual({
            code: 'rest_forbidden',
            message: 'Sorry, you are not allowed to do that.',
            data: { status: res.status },
          });
        }
      }
    });
  }

  it('requires a name', async () => {
    const server = await startTestServer();
    for (const kind of ['categories', 'tags']) {
      const res = await server.call('POST', `${NS}/${kind}`, {
        auth: server.admin,
        body: { slug: 'x' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'rest_missing_callback_param',
        message: 'Missing parameter(s): name',
        data: { status: 400, params: ['name'] },
      });
    }
  });

  it('rejects "" for any parameter, and bad parents, before checking rights', async () => {
    const server = await startTestServer();
    const subscriber = await server.userWith('subscriber');
    const tag = await createId(server, 'tags', { name: 'A tag' });
    const bad: Array<[string, Record<string, unknown>]> = [
      ['name', { name: '' }],
      ['description', { name: 'x', description: '' }],
      ['slug', { name: 'x', slug: '' }],
      ['parent', { name: 'x', parent: '' }],
      ['parent', { name: 'x', parent: 2389 }],
      ['parent', { name: 'x', parent: 'foo' }],
      ['parent', { name: 'x', parent: -1 }],
      ['parent', { name: 'x', parent: tag }],
    ];
    for (const [param, body] of bad) {
      for (const auth of [server.admin, subscriber.auth, undefined]) {
        const res = await server.call('POST', `${NS}/categories`, { auth, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.code).toBe('rest_invalid_param');
        expect(Object.keys((res.body.data as { params: object }).params)).toEqual([param]);
      }
    }
    for (const body of [{ name: '' }, { name: 'x', description: '' }, { name: 'x', slug: '' }]) {
      const res = await server.call('POST', `${NS}/tags`, { auth: subscriber.auth, body });
      expect(res.status).toBe(400);
    }
    const all = await server.call('POST', `${NS}/categories`, {
      auth: server.admin,
      body: { name: '', description: '', slug: '' },
    });
    expect(all.body.message).toBe('Invalid parameter(s): name, description, slug');
  });

  it('refuses a parent on a tag', async () => {
    const server = await startTestServer();
    for (const parent of [0, 5, '']) {
      const res = await server.call('POST', `${NS}/tags`, {
        auth: server.admin,
        body: { name: 'Tag', parent },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'rest_taxonomy_not_hierarchical',
        message: 'Cannot set parent term, taxonomy is not hierarchical.',
        data: { status: 400 },
      });
    }
  });

  it('refuses a duplicate name under the same parent with term_exists', async () => {
    const server = await startTestServer();
    const parent = await createId(server, 'categories', { name: 'Parent' });
    const first = await createId(server, 'categories', { name: 'Music', parent });
    const res = await server.call('POST', `${NS}/categories`, {
      auth: server.admin,
      body: { name: 'MUSIC', parent, slug: 'other-slug' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'term_exists',
      message: 'A term with the name provided already exists with this parent.',
      data: { status: 400, term_id: first },
    });
    // Another parent (here: top level) is fine; the slug is made unique.
    const top = await server.call('POST', `${NS}/categories`, {
      auth: server.admin,
      body: { name: 'Music' },
    });
    expect(top.status).toBe(201);
    expect(top.body).toMatchObject({ slug: 'music-2', parent: 0 });
  });

  it('refuses a duplicate tag name anywhere in the taxonomy; a category may share it', async () => {
    const server = await startTestServer();
    const tag = await createId(server, 'tags', { name: 'Jazz' });
    const res = await server.call('POST', `${NS}/tags`, {
      auth: server.admin,
      body: { name: 'jazz' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'term_exists',
      message: 'A term with the name provided already exists in this taxonomy.',
      data: { status: 400, term_id: tag },
    });
    const cat = await server.call('POST', `${NS}/categories`, {
      auth: server.admin,
      body: { name: 'Jazz' },
    });
    expect(cat.status).toBe(201);
    expect(cat.body.slug).toBe('jazz');
  });

  it('sanitises slugs and makes them unique in the taxonomy', async () => {
    const server = await startTestServer();
    const a = await server.call('POST', `${NS}/tags`, {
      auth: server.admin,
      body: { name: 'One', slug: '  Héllo   Wörld!! ' },
    });
    expect(a.body.slug).toBe('hello-world');
    const b = await server.call('POST', `${NS}/tags`, {
      auth: server.admin,
      body: { name: 'Two', slug: 'hello-world' },
    });
    expect(b.body.slug).toBe('hello-world-2');
    const c = await server.call('POST', `${NS}/tags`, {
      auth: server.admin,
      body: { name: '日本' },
    });
    expect(c.status).toBe(201);
    expect(c.body.slug).toBe(String(c.body.id));
  });

  it('strips markup from names and unsafe HTML from descriptions', async () => {
    const server = await startTestServer();
    const res = await server.call('POST', `${NS}/categories`, {
      auth: server.admin,
      body: {
        name: '<b>Bold</b> name',
        description:
          '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:x">link</a></p>',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('Bold name');
    expect(res.body.description).toBe('<p>Hi <a>link</a></p>');
    const only = await server.call('POST', `${NS}/categories`, {
      auth: server.admin,
      body: { name: '<i></i>' },
    });
    expect(only.status).toBe(400);
    expect(only.body.code).toBe('rest_invalid_param');
  });

  it('ignores unknown and read-only fields', async () => {
    const server = await startTestServer();
    const res = await server.call('POST', `${NS}/tags`, {
      auth: server.admin,
      body: { name: 'Plain', id: 999, count: 7, url: 'http://x', taxonomy: 'other', foo: 'bar' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      count: 0,
      taxonomy: 'post_tag',
      url: `${server.url}/tag/plain/`,
    });
    expect(res.body.id).not.toBe(999);
  });
});
