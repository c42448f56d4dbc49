/**
 * Links never expose what the caller may not read: linking needs read access to the linked
 * venue or organizer, embeds show only what the reader may read (API, json_ld, public page, sync
 * change feed), and the `event=` filters of venues, organizers and terms say nothing of an event
 * the caller may not read.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { create, createEvent, createId, NS } from '../../../helpers/fixtures.js';
import { CHANGES } from '../sync/helpers.js';

const SECRET = { venue: 'Hidden Hall', address: '9 Secret Lane', email: 'hall@secret.example' };

/** An editor's draft venue and organizer linked (by the editor) to a published event. */
async function publishedWithDrafts(server: TestServer) {
  const editor = await server.userWith('editor');
  const venue = await createId(server, 'venues', { ...SECRET, status: 'draft' }, editor.auth);
  const organizer = await createId(
    server,
    'organizers',
    { organizer: 'Hidden Org', email: 'org@secret.example', status: 'draft' },
    editor.auth,
  );
  const event = await createEvent(
    server,
    { title: 'Open Night', status: 'publish', venue, organizer: [organizer] },
    editor.auth,
  );
  return { editor, venue, organizer, event };
}

const mentionsSecrets = (text: string) =>
  ['Hidden Hall', 'Secret Lane', 'secret.example', 'Hidden Org'].some((s) => text.includes(s));

describe('linking needs read access to the linked item', () => {
  it("refuses another user's draft or trashed venue or organizer, as if unknown", async () => {
    const server = await startTestServer();
    const other = await server.userWith('author');
    const author = await server.userWith('author');
    const draftVenue = await createId(
      server,
      'venues',
      { venue: 'D', status: 'draft' },
      other.auth,
    );
    const trashedVenue = await createId(server, 'venues', { venue: 'T' }, other.auth);
    await server.call('DELETE', `${NS}/venues/${trashedVenue}`, { auth: other.auth });
    const draftOrganizer = await createId(
      server,
      'organizers',
      { organizer: 'O', status: 'draft' },
      other.auth,
    );
    const body = { title: 'x', start_date: '2026-07-01', end_date: '2026-07-01' };
    for (const venue of [draftVenue, trashedVenue, { id: draftVenue }]) {
      const res = await server.call('POST', `${NS}/events`, {
        auth: author.auth,
        body: { ...body, venue },
      });
      expect(res.status, JSON.stringify(venue)).toBe(400);
      expect(res.body.data).toMatchObject({ params: { venue: expect.stringContaining('not a') } });
      expect(mentionsSecrets(res.text)).toBe(false);
    }
    const res = await server.call('POST', `${NS}/events`, {
      auth: author.auth,
      body: { ...body, organizer: [draftOrganizer] },
    });
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ params: { organizer: expect.any(String) } });
  });

  it('lets authors link their own drafts and editors link anyone’s', async () => {
    const server = await startTestServer();
    const author = await server.userWith('author');
    const editor = await server.userWith('editor');
    const own = await createId(server, 'venues', { venue: 'Mine', status: 'draft' }, author.auth);
    const mine = await createEvent(server, { venue: own }, author.auth);
    expect(mine.venue).toMatchObject({ id: own, venue: 'Mine' });
    const byEditor = await createEvent(server, { venue: own }, editor.auth);
    expect(byEditor.venue).toMatchObject({ id: own });
  });

  it("does not reuse another user's draft for identical inline data", async () => {
    const server = await startTestServer();
    const other = await server.userWith('editor');
    const author = await server.userWith('author');
    const draft = await createId(server, 'venues', { ...SECRET, status: 'draft' }, other.auth);
    const event = await createEvent(server, { venue: { venue: SECRET.venue } }, author.auth);
    const linked = event.venue as { id: number; email?: string };
    expect(linked.id).not.toBe(draft);
    expect(linked.email).toBeUndefined();
    const direct = await create(server, 'venues', { venue: SECRET.venue }, author.auth);
    expect(direct.id).not.toBe(draft);
    expect(mentionsSecrets(JSON.stringify({ ...direct, venue: '' }))).toBe(false);
  });
});

