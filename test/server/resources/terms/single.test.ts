import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { NS, addEvent, linkTerms } from './fixtures.js';
import { createId } from '../../../helpers/fixtures.js';

describe('GET /categories/{id} and /tags/{id}', () => {
  it('shows a category with every key in the reference order', async () => {
    const server = await startTestServer();
    const parent = await createId(server, 'categories', { name: 'Parent' });
    const id = await createId(server, 'categories', {
      name: 'Child',
      description: 'About kids',
      slug: 'kids',
      parent,
    });
    await linkTerms(server, await addEvent(server, 'publish'), [id]);
    await linkTerms(server, await addEvent(server, 'publish'), [id]);
    const res = await server.call('GET', `${NS}/categories/${id}`);
    expect(res.status).toBe(200);
    const rest = `${server.url}/api/calendar/events/v1`;
    expect(res.text).toBe(
      JSON.stringify({
        id,
        count: 2,
        description: 'About kids',
        name: 'Child',
        slug: 'kids',
        taxonomy: 'tribe_events_cat',
        parent,
        meta: [],
        url: `${server.url}/events/category/kids/`,
        urls: {
          self: `${rest}/categories/${id}`,
          collection: `${rest}/categories`,
          up: `${rest}/categories/${parent}`,
        },
      }),
    );
  });

  it('shows a tag without parent and up', async () => {
    const server = await startTestServer();
    const id = await createId(server, 'tags', { name: 'Outdoor', description: 'Fresh air' });
    const res = await server.call('GET', `${NS}/tags/${id}`);
    expect(res.status).toBe(200);
    const rest = `${server.url}/api/calendar/events/v1`;
    expect(res.text).toBe(
      JSON.stringify({
        id,
        count: 0,
        description: 'Fresh air',
        name: 'Outdoor',
        slug: 'outdoor',
        taxonomy: 'post_tag',
        meta: [],
        url: `${server.url}/tag/outdoor/`,
        urls: { self: `${rest}/tags/${id}`, collection: `${rest}/tags` },
      }),
    );
  });

  it('keeps the alias root and namespace in links', async () => {
    const server = await startTestServer();
    const id = await createId(server, 'tags', { name: 'Alias' });
    const res = await server.call('GET', `/wp-json/tribe/events/v1/tags/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.urls).toEqual({
      self: `${server.url}/wp-json/tribe/events/v1/tags/${id}`,
      collection: `${server.url}/wp-json/tribe/events/v1/tags`,
    });
  });

  it('answers 400 for an unknown id or an id of the other taxonomy, 404 for a non-numeric one', async () => {
    const server = await startTestServer();
    const cat = await createId(server, 'categories', { name: 'Cat' });
    const tag = await createId(server, 'tags', { name: 'Tag' });
    for (const path of [
      `categories/2389`,
      `categories/${tag}`,
      `tags/${cat}`,
      `tags/2389`,
      'tags/0',
    ]) {
      const res = await server.call('GET', `${NS}/${path}`);
      expect(res.status, path).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(Object.keys(res.body.data as object)).toContain('params');
      expect((res.body.data as { params: object }).params).toHaveProperty('id');
    }
    for (const path of ['categories/foo', 'categories/foo%20bar', 'tags/foo-bar']) {
      const res = await server.call('GET', `${NS}/${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('rest_no_route');
    }
  });

  it('is public: anonymous and subscribers read terms', async () => {
    const server = await startTestServer();
    const id = await createId(server, 'categories', { name: 'Open' });
    const subscriber = await server.userWith('subscriber');
    expect((await server.call('GET', `${NS}/categories/${id}`)).status).toBe(200);
    expect(
      (await server.call('GET', `${NS}/categories/${id}`, { auth: subscriber.auth })).status,
    ).toBe(200);
  });
});
