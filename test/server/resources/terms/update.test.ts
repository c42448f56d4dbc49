import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { NS, addEvent, linkTerms } from './fixtures.js';
import { createId } from '../../../helpers/fixtures.js';
import type { Role } from '../../../../shared/roles.js';

describe('POST/PUT/PATCH /categories/{id} and /tags/{id}', () => {
  it('updates with each method and merges omitted fields', async () => {
    const server = await startTestServer();
    const editor = await server.userWith('editor');
    const parent = await createId(server, 'categories', { name: 'Parent' });
    const id = await createId(server, 'categories', {
      name: 'Old',
      description: 'Old text',
      slug: 'old',
      parent,
    });
    const post = await server.call('POST', `${NS}/categories/${id}`, {
      auth: editor.auth,
      body: { name: 'New name', description: 'New text', slug: 'new-slug' },
    });
    expect(post.status).toBe(200);
    expect(post.body).toMatchObject({
      id,
      name: 'New name',
      description: 'New text',
      slug: 'new-slug',
      parent,
      url: `${server.url}/events/category/new-slug/`,
    });
    const put = await server.call('PUT', `${NS}/categories/${id}`, {
      auth: editor.auth,
      form: { description: 'Put text' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      name: 'New name',
      slug: 'new-slug',
      description: 'Put text',
      parent,
    });
    const patch = await server.call('PATCH', `${NS}/categories/${id}`, {
      auth: editor.auth,
      body: { parent: 0 },
    });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ parent: 0, name: 'New name', description: 'Put text' });
    expect(patch.body.urls).not.toHaveProperty('up');
    expect(Object.keys(patch.body)).toEqual([
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
  });

  it('keeps the slug when only the name changes, and an empty update changes nothing', async () => {
    const server = await startTestServer();
    const id = await createId(server, 'tags', { name: 'Before' });
    const renamed = await server.call('PATCH', `${NS}/tags/${id}`, {
      auth: server.admin,
      body: { name: 'After' },
    });
    expect(renamed.body).toMatchObject({ name: 'After', slug: 'before' });
    const same = await server.call('POST', `${NS}/tags/${id}`, { auth: server.admin, body: {} });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(renamed.body);
  });

  const cases: Array<[Role | 'anonymous', number, number]> = [
    ['administrator', 200, 200],
    ['editor', 200, 200],
    ['author', 200, 403],
    ['contributor', 403, 403],
    ['subscriber', 403, 403],
    ['anonymous', 401, 401],
  ];
  for (const [role, categoryStatus, tagStatus] of cases) {
    it(`gives ${role} ${categoryStatus} on categories and ${tagStatus} on tags`, async () => {
      const server = await startTestServer();
      const cat = await createId(server, 'categories', { name: 'C' });
      const tag = await createId(server, 'tags', { name: 'T' });
      const auth = role === 'anonymous' ? undefined : (await server.userWith(role)).auth;
      const c = await server.call('PUT', `${NS}/categories/${cat}`, { auth, body: { name: 'C2' } });
      const t = await server.call('PUT', `${NS}/tags/${tag}`, { auth, body: { name: 'T2' } });
      expect(c.status).toBe(categoryStatus);
      expect(t.status).toBe(tagStatus);
      if (c.status >= 400) expect(c.body.code).toBe('rest_forbidden');
      if (t.status >= 400) expect(t.body.code).toBe('rest_forbidden');
    });
  }

  it('rejects bad parameters with 400 before checking rights', async () => {
    const server = await startTestServer();
    const subscriber = await server.userWith('subscriber');
    const cat = await createId(server, 'categories', { name: 'C' });
    const tag = await createId(server, 'tags', { name: 'T' });
    const bad: Array<[string, string, Record<string, unknown>]> = [
      [`categories/${cat}`, 'name', { name: '' }],
      [`categories/${cat}`, 'description', { description: '' }],
      [`categories/${cat}`, 'slug', { slug: '' }],
      [`categories/${cat}`, 'parent', { parent: '' }],
      [`categories/${cat}`, 'parent', { parent: 2389 }],
      [`categories/${cat}`, 'parent', { parent: 'foo' }],
      [`categories/${cat}`, 'parent', { parent: tag }],
      [`categories/2389`, 'id', { name: 'x' }],
      [`categories/${tag}`, 'id', { name: 'x' }],
      [`tags/${tag}`, 'name', { name: '' }],
      [`tags/${cat}`, 'id', { name: 'x' }],
    ];
    for (const [path, param, body] of bad) {
      for (const auth of [server.admin, subscriber.auth]) {
        const res = await server.call('POST', `${NS}/${path}`, { auth, body });
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.code).toBe('rest_invalid_param');
        expect(Object.keys((res.body.data as { params: object }).params)).toEqual([param]);
      }
    }
    expect(
      (await server.call('PATCH', `${NS}/tags/foo`, { auth: server.admin, body: {} })).status,
    ).toBe(404);
  });

  it('refuses a slug another term of the taxonomy uses with duplicate_term_slug', async () => {
    const server = await startTestServer();
    await createId(server, 'tags', { name: 'First', slug: 'taken' });
    const id = await createId(server, 'tags', { name: 'Second' });
    const res = await server.call('POST', `${NS}/tags/${id}`, {
      auth: server.admin,
      body: { slug: 'Taken' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'duplicate_term_slug',
      message: 'The slug “taken” is already in use by another term.',
      data: { status: 400 },
    });
    expect((await server.call('GET', `${NS}/tags/${id}`)).body.slug).toBe('second');
    // Its own slug, and a slug of the other taxonomy, are fine.
    await createId(server, 'categories', { name: 'Cat', slug: 'shared' });
    const own = await server.call('POST', `${NS}/tags/${id}`, {
      auth: server.admin,
      body: { slug: 'second' },
    });
    expect(own.status).toBe(200);
    const other = await server.call('POST', `${NS}/tags/${id}`, {
      auth: server.admin,
      body: { slug: 'shared' },
    });
    expect(other.status).toBe(200);
    expect(other.body.slug).toBe('shared');
  });

  it('refuses a rename onto a sibling name with term_exists', async () => {
    const server = await startTestServer();
    const a = await createId(server, 'categories', { name: 'Alpha' });
    const b = await createId(server, 'categories', { name: 'Beta' });
    const res = await server.call('POST', `${NS}/categories/${b}`, {
      auth: server.admin,
      body: { name: 'alpha' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'term_exists', data: { status: 400, term_id: a } });
    const recase = await server.call('POST', `${NS}/categories/${a}`, {
      auth: server.admin,
      body: { name: 'ALPHA' },
    });
    expect(recase.status).toBe(200);
    expect(recase.body.name).toBe('ALPHA');
  });

  it('refuses a parent on a tag', async () => {
    const server = await startTestServer();
    const id = await createId(server, 'tags', { name: 'T' });
    const res = await server.call('PATCH', `${NS}/tags/${id}`, {
      auth: server.admin,
      body: { parent: 0 },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_taxonomy_not_hierarchical');
  });

  it('refuses a parent that is the category itself or one of its descendants', async () => {
    const server = await startTestServer();
    const root = await createId(server, 'categories', { name: 'Root' });
    const child = await createId(server, 'categories', { name: 'Child', parent: root });
    const grandchild = await createId(server, 'categories', { name: 'Grandchild', parent: child });
    for (const parent of [root, child, grandchild]) {
      const res = await server.call('PATCH', `${NS}/categories/${root}`, {
        auth: server.admin,
        body: { parent },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect((res.body.data as { params: Record<string, string> }).params.parent).toMatch(
        /ancestor/,
      );
    }
    const moved = await server.call('PATCH', `${NS}/categories/${grandchild}`, {
      auth: server.admin,
      body: { parent: root },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.parent).toBe(root);
  });

  it('shows renamed terms in the events that carry them', async () => {
    const server = await startTestServer();
    const id = await createId(server, 'categories', { name: 'Before' });
    const event = await addEvent(server, 'publish');
    await linkTerms(server, event, [id]);
    await server.call('PATCH', `${NS}/categories/${id}`, {
      auth: server.admin,
      body: { name: 'After', slug: 'after' },
    });
    const links = {
      origin: server.url,
      root: `${server.url}/api/`,
      namespace: 'calendar/events/v1',
      rest: (path: string) => `${server.url}/api/calendar/events/v1/${path}`,
      restIn: (ns: string, path: string) => `${server.url}/api/${ns}/${path}`,
      site: (path: string) => `${server.url}${path}`,
    };
    const embedded = (
      await server.services.terms.onPorts.embed(server.services.storage.read, [event], links)
    ).get(event)!;
    expect(embedded.categories[0]).toMatchObject({ id, name: 'After', slug: 'after', count: 1 });
  });
});