describe('embeds show only what the reader may read', () => {
  it('a published event carries no draft venue or organizer to anonymous readers', async () => {
    const server = await startTestServer();
    const { editor, venue, organizer, event } = await publishedWithDrafts(server);
    // The editor reads first: a remembered answer must not be handed to anyone else.
    const asEditor = await server.call('GET', `${NS}/events/${event.id}`, { auth: editor.auth });
    expect(asEditor.body.venue).toMatchObject({ id: venue });
    expect(asEditor.body.organizer).toMatchObject([{ id: organizer }]);
    expect(asEditor.body.json_ld).toHaveProperty('location');

    const single = await server.call('GET', `${NS}/events/${event.id}`);
    expect(single.status).toBe(200);
    expect(single.body.venue).toEqual([]);
    expect(single.body.organizer).toEqual([]);
    expect(single.body.json_ld).not.toHaveProperty('location');
    expect(single.body.json_ld).not.toHaveProperty('organizer');
    expect(mentionsSecrets(single.text)).toBe(false);

    const listing = await server.call('GET', `${NS}/events`);
    expect((listing.body.events as unknown[]).length).toBe(1);
    expect(mentionsSecrets(listing.text)).toBe(false);

    const page = await fetch(`${server.url}/event/${String(event.slug)}/`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Open Night');
    expect(mentionsSecrets(html)).toBe(false);

    const changes = await server.call('GET', CHANGES, { query: { per_page: 100 } });
    expect(changes.status).toBe(200);
    expect((changes.body.events as unknown[]).length).toBe(1);
    expect(mentionsSecrets(changes.text)).toBe(false);

    const feed = await fetch(`${server.url}/calendar.ics`);
    expect(feed.status).toBe(200);
    const ics = await feed.text();
    expect(ics).toContain('Open Night');
    expect(mentionsSecrets(ics)).toBe(false);
  });

  it('a venue made a draft leaves the published event for anonymous readers', async () => {
    const server = await startTestServer();
    const venue = await createId(server, 'venues', SECRET);
    const event = await createEvent(server, { venue });
    expect((await server.call('GET', `${NS}/events/${event.id}`)).body.venue).toMatchObject({
      id: venue,
    });
    const feed = async () => (await fetch(`${server.url}/calendar.ics`)).text();
    // Remembered feed text and answers must not outlive the venue's change of status.
    expect(await feed()).toContain('Secret Lane');
    await server.sql("UPDATE venues SET status = 'draft' WHERE id = ?", venue);
    const res = await server.call('GET', `${NS}/events/${event.id}`);
    expect(res.body.venue).toEqual([]);
    const ics = await feed();
    expect(ics).toContain('BEGIN:VEVENT');
    expect(mentionsSecrets(ics)).toBe(false);
  });
});

describe('event= filters say nothing of an event the caller may not read', () => {
  it('venues, organizers, categories and tags of a draft event are empty for anonymous users', async () => {
    const server = await startTestServer();
    const venue = await createId(server, 'venues', { venue: 'Public Hall' });
    const organizer = await createId(server, 'organizers', { organizer: 'Public Org' });
    const category = await createId(server, 'categories', { name: 'Secret plans' });
    const tag = await createId(server, 'tags', { name: 'surprise' });
    const draft = await createEvent(server, {
      status: 'draft',
      venue,
      organizer: [organizer],
      categories: [category],
      tags: [tag],
    });
    const subscriber = await server.userWith('subscriber');
    const checks: Array<[string, string, Record<string, string | number>]> = [
      ['venues', 'venues', { event: draft.id }],
      ['organizers', 'organizers', { event: draft.id }],
      ['categories', 'categories', { event: draft.id, hide_empty: 'false' }],
      ['categories', 'categories', { post: draft.id, hide_empty: 'false' }],
      ['tags', 'tags', { event: draft.id, hide_empty: 'false' }],
    ];
    for (const [path, key, query] of checks) {
      for (const auth of [undefined, subscriber.auth]) {
        const res = await server.call('GET', `${NS}/${path}`, { auth, query });
        expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(200);
        expect(res.body[key], `${path} ${JSON.stringify(query)}`).toEqual([]);
        expect(res.body.total).toBe(0);
      }
      const asAdmin = await server.call('GET', `${NS}/${path}`, { auth: server.admin, query });
      expect((asAdmin.body[key] as unknown[]).length, path).toBe(1);
    }
    // A page past the end answers as for an event without links.
    const second = await server.call('GET', `${NS}/categories`, {
      query: { event: draft.id, hide_empty: 'false', page: 2 },
    });
    expect(second.status).toBe(404);
  });
});
