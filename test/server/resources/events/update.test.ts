import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { EVENTS } from './helpers.js';
import { createEvent } from '../../../helpers/fixtures.js';

describe('updating events', () => {
  it('merges: omitted fields keep their values, empty ones clear them', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, {
      description: 'Kept',
      cost: '20$',
      website: 'http://example.com',
      featured: true,
      show_map: true,
      all_day: true,
      timezone: 'Europe/Rome',
      categories: 'cat1',
    });
    const renamed = await server.call('PATCH', `${EVENTS}/${event.id}`, {
      auth: server.admin,
      body: { title: 'Renamed' },
    });
    expect(renamed.status).toBe(200);
    const { title, modified, modified_utc, ...rest } = renamed.body;
    const { title: _t, modified: _m, modified_utc: _mu, ...before } = event;
    expect(title).toBe('Renamed');
    expect(rest).toEqual(before);
    expect([modified, modified_utc]).toEqual(['2026-06-15 12:00:00', '2026-06-15 12:00:00']);

    const cleared = await server.call('PUT', `${EVENTS}/${event.id}`, {
      auth: server.admin,
      body: { cost: '', website: '', categories: '', description: '', featured: false },
    });
    expect(cleared.body).toMatchObject({
      cost: '',
      website: '',
      categories: [],
      description: '',
      featured: false,
      show_map: true,
    });
  });

  it('updates the fields the reference tests update', async () => {
    const server = await startTestServer({ settings: { timezone: 'America/New_York' } });
    const editor = await server.userWith('editor');
    const event = await createEvent(server);
    const response = await server.call('POST', `${EVENTS}/${event.id}`, {
      auth: server.admin,
      body: {
        title: 'New title',
        description: 'New description',
        excerpt: 'New excerpt',
        slug: 'an-interesting-event',
        start_date: 'tomorrow 10am',
        end_date: 'tomorrow 11am',
        author: editor.id,
        date: '2026-06-01 08:00:00',
        cost: ['0$', '20$', '30$'],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      title: 'New title',
      description: '<p>New description</p>',
      excerpt: '<p>New excerpt</p>',
      slug: 'an-interesting-event',
      start_date: '2026-06-16 10:00:00',
      utc_start_date: '2026-06-16 14:00:00',
      end_date: '2026-06-16 11:00:00',
      author: String(editor.id),
      date: '2026-06-01 08:00:00',
      date_utc: '2026-06-01 12:00:00',
      cost: 'Free – 30$',
      cost_details: { values: ['0', '20', '30'] },
    });
  });

  it('validates before checking permissions, and reports 404 after', async () => {
    const server = await startTestServer();
    const event = await createEvent(server);
    const bad = await server.call('POST', `${EVENTS}/${event.id}`, {
      body: { date: 'foo', website: 'foo' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body.data as { params: object }).params).sort()).toEqual([
      'date',
      'website',
    ]);
    const author = await server.call('POST', `${EVENTS}/${event.id}`, { body: { author: 23 } });
    expect(author.status).toBe(400);
    expect(author.body.data).toMatchObject({ params: { author: expect.any(String) } });
    expect(
      (await server.call('POST', `${EVENTS}/${event.id}`, { body: { title: 'x' } })).status,
    ).toBe(401);
    const missing = await server.call('POST', `${EVENTS}/2389`, {
      auth: server.admin,
      body: { title: 'x' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('rest-event-not-found');
  });

  it('applies the object-level permissions of the reference', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    const author = await server.userWith('author');
    const editor = await server.userWith('editor');
    const adminEvent = await createEvent(server);
    const ownDraft = await createEvent(server, { status: 'draft' }, contributor.auth);
    const put = (id: number, auth: string | undefined, body: object = { title: 'Changed' }) =>
      server.call('PUT', `${EVENTS}/${id}`, { auth, body });
    expect((await put(adminEvent.id, contributor.auth)).status).toBe(403);
    expect((await put(ownDraft.id, undefined)).status).toBe(401);
    expect((await put(ownDraft.id, contributor.auth)).status).toBe(200);
    expect((await put(ownDraft.id, contributor.auth, { status: 'publish' })).body.status).toBe(
      'pending',
    );
    expect((await put(adminEvent.id, editor.auth)).status).toBe(200);
    const authorsEvent = await createEvent(server, {}, author.auth);
    expect(
      (await put(authorsEvent.id, author.auth, { featured: true, sticky: true })).body,
    ).toMatchObject({
      featured: true,
      sticky: true,
    });
    // A contributor's own event, once published by an editor, is no longer theirs to change.
    await put(ownDraft.id, editor.auth, { status: 'publish' });
    expect((await put(ownDraft.id, contributor.auth)).status).toBe(403);
  });

  it('updates by slug with the permission of the event itself', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    await createEvent(server, { slug: 'by-slug' });
    const denied = await server.call('PATCH', `${EVENTS}/by-slug/by-slug`, {
      auth: contributor.auth,
      body: { title: 'Mine now' },
    });
    expect(denied.status).toBe(403);
    const ok = await server.call('PATCH', `${EVENTS}/by-slug/by-slug`, {
      auth: server.admin,
      body: { title: 'Renamed by slug' },
    });
    expect(ok.body).toMatchObject({ title: 'Renamed by slug', slug: 'by-slug', status: 'publish' });
    const unknown = await server.call('PATCH', `${EVENTS}/by-slug/nope`, {
      auth: server.admin,
      body: { title: 'x' },
    });
    expect(unknown.status).toBe(400);
  });

  it('gives a draft its slug when it is published', async () => {
    const server = await startTestServer();
    const draft = await createEvent(server, { title: 'Draft Party', status: 'draft' });
    expect(draft.slug).toBe('');
    const published = await server.call('POST', `${EVENTS}/${draft.id}`, {
      auth: server.admin,
      body: { status: 'publish' },
    });
    expect(published.body).toMatchObject({ status: 'publish', slug: 'draft-party' });
    expect(published.body.url).toMatch(/\/event\/draft-party\/$/);
  });

  it('allows clearing the image on update but not sending an empty one on create', async () => {
    const server = await startTestServer();
    const created = await server.call('POST', EVENTS, {
      auth: server.admin,
      body: { title: 'x', start_date: '2026-07-01', end_date: '2026-07-01', image: '' },
    });
    expect(created.status).toBe(400);
    const event = await createEvent(server);
    const cleared = await server.call('POST', `${EVENTS}/${event.id}`, {
      auth: server.admin,
      body: { image: '' },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.image).toBe(false);
  });
});
