/** Organizers (docs/contract/compat-notes.md §1.5, §3.4, §6, §7.4; Organizer*Cest; docs/contract/decisions.md 1, 5, 6, 12). */
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { idsOf, insertEvent, ORGANIZERS, organizersOf } from '../linked-posts/helpers.js';
import { create } from '../../../helpers/fixtures.js';

let made = 0;
async function organizers(server: TestServer, count: number, fields: Record<string, unknown> = {}) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++)
    ids.push(
      (await create(server, 'organizers', { organizer: `Organizer ${++made}`, ...fields })).id,
    );
  return ids;
}
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('creating and reading organizers', () => {
  it('creates with 201 and the §1.5 shape; single GET adds json_ld', async () => {
    const server = await startTestServer();
    const res = await server.call('POST', ORGANIZERS, {
      auth: server.admin,
      body: {
        organizer: 'Org One',
        description: 'Hosts',
        phone: '111',
        website: 'http://one.com',
        email: 'one@common.com',
      },
    });
    expect(res.status).toBe(201);
    const id = res.body.id as number;
    const host = new URL(server.url).hostname;
    expect(res.json).toEqual({
      id,
      author: '1',
      status: 'publish',
      date: '2026-06-15 12:00:00',
      date_utc: '2026-06-15 12:00:00',
      modified: '2026-06-15 12:00:00',
      modified_utc: '2026-06-15 12:00:00',
      url: `${server.url}/organizer/org-one/`,
      organizer: 'Org One',
      description: '<p>Hosts</p>',
      slug: 'org-one',
      phone: '111',
      website: 'http://one.com',
      email: 'one@common.com',
      global_id: `${host}?id=${id}`,
      global_id_lineage: [`${host}?id=${id}`],
    });
    expect(Object.keys(res.body)).toEqual(Object.keys(res.json as object));
    const single = await server.call('GET', `${ORGANIZERS}/${id}`);
    expect(Object.keys(single.body).slice(-3)).toEqual([
      'json_ld',
      'global_id',
      'global_id_lineage',
    ]);
    expect(single.body.json_ld).toEqual({
      '@context': 'http://schema.org',
      '@type': 'Person',
      name: 'Org One',
      description: 'Hosts',
      url: `${server.url}/organizer/org-one/`,
      telephone: '111',
      email: 'one@common.com',
      sameAs: 'http://one.com',
    });
    const bySlug = await server.call('GET', `${ORGANIZERS}/by-slug/org-one`);
    expect(bySlug.json).toEqual(single.json);
  });

  it('validates like venues: name required, website a URL, author a user; e-mail is free text', async () => {
    const server = await startTestServer();
    const missing = await server.call('POST', ORGANIZERS, {
      auth: server.admin,
      body: { phone: '1' },
    });
    expect(missing.body).toMatchObject({
      code: 'rest_missing_callback_param',
      data: { params: ['organizer'] },
    });
    for (const body of [
      { organizer: '' },
      { organizer: 'O', website: 'foo' },
      { organizer: 'O', author: 23 },
      { organizer: 'O', date: 'foo' },
    ]) {
      expect(
        (await server.call('POST', ORGANIZERS, { auth: server.admin, body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect(
      (await create(server, 'organizers', { organizer: 'On request', email: 'ask at the desk' }))
        .email,
    ).toBe('ask at the desk');
    expect((await server.call('POST', ORGANIZERS, { body: { organizer: 'Anon' } })).status).toBe(
      401,
    );
  });

  it('omits the author when it has none', async () => {
    const server = await startTestServer();
    const editor = await server.userWith('editor');
    const organizer = await create(server, 'organizers', {
      organizer: 'Orphan',
      author: editor.id,
    });
    await server.call('DELETE', `/api/calendar/admin/v1/users/${editor.id}`, {
      auth: server.admin,
    });
    const res = await server.call('GET', `${ORGANIZERS}/${organizer.id}`);
    expect(res.body).not.toHaveProperty('author');
  });

  it('is 404 for non-numeric ids, 400 for unknown ones, 403 organizer-not-accessible for drafts', async () => {
    const server = await startTestServer();
    expect((await server.call('GET', `${ORGANIZERS}/foo`)).status).toBe(404);
    expect((await server.call('GET', `${ORGANIZERS}/23`)).status).toBe(400);
    expect((await server.call('GET', `${ORGANIZERS}/by-slug/nobody`)).status).toBe(400);
    const draft = await create(server, 'organizers', { organizer: 'Secret', status: 'draft' });
    const anon = await server.call('GET', `${ORGANIZERS}/${draft.id}`);
    expect(anon.body).toEqual({
      code: 'organizer-not-accessible',
      message: 'The requested organizer is not accessible',
      data: { status: 403 },
    });
    expect((await server.call('GET', `${ORGANIZERS}/by-slug/secret`)).status).toBe(403);
    const editor = await server.userWith('editor');
    expect(
      (await server.call('GET', `${ORGANIZERS}/${draft.id}`, { auth: editor.auth })).status,
    ).toBe(200);
  });

  it('returns an identical organizer instead of a duplicate, comparing every given field', async () => {
    const server = await startTestServer();
    const a = await create(server, 'organizers', {
      organizer: 'Org',
      email: 'org@x.org',
      phone: '1',
    });
    expect((await create(server, 'organizers', { organizer: 'ORG', email: 'ORG@X.ORG' })).id).toBe(
      a.id,
    );
    expect((await create(server, 'organizers', { organizer: 'org' })).id).toBe(a.id);
    expect(
      (await create(server, 'organizers', { organizer: 'org', email: 'other@x.org' })).id,
    ).not.toBe(a.id);
    expect((await create(server, 'organizers', { organizer: 'org', phone: '2' })).id).not.toBe(
      a.id,
    );
    expect(
      (await create(server, 'organizers', { organizer: 'org', website: 'http://org.example' })).id,
    ).not.toBe(a.id);
  });
});

describe('updating and trashing organizers', () => {
  it('keeps omitted fields and drops cleared ones', async () => {
    const server = await startTestServer();
    const o = await create(server, 'organizers', {
      organizer: 'Keeper',
      email: 'k@x.org',
      phone: '9',
      website: 'http://k.org',
    });
    const renamed = await server.call('POST', `${ORGANIZERS}/${o.id}`, {
      auth: server.admin,
      body: { organizer: 'Keeper 2' },
    });
    expect(renamed.body).toMatchObject({
      organizer: 'Keeper 2',
      email: 'k@x.org',
      phone: '9',
      website: 'http://k.org',
      slug: 'keeper',
    });
    const cleared = await server.call('PUT', `${ORGANIZERS}/${o.id}`, {
      auth: server.admin,
      body: { email: '', phone: '', website: '' },
    });
    expect(cleared.status).toBe(200);
    for (const key of ['email', 'phone', 'website']) expect(cleared.body).not.toHaveProperty(key);
    expect(
      (
        await server.call('PUT', `${ORGANIZERS}/${o.id}`, {
          auth: server.admin,
          body: { organizer: '' },
        })
      ).status,
    ).toBe(400);
  });

  it('enforces object rights: contributor 403 on an admin organizer, anonymous 401, unknown id 400', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    const o = await create(server, 'organizers', { organizer: "Admin's" });
    expect(
      (
        await server.call('PUT', `${ORGANIZERS}/${o.id}`, {
          auth: contributor.auth,
          body: { organizer: 'X' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await server.call('DELETE', `${ORGANIZERS}/${o.id}`, { auth: contributor.auth })).status,
    ).toBe(403);
    expect(
      (await server.call('PUT', `${ORGANIZERS}/${o.id}`, { body: { organizer: 'X' } })).status,
    ).toBe(401);
    expect((await server.call('DELETE', `${ORGANIZERS}/23`)).status).toBe(400);
  });

  it('trashes (410 the second time) and unlinks only that organizer from its events', async () => {
    const server = await startTestServer();
    const [gone, stays] = await organizers(server, 2);
    const event = await insertEvent(server, { organizers: [stays!, gone!] });
    const other = await insertEvent(server, { organizers: [gone!] });
    const res = await server.call('DELETE', `${ORGANIZERS}/${gone}`, { auth: server.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: gone, status: 'trash' });
    expect(await organizersOf(server, event)).toEqual([stays]);
    expect(await organizersOf(server, other)).toEqual([]);
    const again = await server.call('DELETE', `${ORGANIZERS}/${gone}`, { auth: server.admin });
    expect(again.body).toEqual({
      code: 'organizer-is-in-trash',
      message: 'The organizer is already trashed',
      data: { status: 410 },
    });
  });

  it('shows the shorter organizer list on events through the events API', async () => {
    const server = await startTestServer();
    const [a, b] = await organizers(server, 2);
    const created = await server.call('POST', '/api/calendar/events/v1/events', {
      auth: server.admin,
      body: {
        title: 'Hosted',
        start_date: '2026-07-01 10:00:00',
        end_date: '2026-07-01 11:00:00',
        organizer: [a, b],
      },
    });
    expect(created.status, created.text).toBe(201);
    await server.call('DELETE', `${ORGANIZERS}/${a}`, { auth: server.admin });
    const event = await server.call('GET', `/api/calendar/events/v1/events/${created.body.id}`);
    expect((event.body.organizer as Array<{ id: number }>).map((o) => o.id)).toEqual([b]);
  });
});

describe('GET /organizers', () => {
  it('pages with the envelope and 404 organizer-archive-page-not-found past the end', async () => {
    const server = await startTestServer();
    await organizers(server, 3);
    const res = await server.call('GET', ORGANIZERS, { query: { per_page: 2 } });
    expect(Object.keys(res.body)).toEqual([
      'organizers',
      'rest_url',
      'next_rest_url',
      'total',
      'total_pages',
    ]);
    expect(res.body).toMatchObject({ total: 3, total_pages: 2 });
    expect(res.body.rest_url).toBe(`${server.url}${ORGANIZERS}/?page=1&per_page=2&status=publish`);
    expect(res.headers.get('x-tec-total')).toBe('3');
    const past = await server.call('GET', ORGANIZERS, { query: { per_page: 3, page: 2 } });
    expect(past.status).toBe(404);
    expect(past.body.code).toBe('organizer-archive-page-not-found');
    expect(past.body.message).toBe('The requested organizer archive page does not exist');
  });

  it('searches name, description, excerpt, phone, e-mail and website', async () => {
    const server = await startTestServer();
    await create(server, 'organizers', {
      organizer: 'One',
      phone: '111111111',
      email: 'one@common.com',
      website: 'http://one.com',
    });
    await create(server, 'organizers', {
      organizer: 'Two',
      phone: '222223333',
      email: 'two@common.com',
    });
    await create(server, 'organizers', {
      organizer: 'Three',
      email: 'three@three.com',
      phone: '1111',
    });
    const total = async (search: string) =>
      (await server.call('GET', ORGANIZERS, { query: { search } })).body.total;
    expect(await total('1111')).toBe(2);
    expect(await total('111111111')).toBe(1);
    expect(await total('222223333')).toBe(1);
    expect(await total('three@three.com')).toBe(1);
    expect(await total('common.com')).toBe(2);
    expect(await total('http://one.com')).toBe(1);
    expect(await total('@common.com')).toBe(2);
    expect(await total('nothing')).toBe(0);
  });

  it('filters by event, has_events and only_with_upcoming', async () => {
    const server = await startTestServer();
    const [a, b, c, d] = await organizers(server, 4);
    const draftOrganizer = await create(server, 'organizers', {
      organizer: 'Draft org',
      status: 'draft',
    });
    const both = await insertEvent(server, {
      organizers: [b!, a!, draftOrganizer.id],
      start: '2026-07-01 10:00:00',
    });
    await insertEvent(server, { organizers: [c!], status: 'draft', start: '2026-07-01 10:00:00' });
    await insertEvent(server, { organizers: [d!], start: '2020-01-01 10:00:00' });
    expect(
      sorted(idsOf(await server.call('GET', ORGANIZERS, { query: { event: both } }), 'organizers')),
    ).toEqual([a, b]);
    const asAdmin = await server.call('GET', ORGANIZERS, {
      auth: server.admin,
      query: { event: both },
    });
    expect(sorted(idsOf(asAdmin, 'organizers'))).toEqual([a, b, draftOrganizer.id]);
    expect((await server.call('GET', ORGANIZERS, { query: { event: 23 } })).status).toBe(400);
    const has = await server.call('GET', ORGANIZERS, { query: { has_events: 'yes' } });
    expect(sorted(idsOf(has, 'organizers'))).toEqual([a, b, d]);
    const hasNot = await server.call('GET', ORGANIZERS, { query: { has_events: 'no' } });
    expect(idsOf(hasNot, 'organizers')).toEqual([c]);
    const upcoming = await server.call('GET', ORGANIZERS, { query: { only_with_upcoming: 1 } });
    expect(sorted(idsOf(upcoming, 'organizers'))).toEqual([a, b]);
    const editor = await server.userWith('editor');
    const editorUpcoming = await server.call('GET', ORGANIZERS, {
      auth: editor.auth,
      query: { only_with_upcoming: 1 },
    });
    expect(sorted(idsOf(editorUpcoming, 'organizers'))).toEqual([a, b, c, draftOrganizer.id]);
  });
});
