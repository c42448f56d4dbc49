import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { create, createEvent, NS } from '../../../helpers/fixtures.js';

const ADMIN = '/api/calendar/admin/v1';
const EXPORT = `${ADMIN}/export`;
const IMPORT = `${ADMIN}/import`;

interface Doc {
  format: string;
  version: number;
  settings: Record<string, unknown>;
  users: Array<{ id: number; login: string }>;
  media: Array<{ id: number }>;
  categories: Array<{ id: number; name: string; parent: number | null; color: string | null }>;
  tags: Array<{ id: number; name: string }>;
  venues: Array<{ id: number; title: string }>;
  organizers: Array<{ id: number; title: string }>;
  series: Array<{ id: number }>;
  events: Array<Record<string, unknown> & { id: number; title: string }>;
}

async function exportText(server: TestServer): Promise<string> {
  const res = await server.call('GET', EXPORT, { auth: server.admin });
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(res.headers.get('content-disposition')).toMatch(
    /^attachment; filename="almanac-.*\.json"$/,
  );
  return res.text;
}

/** A calendar with every kind of object and every field filled. */
async function seed(server: TestServer) {
  await server.call('PATCH', `${ADMIN}/settings`, {
    auth: server.admin,
    body: { currency_symbol: '€', currency_code: 'EUR', currency_position: 'postfix' },
  });
  const editor = await server.userWith('editor', 'edith');
  await server.call('PATCH', `${ADMIN}/users/${editor.id}`, {
    auth: server.admin,
    body: { display_name: 'Edith E.', email: 'edith@example.org' },
  });
  const parent = await create(server, 'categories', {
    name: 'Music',
    description: '<b>All</b> music',
  });
  const child = await create(server, 'categories', {
    name: 'Jazz',
    parent: parent.id,
    color: '#1A7F37',
  });
  const tag = await create(server, 'tags', { name: 'Outdoor' });
  const venue = await create(server, 'venues', {
    venue: 'Grand Hall',
    description: '<p>Big &amp; old</p>',
    address: '1 Main St',
    city: 'Lyon',
    country: 'France',
    province: 'Rhône',
    zip: '69001',
    phone: '+33 1',
    website: 'https://hall.example.org',
    show_map: false,
    geo_lat: 45.76,
    geo_lng: 4.83,
  });
  const organizer = await create(server, 'organizers', {
    organizer: 'Club',
    phone: '123',
    website: 'https://club.example.org',
    email: 'club@example.org',
  });
  const second = await create(server, 'organizers', { organizer: 'Friends' });
  const full = await createEvent(server, {
    title: 'Summer "concert", live',
    description: '<p>Line one</p><p>Line <em>two</em></p>',
    excerpt: 'Short',
    start_date: '2026-07-14 20:00:00',
    end_date: '2026-07-14 23:30:00',
    timezone: 'Europe/Paris',
    cost: '10 - 20',
    website: 'https://tickets.example.org',
    show_map: true,
    show_map_link: true,
    sticky: true,
    featured: true,
    venue: venue.id,
    organizer: [organizer.id, second.id],
    categories: [child.id, parent.id],
    tags: [tag.id],
    image: 'https://images.example.org/poster.jpg',
    author: editor.id,
    event_status: 'postponed',
    event_status_reason: 'The hall is flooded',
  });
  const allDay = await createEvent(server, {
    title: 'Festival',
    all_day: true,
    start_date: '2026-08-01',
    end_date: '2026-08-03',
    hide_from_listings: true,
  });
  const draft = await createEvent(server, { title: '=cmd|calc', status: 'draft' });
  const trashed = await createEvent(server, { title: 'Gone' });
  await server.call('DELETE', `${NS}/events/${trashed.id}`, { auth: server.admin });
  return { editor, parent, child, tag, venue, organizer, second, full, allDay, draft, trashed };
}

