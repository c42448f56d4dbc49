import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { addEvent, linkTerms } from './fixtures.js';
import { createId } from '../../../helpers/fixtures.js';

async function setup() {
  const server = await startTestServer();
  const create = (kind: 'categories' | 'tags', body: Record<string, unknown>) =>
    createId(server, kind, body);
  return { server, create };
}

const links = (server: TestServer) => ({
  origin: server.url,
  root: `${server.url}/api/`,
  namespace: 'calendar/events/v1',
  rest: (path: string) => `${server.url}/api/calendar/events/v1/${path}`,
  restIn: (ns: string, path: string) => `${server.url}/api/${ns}/${path}`,
  site: (path: string) => `${server.url}${path}`,
});

describe('terms.findRefs', () => {
  it('finds ids and slugs of one taxonomy and reports the unknown ones', async () => {
    const { server, create } = await setup();
    const music = await create('categories', { name: 'Music' });
    const jazz = await create('categories', { name: 'Jazz Nights' });
    const tag = await create('tags', { name: 'Music' });
    const { terms, storage } = server.services;
    expect(await terms.findRefs('category', [music, 'jazz-nights', String(music)])).toEqual({
      ids: [music, jazz],
      unknown: [],
    });
    expect(await terms.findRefs('category', [tag, 'nope', 'Jazz Nights'])).toEqual({
      ids: [jazz],
      unknown: [String(tag), 'nope'],
    });
    expect(await terms.findRefs('tag', ['music'])).toEqual({ ids: [tag], unknown: [] });
    // The same on the read side of the ports.
    expect(
      await terms.onPorts.findRefs(storage.read, 'category', [tag, 'nope', 'Jazz Nights']),
    ).toEqual({ ids: [jazz], unknown: [String(tag), 'nope'] });
  });
});

/** `resolveForEvent` in a unit of work, as an event's write runs it. */
const resolve = (
  server: TestServer,
  ...args: Parameters<TestServer['services']['terms']['onPorts']['resolveForEvent']> extends [
    unknown,
    ...infer Rest,
  ]
    ? Rest
    : never
) =>
  server.services.storage.write((uow) =>
    server.services.terms.onPorts.resolveForEvent(uow, ...args),
  );

describe('terms.resolveForEvent', () => {
  it('keeps known ids, skips unknown ids, reuses names and slugs, creates the rest', async () => {
    const { server, create } = await setup();
    const rock = await create('tags', { name: 'Rock Music', slug: 'rock' });
    const cat = await create('categories', { name: 'Other' });
    const { terms } = server.services;
    const ids = await resolve(
      server,
      'tag',
      [rock, 999, cat, 'rock music', 'ROCK', 'New One', 'new one', `${rock}`],
      true,
    );
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(rock);
    const created = (await terms.find('tag', ids[1]!))!;
    expect(created).toMatchObject({ name: 'New One', slug: 'new-one', parent: null, count: 0 });
    expect(await resolve(server, 'category', ['new one'], true)).not.toContain(ids[1]);
    expect(await resolve(server, 'tag', ['new one', rock], false)).toEqual([ids[1], rock]);
    await expect(resolve(server, 'tag', ['brand new'], false)).rejects.toThrow(/Invalid parameter/);
    // A name that sanitises to no slug takes the new term's id as its slug.
    const [bare] = await resolve(server, 'tag', ['!!!'], true);
    expect((await terms.find('tag', bare!))?.slug).toBe(String(bare));
    // A refused name created nothing.
    expect(
      await terms.onPorts.newNames(server.services.storage.read, 'tag', ['brand new', 'rock']),
    ).toEqual(['brand new']);
  });
});

describe('terms.embed', () => {
  it('gives the embedded shapes in link order with one entry per event', async () => {
    const { server, create } = await setup();
    const parent = await create('categories', { name: 'Parent' });
    const child = await create('categories', { name: 'Child', parent, description: 'Kids' });
    const tag = await create('tags', { name: 'Tag' });
    const event = await addEvent(server, 'publish');
    const bare = await addEvent(server, 'draft');
    await linkTerms(server, event, [child, tag, parent]);
    const map = await server.services.terms.onPorts.embed(
      server.services.storage.read,
      [event, bare],
      links(server),
    );
    expect(map.get(bare)).toEqual({ categories: [], tags: [] });
    const entry = map.get(event)!;
    expect(entry.categories.map((t) => t.id)).toEqual([child, parent]);
    expect(JSON.stringify(entry.categories[0])).toBe(
      JSON.stringify({
        id: child,
        name: 'Child',
        slug: 'child',
        term_group: 0,
        term_taxonomy_id: child,
        taxonomy: 'tribe_events_cat',
        description: 'Kids',
        parent,
        count: 1,
        filter: 'raw',
        urls: {
          self: `${server.url}/api/calendar/events/v1/categories/${child}`,
          collection: `${server.url}/api/calendar/events/v1/categories`,
          up: `${server.url}/api/calendar/events/v1/categories/${parent}`,
        },
      }),
    );
    expect(entry.tags[0]).toMatchObject({ id: tag, taxonomy: 'post_tag', parent: 0 });
    expect(entry.tags[0]!.urls).not.toHaveProperty('up');
  });
});

describe('terms.withDescendants', () => {
  it('adds every descendant category once', async () => {
    const { server, create } = await setup();
    const root = await create('categories', { name: 'Root' });
    const kid = await create('categories', { name: 'Kid', parent: root });
    const grandkid = await create('categories', { name: 'Grandkid', parent: kid });
    const other = await create('categories', { name: 'Other' });
    const { terms, storage } = server.services;
    const withDescendants = (ids: number[]) => terms.onPorts.withDescendants(storage.read, ids);
    expect((await withDescendants([root])).sort()).toEqual([root, kid, grandkid].sort());
    expect((await withDescendants([kid, grandkid])).sort()).toEqual([kid, grandkid].sort());
    expect(await withDescendants([other])).toEqual([other]);
    expect(await withDescendants([])).toEqual([]);
  });
});
