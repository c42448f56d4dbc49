import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { create, createEvent, NS } from '../../helpers/fixtures.js';
import { holdWriteLock } from '../../helpers/reliability.js';

const ADMIN_NS = '/api/calendar/admin/v1';
// Express's own ETag function: the tags the API sends are its strong ones.
const etag = createRequire(import.meta.url)('etag') as (body: string, o: object) => string;

/** An event listing: tagged by the content version and its request (content-etag.test.ts). */
const isListing = (path: string) => /\/events(\?|$)/.test(path);

async function tagOf(server: TestServer, path: string, auth = server.admin): Promise<string> {
  const res = await server.call('GET', path, { auth });
  expect(res.status, res.text).toBe(200);
  const tag = res.headers.get('etag')!;
  if (isListing(path)) expect(tag).toMatch(/^"content-[\w-]{27}"$/);
  else expect(tag).toBe(etag(res.text, { weak: false }));
  return tag;
}

describe('ETag and If-None-Match on reads', () => {
  it('answers a strong tag on resources, listings and indexes, through every root', async () => {
    const server = await startTestServer();
    const event = await createEvent(server);
    const paths = [
      `${NS}/events/${event.id}`,
      `${NS}/events`,
      `${NS}/categories`,
      `/wp-json/tribe/events/v1/events/${event.id}`,
      `/wp-json/tribe/events/v1/events`,
      `/?rest_route=/tribe/events/v1/events/${event.id}`,
      `${ADMIN_NS}/settings`,
      `${ADMIN_NS}/users/1`,
      '/api/',
    ];
    for (const path of paths) {
      const tag = await tagOf(server, path);
      if (!isListing(path)) expect(tag, path).toMatch(/^"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
      expect(await tagOf(server, path), path).toBe(tag);
    }
  });

  it('answers 304 without a body while the tag still matches, 200 once it changed', async () => {
    const server = await startTestServer();
    const event = await createEvent(server);
    for (const path of [`${NS}/events/${event.id}`, `${NS}/events`]) {
      const tag = await tagOf(server, path);
      const same = await server.call('GET', path, {
        auth: server.admin,
        headers: { 'if-none-match': tag },
      });
      expect(same.status).toBe(304);
      expect(same.text).toBe('');
      expect(same.headers.get('etag')).toBe(tag);
      const either = await server.call('GET', path, {
        auth: server.admin,
        headers: { 'if-none-match': `"nope", ${tag}` },
      });
      expect(either.status).toBe(304);
    }
    const path = `${NS}/events/${event.id}`;
    const before = await tagOf(server, path);
    await server.call('POST', path, { auth: server.admin, body: { title: 'Renamed' } });
    const res = await server.call('GET', path, {
      auth: server.admin,
      headers: { 'if-none-match': before },
    });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Renamed');
    expect(res.headers.get('etag')).not.toBe(before);
  });
});

describe('If-Match on updates and deletes', () => {
  async function resources(server: TestServer) {
    const event = await createEvent(server);
    const venue = await create(server, 'venues', { venue: 'Hall' });
    const organizer = await create(server, 'organizers', { organizer: 'Club' });
    const category = await create(server, 'categories', { name: 'Music' });
    const tag = await create(server, 'tags', { name: 'Outdoor' });
    const user = await server.userWith('author');
    return [
      { path: `${NS}/events/${event.id}`, change: { title: 'Changed' }, field: 'title' },
      { path: `${NS}/venues/${venue.id}`, change: { venue: 'Changed' }, field: 'venue' },
      {
        path: `${NS}/organizers/${organizer.id}`,
        change: { organizer: 'Changed' },
        field: 'organizer',
      },
      { path: `${NS}/categories/${category.id}`, change: { name: 'Changed' }, field: 'name' },
      { path: `${NS}/tags/${tag.id}`, change: { name: 'Changed' }, field: 'name' },
      {
        path: `${ADMIN_NS}/users/${user.id}`,
        change: { display_name: 'Changed' },
        field: 'display_name',
      },
      { path: `${ADMIN_NS}/settings`, change: { currency_symbol: '€' }, field: 'currency_symbol' },
    ];
  }

  it('applies a write whose tag matches, and refuses a stale one with 412, changing nothing', async () => {
    const server = await startTestServer();
    for (const { path, change, field } of await resources(server)) {
      const tag = await tagOf(server, path);
      const ok = await server.call('PATCH', path, {
        auth: server.admin,
        body: change,
        headers: { 'if-match': tag },
      });
      expect(ok.status, `${path} ${ok.text}`).toBe(200);
      expect(ok.body[field]).toBe(Object.values(change)[0]);

      const before = await server.call('GET', path, { auth: server.admin });
      const stale = await server.call('PATCH', path, {
        auth: server.admin,
        body: { [field]: 'Lost' },
        headers: { 'if-match': tag },
      });
      expect(stale.status, path).toBe(412);
      expect(stale.json).toEqual({
        code: 'rest_precondition_failed',
        message:
          'The resource changed since the version named by If-Match: read it again, or write without If-Match to overwrite.',
        data: { status: 412 },
      });
      const after = await server.call('GET', path, { auth: server.admin });
      expect(after.text, path).toBe(before.text);
    }
  });

  it('compares strongly: a weak tag never matches, * matches what exists', async () => {
    const server = await startTestServer();
    const event = await createEvent(server);
    const path = `${NS}/events/${event.id}`;
    const tag = await tagOf(server, path);
    const weak = await server.call('POST', path, {
      auth: server.admin,
      body: { title: 'X' },
      headers: { 'if-match': `W/${tag}` },
    });
    expect(weak.status).toBe(412);
    const listed = await server.call('POST', path, {
      auth: server.admin,
      body: { title: 'Y' },
      headers: { 'if-match': `"other", ${tag}` },
    });
    expect(listed.status).toBe(200);
    const any = await server.call('POST', path, {
      auth: server.admin,
      body: { title: 'Z' },
      headers: { 'if-match': '*' },
    });
    expect(any.status).toBe(200);
  });

  it('guards deletes; a trashed event has no representation to match', async () => {
    const server = await startTestServer();
    const event = await createEvent(server);
    const path = `${NS}/events/${event.id}`;
    const old = await tagOf(server, path);
    await server.call('POST', path, { auth: server.admin, body: { excerpt: 'New' } });
    const stale = await server.call('DELETE', path, {
      auth: server.admin,
      headers: { 'if-match': old },
    });
    expect(stale.status).toBe(412);
    expect((await server.call('GET', path)).status).toBe(200);
    const fresh = await tagOf(server, path);
    const ok = await server.call('DELETE', path, {
      auth: server.admin,
      headers: { 'if-match': fresh },
    });
    expect(ok.status).toBe(200);
    const restore = await server.call('POST', path, {
      auth: server.admin,
      body: { status: 'publish' },
      headers: { 'if-match': '*' },
    });
    expect(restore.status).toBe(412);
  });

  it('lets the write answer for itself when the object does not exist, and checks rights first', async () => {
    const server = await startTestServer();
    const missing = await server.call('POST', `${NS}/events/999`, {
      auth: server.admin,
      body: { title: 'X' },
      headers: { 'if-match': '"x"' },
    });
    expect(missing.status).toBe(404);
    const event = await createEvent(server);
    const anonymous = await server.call('POST', `${NS}/events/${event.id}`, {
      body: { title: 'X' },
      headers: { 'if-match': '"x"' },
    });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a write when another process changed the object while it waited for the lock', async () => {
    const server = await startTestServer({ file: true });
    const event = await createEvent(server, { title: 'Before' });
    const path = `${NS}/events/${event.id}`;
    const tag = await tagOf(server, path);
    // The other process holds the write lock with its change made but not committed: the
    // server's first check (outside the lock) still sees the old event and matches.
    const other = await holdWriteLock(
      server.services.config.dbPath,
      `UPDATE events SET title = 'Written elsewhere' WHERE id = ${event.id}`,
      400,
    );
    const res = await server.call('PATCH', path, {
      auth: server.admin,
      body: { excerpt: 'Written here' },
      headers: { 'if-match': tag },
    });
    await other.done;
    expect(res.status).toBe(412);
    const after = await server.call('GET', path, { auth: server.admin });
    expect(after.body.title).toBe('Written elsewhere');
    expect(after.body.excerpt).toBe('');
  });
});