describe('GET /admin/v1/export', () => {
  it('writes every kind, in order, with links by id and no credentials', async () => {
    const server = await startTestServer();
    const w = await seed(server);
    const text = await exportText(server);
    const doc = JSON.parse(text) as Doc;
    expect(Object.keys(doc)).toEqual([
      'format',
      'version',
      'settings',
      'users',
      'media',
      'categories',
      'tags',
      'venues',
      'organizers',
      'series',
      'events',
    ]);
    expect(doc.format).toBe('almanac-export');
    expect(doc.version).toBe(1);
    expect(doc.settings).toEqual({
      site_name: 'Almanac',
      site_logo: 0,
      timezone: 'UTC',
      per_page: 10,
      currency_symbol: '€',
      currency_code: 'EUR',
      currency_position: 'postfix',
      language: 'en',
    });
    expect(doc.users).toEqual([
      { id: 1, login: 'admin', email: '', display_name: 'admin', role: 'administrator' },
      {
        id: w.editor.id,
        login: 'edith',
        email: 'edith@example.org',
        display_name: 'Edith E.',
        role: 'editor',
      },
    ]);
    expect(text).not.toMatch(/password|hash|secret/i);
    expect(doc.categories.map((c) => [c.name, c.parent, c.color])).toEqual([
      ['Music', null, null],
      ['Jazz', w.parent.id, '#1a7f37'],
    ]);
    expect(doc.tags[0]).not.toHaveProperty('color');
    const full = doc.events.find((e) => e.id === w.full.id)!;
    expect(full).toEqual({
      id: w.full.id,
      author: w.editor.id,
      status: 'publish',
      slug: 'summer-concert-live',
      title: 'Summer "concert", live',
      description: '<p>Line one</p><p>Line <em>two</em></p>',
      excerpt: 'Short',
      date_utc: '2026-06-15 12:00:00',
      modified_utc: '2026-06-15 12:00:00',
      image: doc.media[0]!.id,
      parent: null,
      timezone: 'Europe/Paris',
      start_date: '2026-07-14 20:00:00',
      end_date: '2026-07-14 23:30:00',
      all_day: false,
      cost: ['10 - 20'],
      website: 'https://tickets.example.org',
      show_map: true,
      show_map_link: true,
      hide_from_listings: false,
      sticky: true,
      featured: true,
      event_status: 'postponed',
      event_status_reason: 'The hall is flooded',
      venue: w.venue.id,
      organizers: [w.organizer.id, w.second.id],
      categories: [w.child.id, w.parent.id],
      tags: [w.tag.id],
      trash: null,
      series: null,
      original_start: null,
      detached: null,
    });
    const trashed = doc.events.find((e) => e.id === w.trashed.id)!;
    expect(trashed).toMatchObject({
      status: 'trash',
      trash: { previous_status: 'publish', previous_slug: 'gone' },
    });
  });

  it('is for administrators only', async () => {
    const server = await startTestServer();
    const editor = await server.userWith('editor');
    expect((await server.call('GET', EXPORT)).status).toBe(401);
    const res = await server.call('GET', EXPORT, { auth: editor.auth });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('rest_forbidden');
    const doc = { format: 'almanac-export', version: 1 };
    expect((await server.call('POST', IMPORT, { auth: editor.auth, body: doc })).status).toBe(403);
    expect((await server.call('POST', IMPORT, { body: doc })).status).toBe(401);
  });

  it('reads a calendar larger than one batch, and stays one snapshot while writes go on', async () => {
    const server = await startTestServer({ file: true });
    const count = 1_234;
    const posts = await server.sql<{ id: number | string }>(
      `INSERT INTO posts (kind) VALUES ${Array(count).fill("('event')").join(', ')} RETURNING id`,
    );
    // PostgreSQL's BIGINT ids come back as text.
    const ids = posts.map((post) => Number(post.id)).sort((a, b) => a - b);
    const row = `(?, 1, 'publish', ?, ?, '2026-01-01 00:00:00', '2026-01-01 00:00:00', 'UTC',
      '2026-07-01 10:00:00', '2026-07-01 11:00:00', '2026-07-01 10:00:00', '2026-07-01 11:00:00')`;
    await server.sql(
      `INSERT INTO events (id, author, status, slug, title, date_utc, modified_utc, timezone,
         start_local, end_local, start_utc, end_utc)
       VALUES ${Array(count).fill(row).join(', ')}`,
      ...ids.flatMap((id, i) => [id, `e${i}`, `E${i}`]),
    );
    // Read the first bytes, write, then read the rest: the export is the data as it was.
    const res = await fetch(`${server.url}${EXPORT}`, { headers: { authorization: server.admin } });
    const reader = res.body!.getReader();
    const first = await reader.read();
    await createEvent(server, { title: 'Written during the export' });
    const chunks = [Buffer.from(first.value!)];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(Buffer.from(value));
    }
    const doc = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Doc;
    expect(doc.events).toHaveLength(count);
    expect(doc.events.map((e) => e.id)).toEqual(
      [...doc.events.map((e) => e.id)].sort((a, b) => a - b),
    );
  });
});

