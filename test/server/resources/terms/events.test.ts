/**
 * Terms as the events API sees them: counts through publish, unpublish, trash and deletion;
 * embedded terms after renames, re-parenting and deletion; the post/event listing filters.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { NS, listed } from './fixtures.js';
import { createEvent, createId, type Created } from '../../../helpers/fixtures.js';

const ADMIN_NS = '/api/calendar/admin/v1';

/** An event with terms; the embedded terms are what these tests read. */
const eventWith = async (server: TestServer, body: Record<string, unknown>, auth = server.admin) =>
  (await createEvent(server, body, auth)) as Created & {
    categories: Array<Record<string, unknown>>;
    tags: Array<Record<string, unknown>>;
  };

async function count(server: TestServer, kind: 'categories' | 'tags', id: number) {
  return (await server.call('GET', `${NS}/${kind}/${id}`)).body.count;
}

describe('terms through the events API', () => {
  it('counts published events through publish, unpublish, trash, restore and delete', async () => {
    const server = await startTestServer();
    const cat = await createId(server, 'categories', { name: 'Cat' });
    const tag = await createId(server, 'tags', { name: 'Tag' });
    const published = await eventWith(server, { categories: [cat], tags: [tag] });
    const draft = await eventWith(server, { categories: [cat], tags: [tag], status: 'draft' });
    expect(await count(server, 'categories', cat)).toBe(1);
    expect(await count(server, 'tags', tag)).toBe(1);

    await server.call('POST', `${NS}/events/${draft.id}`, {
      auth: server.admin,
      body: { status: 'publish' },
    });
    expect(await count(server, 'categories', cat)).toBe(2);
    await server.call('POST', `${NS}/events/${published.id}`, {
      auth: server.admin,
      body: { status: 'draft' },
    });
    expect(await count(server, 'categories', cat)).toBe(1);
    await server.call('POST', `${NS}/events/${published.id}`, {
      auth: server.admin,
      body: { status: 'publish' },
    });
    expect(await count(server, 'categories', cat)).toBe(2);

    const trashed = await server.call('DELETE', `${NS}/events/${draft.id}`, { auth: server.admin });
    expect(trashed.status).toBe(200);
    expect(await count(server, 'categories', cat)).toBe(1);
    expect(await count(server, 'tags', tag)).toBe(1);

    await server.call('POST', `${NS}/events/${published.id}`, {
      auth: server.admin,
      body: { tags: [] },
    });
    expect(await count(server, 'tags', tag)).toBe(0);

    await server.call('DELETE', `${NS}/events/${published.id}`, { auth: server.admin });
    expect(await count(server, 'categories', cat)).toBe(0);
    const gone = await server.call('DELETE', `${ADMIN_NS}/trash/${draft.id}`, {
      auth: server.admin,
    });
    expect(gone.status).toBeLessThan(300);
    expect(await count(server, 'categories', cat)).toBe(0);
  });

  it('hides terms whose only events are drafts', async () => {
    const server = await startTestServer();
    await eventWith(server, { categories: ['Draft only'], tags: ['draft-tag'], status: 'draft' });
    await eventWith(server, { categories: ['Live'], tags: ['live-tag'] });
    for (const kind of ['categories', 'tags'] as const) {
      const shown = await server.call('GET', `${NS}/${kind}`);
      expect(listed(shown.body, kind).map(([, n]) => n)).toEqual([
        kind === 'categories' ? 'Live' : 'live-tag',
      ]);
      const all = await server.call('GET', `${NS}/${kind}`, { query: { hide_empty: 'false' } });
      expect(all.body.total).toBe(2);
    }
  });

  it('reuses existing terms by name or slug and lists an event`s terms with post/event', async () => {
    const server = await startTestServer();
    const jazz = await createId(server, 'tags', { name: 'Jazz Night', slug: 'jazz' });
    const event = await eventWith(server, { tags: ['jazz night', 'JAZZ', 'New Tag'] });
    expect(event.tags.map((t) => t.id)[0]).toBe(jazz);
    expect(event.tags).toHaveLength(2);
    const list = await server.call('GET', `${NS}/tags`, {
      query: { post: event.id, hide_empty: 'false' },
    });
    expect(listed(list.body, 'tags').map(([, n]) => n)).toEqual(['Jazz Night', 'New Tag']);
  });

  it('shows renamed, re-parented and deleted terms correctly inside events', async () => {
    const server = await startTestServer();
    const root = await createId(server, 'categories', { name: 'Root' });
    const kid = await createId(server, 'categories', { name: 'Kid', parent: root });
    const tag = await createId(server, 'tags', { name: 'Gone soon' });
    const event = await eventWith(server, { categories: [kid], tags: [tag] });
    expect(event.categories[0]).toMatchObject({ id: kid, parent: root, count: 1 });

    await server.call('PATCH', `${NS}/categories/${kid}`, {
      auth: server.admin,
      body: { name: 'Renamed', slug: 'renamed' },
    });
    await server.call('DELETE', `${NS}/categories/${root}`, { auth: server.admin });
    await server.call('DELETE', `${NS}/tags/${tag}`, { auth: server.admin });
    const res = await server.call('GET', `${NS}/events/${event.id}`);
    expect(res.status).toBe(200);
    const categories = res.body.categories as Array<Record<string, unknown>>;
    expect(categories).toHaveLength(1);
    expect(categories[0]).toMatchObject({
      id: kid,
      name: 'Renamed',
      slug: 'renamed',
      parent: 0,
      count: 1,
    });
    expect(categories[0]!.urls).not.toHaveProperty('up');
    expect(res.body.tags).toEqual([]);
  });
});
