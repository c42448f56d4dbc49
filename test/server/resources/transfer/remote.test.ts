import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../../helpers/server.js';
import { create, createEvent, NS } from '../../../helpers/fixtures.js';
import { DEFAULT_REMOTE_LIMITS } from '../../../../server/resources/transfer/remote-fetch.js';

const REMOTE = '/api/calendar/admin/v1/import/remote';
/** Small pages, so that the import has to page through every collection. */
const small = { start: { remote: { ...DEFAULT_REMOTE_LIMITS, perPage: 2 } } };

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A tiny HTTP server answering every request with `answer`. */
async function fake(answer: (res: import('node:http').ServerResponse) => void): Promise<string> {
  const server = createServer((_req, res) => answer(res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

async function source() {
  const server = await startTestServer();
  const music = await create(server, 'categories', { name: 'Music' });
  const jazz = await create(server, 'categories', {
    name: 'Jazz',
    parent: music.id,
    color: '#b02a37',
  });
  const tag = await create(server, 'tags', { name: 'Outdoor' });
  const venue = await create(server, 'venues', { venue: 'Hall', city: 'Lyon' });
  const organizers = [
    await create(server, 'organizers', { organizer: 'Club' }),
    await create(server, 'organizers', { organizer: 'Friends' }),
  ];
  const events = [];
  for (let i = 0; i < 5; i++) {
    events.push(
      await createEvent(server, {
        title: `Concert ${i}`,
        description: `<p>Night ${i}</p>`,
        start_date: `2026-07-0${i + 1} 20:00:00`,
        end_date: `2026-07-0${i + 1} 22:00:00`,
        venue: venue.id,
        organizer: organizers.map((o) => o.id),
        categories: [jazz.id],
        tags: [tag.id],
        cost: '15',
        image: 'https://images.example.org/poster.jpg',
      }),
    );
  }
  const draft = await createEvent(server, { title: 'Plan', status: 'draft' });
  return { server, music, jazz, events, draft };
}

async function run(target: TestServer, body: Record<string, unknown>) {
  const res = await target.call('POST', REMOTE, { auth: target.admin, body });
  expect(res.status, res.text).toBe(200);
  return res.json as {
    created: number;
    updated: number;
    unchanged: number;
    errors: unknown[];
    events: number[];
    pages: number;
  };
}

describe('POST /admin/v1/import/remote', () => {
  it('imports every page of a site, links included, then only what changed', async () => {
    const a = await source();
    const b = await startTestServer(small);
    const first = await run(b, { url: a.server.url });
    // 2 categories + 1 tag + 1 venue + 2 organizers + 5 published events; the draft is not public.
    expect(first).toMatchObject({ created: 11, updated: 0, unchanged: 0, errors: [] });
    expect(first.events).toHaveLength(5);
    // One page of each collection but the events (3 pages of 2).
    expect(first.pages).toBe(7);

    const event = await b.call('GET', `${NS}/events/${first.events[2]}`);
    expect(event.body).toMatchObject({
      title: 'Concert 2',
      description: '<p>Night 2</p>',
      start_date: '2026-07-03 20:00:00',
      venue: { venue: 'Hall', city: 'Lyon' },
      cost: '$15',
      image: { url: 'https://images.example.org/poster.jpg' },
    });
    const body = event.body as {
      organizer: Array<{ organizer: string }>;
      categories: Array<{ name: string; parent: number }>;
      tags: Array<{ name: string }>;
      website: string;
    };
    expect(body.organizer.map((o) => o.organizer)).toEqual(['Club', 'Friends']);
    expect(body.categories.map((c) => c.name)).toEqual(['Jazz']);
    const music = await b.call('GET', `${NS}/categories`, { query: { slug: 'music' } });
    expect(body.categories[0]!.parent).toBe(
      (music.body.categories as Array<{ id: number }>)[0]!.id,
    );
    expect(body.tags.map((t) => t.name)).toEqual(['Outdoor']);
    // Another Almanac's category colour comes along.
    const jazz = await b.call('GET', `${NS}/categories`, { query: { slug: 'jazz' } });
    expect((jazz.body.categories as Array<{ color?: string }>)[0]!.color).toBe('#b02a37');
    // The source's own page is not taken for the event's website.
    expect(body.website).not.toContain(a.server.url);

    const again = await run(b, { url: a.server.url });
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 11, errors: [] });

    await a.server.call('POST', `${NS}/events/${a.events[1]!.id}`, {
      auth: a.server.admin,
      body: { title: 'Concert 1, moved' },
    });
    const third = await run(b, { url: `${a.server.url}/` });
    expect(third).toMatchObject({ created: 0, updated: 1, unchanged: 10 });
    const moved = await b.call('GET', `${NS}/events/${first.events[1]}`);
    expect(moved.body.title).toBe('Concert 1, moved');
  });

  it('reads unpublished content with credentials, and writes nothing on a dry run', async () => {
    const a = await source();
    const b = await startTestServer(small);
    const dry = await run(b, {
      url: a.server.url,
      username: ADMIN.login,
      password: ADMIN.password,
      dry_run: true,
    });
    expect(dry).toMatchObject({ created: 12, errors: [] });
    const listing = await b.call('GET', `${NS}/events`, { auth: b.admin });
    expect(listing.body.total).toBe(0);
    const real = await run(b, {
      url: a.server.url,
      username: ADMIN.login,
      password: ADMIN.password,
    });
    expect(real.created).toBe(12);
    const titles = [];
    for (const id of real.events) {
      const event = await b.call('GET', `${NS}/events/${id}`, { auth: b.admin });
      titles.push(`${String(event.body.title)}:${String(event.body.status)}`);
    }
    expect(titles).toContain('Plan:draft');
  });

  it('is for administrators only', async () => {
    const b = await startTestServer();
    const editor = await b.userWith('editor');
    const body = { url: 'http://127.0.0.1:1' };
    expect((await b.call('POST', REMOTE, { body })).status).toBe(401);
    expect((await b.call('POST', REMOTE, { auth: editor.auth, body })).status).toBe(403);
  });

  it('refuses addresses it must not fetch and sites it cannot read, writing nothing', async () => {
    const b = await startTestServer({
      start: { remote: { ...DEFAULT_REMOTE_LIMITS, maxBytes: 3_000_000 } },
    });
    const redirect = await fake((res) =>
      res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
    );
    const huge = await fake((res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(`{"categories":["${'x'.repeat(3_000_001)}"]}`),
    );
    const html = await fake((res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>'),
    );
    const denied = await fake((res) => res.writeHead(401).end());
    // A page of far more items than asked for (a million, in 2 MB: more than the stack can spread).
    const flood = await fake((res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(`{"categories":[${'0,'.repeat(999_999)}0],"total_pages":1}`),
    );
    const closed = await fake((res) => res.end());
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const cases: Array<[string, RegExp]> = [
      ['ftp://example.org/', /must start with http/],
      ['file:///etc/passwd', /must start with http/],
      ['http://user:secret@127.0.0.1/', /apart, not in the address/],
      [closed, /ECONNREFUSED/],
      // Ports fetch never connects to (SMTP and the like): mail servers are not web sites.
      ['http://127.0.0.1:25', /bad port/],
      [redirect, /redirects to file:\/\/\/etc\/passwd/],
      [huge, /larger than/],
      [html, /did not answer JSON/],
      [denied, /refused the credentials/],
      [flood, /answered 1000000 categories for a page of at most 50/],
    ];
    for (const [url, reason] of cases) {
      const res = await b.call('POST', REMOTE, { auth: b.admin, body: { url } });
      expect(res.status, url).toBe(400);
      expect(res.body.code).toBe('almanac_remote_failed');
      expect(String(res.body.message), url).toMatch(reason);
      expect(JSON.stringify(res.json)).not.toContain('secret');
    }
    const empty = await b.call('POST', REMOTE, { auth: b.admin, body: { url: '' } });
    expect(empty.status).toBe(400);
    expect((await b.call('GET', `${NS}/categories`)).body.categories).toEqual([]);
  });
});
