/**
 * An event listing's ETag comes from what the answer is made of (the content version, the route,
 * the parsed parameters, the asker, the links' origin, root and namespace, the date window)
 * instead of a hash of its bytes (server/http/answer-cache.ts, contentEtag). It must stay strong
 * and exact: every request whose body can differ gets another tag, the same request keeps its
 * tag while the calendar is unchanged, and any change of the calendar moves it.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { create, createEvent, NS } from '../../helpers/fixtures.js';

interface Read {
  tag: string;
  text: string;
}

async function read(server: TestServer, path: string, auth?: string, host?: string): Promise<Read> {
  if (host !== undefined) return readAs(server, path, host);
  const res = await server.call('GET', path, { auth });
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  return { tag: res.headers.get('etag')!, text: res.text };
}

/** A GET naming another Host (fetch cannot): links are built on it. */
function readAs(server: TestServer, path: string, host: string): Promise<Read> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers: { host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        expect(res.statusCode, text).toBe(200);
        resolve({ tag: String(res.headers.etag), text });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every variant of the listing request a body depends on, besides the calendar itself. */
async function variants(server: TestServer, venue: number, category: number) {
  const editor = await server.userWith('editor');
  const author = await server.userWith('author');
  const port = new URL(server.url).port;
  return [
    { name: 'default', path: `${NS}/events` },
    { name: 'page 2', path: `${NS}/events?per_page=1&page=2` },
    { name: 'per page', path: `${NS}/events?per_page=1` },
    { name: 'window', path: `${NS}/events?start_date=2026-07-01&end_date=2026-07-31` },
    { name: 'other window', path: `${NS}/events?start_date=2026-08-01` },
    { name: 'venue', path: `${NS}/events?venue=${venue}` },
    { name: 'category', path: `${NS}/events?categories=${category}` },
    { name: 'search', path: `${NS}/events?search=concert` },
    { name: 'wp-json root', path: '/wp-json/calendar/events/v1/events' },
    { name: 'rest_route root', path: '/?rest_route=/calendar/events/v1/events' },
    { name: 'alias namespace', path: '/api/tribe/events/v1/events' },
    { name: 'other host', path: `${NS}/events`, host: `localhost:${port}` },
    { name: 'administrator', path: `${NS}/events`, auth: server.admin },
    { name: 'editor', path: `${NS}/events`, auth: editor.auth },
    { name: 'author', path: `${NS}/events`, auth: author.auth },
    { name: 'fields', path: `${NS}/events?_fields=id,title` },
    { name: 'envelope', path: `${NS}/events?_envelope=1` },
  ];
}

async function calendar(server: TestServer) {
  const venue = await create(server, 'venues', { venue: 'Hall' });
  const category = await create(server, 'categories', { name: 'Music' });
  await createEvent(server, { title: 'Summer concert', venue: venue.id });
  await createEvent(server, {
    title: 'Garden party',
    start_date: '2026-08-02 18:00:00',
    end_date: '2026-08-02 20:00:00',
    categories: [category.id],
  });
  await createEvent(server, { title: 'Draft rehearsal', status: 'draft' });
  return { venue: venue.id, category: category.id };
}

describe('the event listing’s ETag', () => {
  it('is derived from the content and the request, not from the bytes', async () => {
    const server = await startTestServer();
    await calendar(server);
    const first = await read(server, `${NS}/events`);
    expect(first.tag).toMatch(/^"content-[\w-]{27}"$/);
    const same = await server.call('GET', `${NS}/events`, {
      headers: { 'if-none-match': first.tag },
    });
    expect(same.status).toBe(304);
    const head = await fetch(`${server.url}${NS}/events`, { method: 'HEAD' });
    expect(head.headers.get('etag')).toBe(first.tag);
  });

  it('differs for every variant whose body can differ, and each keeps its own tag', async () => {
    const server = await startTestServer();
    const { venue, category } = await calendar(server);
    const list = await variants(server, venue, category);
    const seen = new Map<string, Read & { name: string }>();
    for (const variant of list) {
      const first = await read(server, variant.path, variant.auth, variant.host);
      const again = await read(server, variant.path, variant.auth, variant.host);
      expect(again, variant.name).toEqual(first);
      const earlier = seen.get(first.tag);
      // Two variants may share a tag only if they answer exactly the same bytes.
      if (earlier) expect(first.text, `${variant.name} / ${earlier.name}`).toBe(earlier.text);
      seen.set(first.tag, { ...first, name: variant.name });
    }
    // Roots, namespaces, hosts and askers change the links or what is listed: no two share one.
    expect(seen.size).toBe(list.length);
  });

  it('is the same whatever the encoding, and names the uncompressed body', async () => {
    const server = await startTestServer();
    await calendar(server);
    const plain = await read(server, `${NS}/events?per_page=50`);
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${server.url}${NS}/events?per_page=50`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('etag')).toBe(plain.tag);
      expect(await res.text()).toBe(plain.text);
    }
  });

  it('stays while the calendar is unchanged and moves with every change of what it shows', async () => {
    const server = await startTestServer();
    const { venue, category } = await calendar(server);
    const list = await variants(server, venue, category);
    const tags = async () => {
      const out: Read[] = [];
      for (const variant of list)
        out.push(await read(server, variant.path, variant.auth, variant.host));
      return out;
    };
    let before = await tags();
    // Reads, failed writes and refused writes change nothing.
    await server.call('GET', `${NS}/venues`);
    const refused = await server.call('POST', `${NS}/events`, {
      body: { title: 'Nope', start_date: '2026-07-01 10:00:00', end_date: '2026-07-01 11:00:00' },
    });
    expect(refused.status).toBe(401);
    const invalid = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: { title: '' },
    });
    expect(invalid.status).toBe(400);
    expect(await tags()).toEqual(before);

    const changes: Array<[string, () => Promise<unknown>]> = [
      ['a new event', () => createEvent(server, { title: 'Late addition' })],
      [
        'a listed venue renamed',
        () =>
          server.call('POST', `${NS}/venues/${venue}`, {
            auth: server.admin,
            body: { venue: 'Great hall' },
          }),
      ],
      [
        'a category renamed',
        () =>
          server.call('POST', `${NS}/categories/${category}`, {
            auth: server.admin,
            body: { name: 'Live music' },
          }),
      ],
      [
        'the site’s settings',
        () =>
          server.call('POST', '/api/calendar/admin/v1/settings', {
            auth: server.admin,
            body: { timezone: 'Europe/Paris' },
          }),
      ],
    ];
    for (const [name, change] of changes) {
      await change();
      const after = await tags();
      after.forEach((now, i) => {
        const was = before[i]!;
        const label = `${name}: ${list[i]!.name}`;
        // A derived tag moves with the content version; `_fields` and `_envelope` answers are
        // tagged by their shaped bytes, which move exactly when those bytes do.
        if (now.tag.startsWith('"content-')) expect(now.tag, label).not.toBe(was.tag);
        else expect(now.tag !== was.tag, label).toBe(now.text !== was.text);
      });
      expect(await tags(), `${name}, read again`).toEqual(after);
      before = after;
    }
  });

  it('leaves a single event tagged by its body, so If-Match still names that event', async () => {
    const server = await startTestServer();
    const event = await createEvent(server);
    const path = `${NS}/events/${event.id}`;
    const tag = (await read(server, path)).tag;
    expect(tag).toMatch(/^"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    await createEvent(server, { title: 'Another event' });
    expect((await read(server, path)).tag).toBe(tag);
    const res = await server.call('PATCH', path, {
      auth: server.admin,
      body: { title: 'Renamed' },
      headers: { 'if-match': tag },
    });
    expect(res.status).toBe(200);
  });
});
