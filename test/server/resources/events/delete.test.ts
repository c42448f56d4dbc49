import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { EVENTS } from './helpers.js';
import { createEvent } from '../../../helpers/fixtures.js';

describe('DELETE /events/{id}', () => {
  it('moves the event to the trash and answers with it', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, { slug: 'to-trash' });
    const response = await server.call('DELETE', `${EVENTS}/${event.id}`, {
      auth: server.admin,
      query: { force: 'true' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: event.id,
      status: 'trash',
      slug: 'to-trash__trashed',
    });
    expect(response.body).not.toHaveProperty('json_ld');
    const meta = await server.sql(
      'SELECT previous_status, previous_slug FROM trash_meta WHERE post_id = ?',
      event.id,
    );
    expect(meta).toEqual([{ previous_status: 'publish', previous_slug: 'to-trash' }]);
  });

  it('answers 410 when the event is already in the trash', async () => {
    const server = await startTestServer();
    const event = await createEvent(server);
    await server.call('DELETE', `${EVENTS}/${event.id}`, { auth: server.admin });
    const again = await server.call('DELETE', `${EVENTS}/${event.id}`, { auth: server.admin });
    expect(again.status).toBe(410);
    expect(again.body).toEqual({
      code: 'event-is-in-trash',
      message: 'The event is already trashed',
      data: { status: 410 },
    });
  });

  it('checks the capability before answering 404 for unknown ids', async () => {
    const server = await startTestServer();
    expect((await server.call('DELETE', `${EVENTS}/23`)).status).toBe(401);
    const missing = await server.call('DELETE', `${EVENTS}/23`, { auth: server.admin });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('rest-event-not-found');
  });

  it('lets owners delete their own drafts only', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    const editor = await server.userWith('editor');
    const adminEvent = await createEvent(server);
    const own = await createEvent(server, { status: 'draft' }, contributor.auth);
    const del = (id: number, auth?: string) => server.call('DELETE', `${EVENTS}/${id}`, { auth });
    expect((await del(adminEvent.id)).status).toBe(401);
    expect((await del(adminEvent.id, contributor.auth)).status).toBe(403);
    expect((await del(own.id, contributor.auth)).status).toBe(200);
    expect((await del(adminEvent.id, editor.auth)).status).toBe(200);
  });

  it('trashes by slug, checking the permission on the event itself', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    await createEvent(server, { slug: 'admins' });
    const denied = await server.call('DELETE', `${EVENTS}/by-slug/admins`, {
      auth: contributor.auth,
    });
    expect(denied.status).toBe(403);
    const done = await server.call('DELETE', `${EVENTS}/by-slug/admins`, { auth: server.admin });
    expect(done.body).toMatchObject({ status: 'trash', slug: 'admins__trashed' });
    expect(
      (await server.call('DELETE', `${EVENTS}/by-slug/admins`, { auth: server.admin })).status,
    ).toBe(400);
  });

  it('restores a trashed event when an update sets another status', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, { slug: 'comeback', status: 'draft' });
    await server.call('DELETE', `${EVENTS}/${event.id}`, { auth: server.admin });
    const untouched = await server.call('POST', `${EVENTS}/${event.id}`, {
      auth: server.admin,
      body: { title: 'Still trashed' },
    });
    expect(untouched.body).toMatchObject({ status: 'trash', slug: 'comeback__trashed' });
    const restored = await server.call('POST', `${EVENTS}/${event.id}`, {
      auth: server.admin,
      body: { status: 'publish' },
    });
    expect(restored.body).toMatchObject({ status: 'publish', slug: 'comeback' });
    expect(await server.sql('SELECT 1 FROM trash_meta WHERE post_id = ?', event.id)).toEqual([]);
  });
});