describe('POST /admin/v1/import', () => {
  it('into an empty calendar keeps every id: export → import → export is identical', async () => {
    const source = await startTestServer();
    const w = await seed(source);
    // A series as the recurrence code stores it: the festival is its first occurrence.
    await source.sql(
      `INSERT INTO series (id, lines, timezone, all_day, start_local, end_local, template,
         last_start_utc, modified_utc, slot, slot_origin, generated_from_utc, generated_until_utc)
       VALUES (?, '["RRULE:FREQ=YEARLY;COUNT=3"]', 'UTC', 1, '2026-08-01 00:00:00',
         '2026-08-03 23:59:59', '{"title":"Festival"}', '2028-08-01 00:00:00',
         '2026-06-15 12:00:00', 1, 20666, '', '')`,
      w.allDay.id,
    );
    await source.sql(
      `INSERT INTO series_exceptions (series_id, original_start_local) VALUES (?, '2027-08-01 00:00:00')`,
      w.allDay.id,
    );
    await source.sql(
      `UPDATE events SET series_id = ?, original_start_local = '2026-08-01 00:00:00',
         detached = '["title"]' WHERE id = ?`,
      w.allDay.id,
      w.allDay.id,
    );
    const text = await exportText(source);
    expect(JSON.parse(text).series).toHaveLength(1);

    const target = await startTestServer();
    const res = await target.call('POST', IMPORT, { auth: target.admin, body: text });
    expect(res.status, res.text).toBe(200);
    const doc = JSON.parse(text) as Doc;
    const records =
      doc.series.length +
      doc.media.length +
      doc.categories.length +
      doc.tags.length +
      doc.venues.length +
      doc.organizers.length +
      doc.events.length;
    expect(res.json).toEqual({
      dry_run: false,
      ids: 'kept',
      created: records + 1,
      updated: 0,
      unchanged: 1,
      skipped: [],
      errors: [],
      events: doc.events.map((e) => e.id),
    });
    expect(await exportText(target)).toBe(text);
    // The imported data works through the API like any other.
    const single = await target.call('GET', `${NS}/events/${doc.events[0]!.id}`);
    expect(single.status).toBe(200);
    const restored = await target.call('POST', `${ADMIN}/trash/${doc.events.at(-1)!.id}/restore`, {
      auth: target.admin,
    });
    expect(restored.body).toMatchObject({ status: 'publish', slug: 'gone' });
  });

  it('into a calendar with data gives new ids, and every link follows', async () => {
    const source = await startTestServer();
    const w = await seed(source);
    const doc = JSON.parse(await exportText(source)) as Doc;

    const target = await startTestServer();
    const existing = await createEvent(target, { title: 'Already here' });
    const music = await create(target, 'categories', { name: 'Music' });
    const res = await target.call('POST', IMPORT, { auth: target.admin, body: doc });
    expect(res.status, res.text).toBe(200);
    const report = res.json as {
      ids: string;
      events: number[];
      created: number;
      unchanged: number;
    };
    expect(report.ids).toBe('remapped');
    expect(report.events).toHaveLength(doc.events.length);
    expect(report.events).not.toContain(existing.id);
    expect(report.unchanged).toBe(2); // the administrator and the category Music

    const index = doc.events.findIndex((e) => e.id === w.full.id);
    const full = await target.call('GET', `${NS}/events/${report.events[index]}`, {
      auth: target.admin,
    });
    const body = full.body as {
      title: string;
      author: string;
      venue: { venue: string; city: string };
      organizer: Array<{ organizer: string }>;
      categories: Array<{ id: number; name: string; parent: number }>;
      tags: Array<{ name: string }>;
      image: { url: string };
    };
    expect(body.title).toBe('Summer "concert", live');
    expect(body.venue).toMatchObject({ venue: 'Grand Hall', city: 'Lyon' });
    expect(body.organizer.map((o) => o.organizer)).toEqual(['Club', 'Friends']);
    expect(body.categories.map((c) => c.name).sort()).toEqual(['Jazz', 'Music']);
    const jazz = body.categories.find((c) => c.name === 'Jazz')!;
    expect(jazz.parent).toBe(music.id);
    const jazzTerm = await target.call('GET', `${NS}/categories/${jazz.id}`);
    expect(jazzTerm.body.color).toBe('#1a7f37');
    expect(body.tags.map((t) => t.name)).toEqual(['Outdoor']);
    expect(body.image.url).toBe('https://images.example.org/poster.jpg');
    const users = await target.call('GET', `${ADMIN}/users`, { auth: target.admin });
    const edith = ((users.body.users ?? users.json) as Array<{ id: number; login: string }>).find(
      (u) => u.login === 'edith',
    )!;
    expect(body.author).toBe(String(edith.id));
    // A new user cannot sign in until an administrator gives them a password.
    expect(
      (
        await target.call('GET', `${ADMIN}/me`, {
          auth: `Basic ${Buffer.from('edith:').toString('base64')}`,
        })
      ).status,
    ).toBe(401);
  });

  it('with dry_run reports the same and changes nothing', async () => {
    const source = await startTestServer();
    await seed(source);
    const text = await exportText(source);
    const target = await startTestServer();
    const before = await exportText(target);
    const dry = await target.call('POST', IMPORT, {
      auth: target.admin,
      body: text,
      query: { dry_run: 'true' },
    });
    expect(dry.status).toBe(200);
    expect(await exportText(target)).toBe(before);
    const real = await target.call('POST', IMPORT, { auth: target.admin, body: text });
    expect({ ...(real.json as object), dry_run: true }).toEqual(dry.json);
  });

  it('reports bad records and imports the rest, dropping links to what was left out', async () => {
    const target = await startTestServer();
    const res = await target.call('POST', IMPORT, {
      auth: target.admin,
      body: {
        format: 'almanac-export',
        version: 1,
        categories: [
          { id: 3, name: 'Red', slug: 'red', description: '', parent: null, color: 'red' },
          { id: 4, name: 'Teal', slug: 'teal', description: '', parent: null, color: '#1B7C83' },
        ],
        venues: [{ id: 5, title: '' }],
        events: [
          {
            id: 9,
            author: null,
            status: 'publish',
            slug: 'ok',
            title: 'Ok',
            description: '<script>alert(1)</script><p>Fine</p>',
            excerpt: '',
            date_utc: '2026-06-15 12:00:00',
            modified_utc: '2026-06-15 12:00:00',
            image: null,
            parent: null,
            timezone: 'UTC',
            start_date: '2026-07-01 10:00:00',
            end_date: '2026-07-01 11:00:00',
            all_day: false,
            cost: [],
            website: null,
            show_map: false,
            show_map_link: false,
            hide_from_listings: false,
            sticky: false,
            featured: false,
            venue: 5,
            organizers: [],
            categories: [],
            tags: [],
            trash: null,
            series: null,
            original_start: null,
            detached: null,
          },
          { id: 10, title: 'No dates' },
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    const report = res.json as {
      errors: Array<{ kind: string; id: number; message: string }>;
      skipped: unknown[];
      events: number[];
    };
    expect(report.errors.map((e) => [e.kind, e.id])).toEqual([
      ['categories', 3],
      ['venues', 5],
      ['events', 10],
    ]);
    expect(report.errors[0]!.message).toContain('color');
    const teal = await target.call('GET', `${NS}/categories`, { query: { hide_empty: 'false' } });
    expect(
      (teal.body.categories as Array<{ name: string; color?: string }>).map((c) => [
        c.name,
        c.color,
      ]),
    ).toEqual([['Teal', '#1b7c83']]);
    expect(report.skipped).toEqual([
      {
        kind: 'events',
        id: 9,
        reason: 'venue 5 is not in the imported data: the link was dropped.',
      },
    ]);
    expect(report.events).toEqual([9]);
    const event = await target.call('GET', `${NS}/events/9`);
    expect(event.body).toMatchObject({ venue: [], description: '<p>Fine</p>' });
  });

  it('refuses a body that is not an export document', async () => {
    const target = await startTestServer();
    for (const body of [
      {},
      { format: 'other', version: 1 },
      { format: 'almanac-export', version: 2 },
    ]) {
      const res = await target.call('POST', IMPORT, { auth: target.admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(['rest_missing_callback_param', 'rest_invalid_param']).toContain(res.body.code);
    }
  });
});
