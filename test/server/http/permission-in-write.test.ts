/**
 * Permission is checked again inside the write transaction, on the row as it is then
 * (server/http/dispatch.ts). Each test lets the route's own checks pass, then changes the row's
 * author or status just before the write transaction starts (as another request or process could
 * in the loop turn between them, group-commit.ts), and expects the write refused and nothing
 * changed.
 */
import { describe, expect, it } from 'vitest';
import { createEvent, createId } from '../../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { pngBytes, upload } from '../resources/media/helpers.js';

const NS = '/api/calendar/events/v1';
const ADMIN = '/api/calendar/admin/v1';

/**
 * Runs `change` just before the next unit of work of the storage ports starts (storage.write),
 * after every check the route made outside it, as a commit by another request, process or node
 * would land in between. Through the storage, so the same on either engine.
 */
function changeBeforeWrite(
  server: TestServer,
  change: () => Promise<unknown>,
): { ran: () => boolean } {
  const storage = server.services.storage;
  const write = storage.write;
  let ran = false;
  storage.write = (async (body) => {
    if (!ran) {
      ran = true;
      storage.write = write;
      await change();
    }
    return write.call(storage, body);
  }) as typeof write;
  return { ran: () => ran };
}

const sql = (server: TestServer, text: string, ...args: unknown[]) => server.sql(text, ...args);

describe('permission inside the write transaction', () => {
  it('refuses an author whose event was given to someone else after the check', async () => {
    const server = await startTestServer();
    const author = await server.userWith('author', 'writer');
    const other = await server.userWith('author', 'other');
    const event = await createEvent(server, { title: 'Mine' }, author.auth);
    const spy = changeBeforeWrite(server, () =>
      sql(server, 'UPDATE events SET author = ? WHERE id = ?', other.id, event.id),
    );
    const res = await server.call('PATCH', `${NS}/events/${event.id}`, {
      auth: author.auth,
      body: { title: 'Changed' },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('rest_forbidden');
    expect(spy.ran()).toBe(true);
    const read = await server.call('GET', `${NS}/events/${event.id}`);
    expect(read.body.title).toBe('Mine');
  });

  it('refuses a contributor whose draft was published after the check', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor', 'helper');
    const draft = await createEvent(server, { title: 'Draft' }, contributor.auth);
    expect(draft.status).toBe('draft');
    changeBeforeWrite(server, () =>
      sql(server, "UPDATE events SET status = 'publish' WHERE id = ?", draft.id),
    );
    const res = await server.call('DELETE', `${NS}/events/${draft.id}`, {
      auth: contributor.auth,
    });
    expect(res.status).toBe(403);
    const read = await server.call('GET', `${NS}/events/${draft.id}`);
    expect(read.body.status).toBe('publish');
  });

  it('refuses an author whose venue was given to someone else after the check', async () => {
    const server = await startTestServer();
    const author = await server.userWith('author', 'writer');
    const other = await server.userWith('author', 'other');
    const venue = await createId(server, 'venues', { venue: 'Hall' }, author.auth);
    changeBeforeWrite(server, () =>
      sql(server, 'UPDATE venues SET author = ? WHERE id = ?', other.id, venue),
    );
    const res = await server.call('PATCH', `${NS}/venues/${venue}`, {
      auth: author.auth,
      body: { venue: 'Other hall' },
    });
    expect(res.status).toBe(403);
    expect((await server.call('GET', `${NS}/venues/${venue}`)).body.venue).toBe('Hall');
  });

  it('refuses an author whose organizer was given to someone else after the check', async () => {
    const server = await startTestServer();
    const author = await server.userWith('author', 'writer');
    const other = await server.userWith('author', 'other');
    const organizer = await createId(server, 'organizers', { organizer: 'Band' }, author.auth);
    const spy = changeBeforeWrite(server, () =>
      sql(server, 'UPDATE organizers SET author = ? WHERE id = ?', other.id, organizer),
    );
    const res = await server.call('DELETE', `${NS}/organizers/${organizer}`, {
      auth: author.auth,
    });
    expect(res.status).toBe(403);
    expect(spy.ran()).toBe(true);
    expect((await server.call('GET', `${NS}/organizers/${organizer}`)).body.status).toBe('publish');
  });

  it('refuses an author whose media item was given to someone else after the check', async () => {
    const server = await startTestServer();
    const author = await server.userWith('author', 'writer');
    const other = await server.userWith('author', 'other');
    const uploaded = await upload(`${server.url}${ADMIN}/media`, author.auth, pngBytes(2, 2));
    expect(uploaded.status).toBe(201);
    const id = uploaded.body.id as number;
    const spy = changeBeforeWrite(server, () =>
      sql(server, 'UPDATE media SET author = ? WHERE id = ?', other.id, id),
    );
    const res = await server.call('DELETE', `${ADMIN}/media/${id}`, { auth: author.auth });
    expect(res.status).toBe(403);
    expect(spy.ran()).toBe(true);
    const admin = await server.userWith('administrator', 'boss');
    expect((await server.call('GET', `${ADMIN}/media/${id}`, { auth: admin.auth })).status).toBe(
      200,
    );
  });

  it('refuses a contributor whose trashed venue was given to someone else after the check', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor', 'helper');
    const other = await server.userWith('contributor', 'other');
    const venue = await createId(server, 'venues', { venue: 'Shed' }, contributor.auth);
    expect(
      (await server.call('DELETE', `${NS}/venues/${venue}`, { auth: contributor.auth })).status,
    ).toBe(200);
    const spy = changeBeforeWrite(server, () =>
      sql(server, 'UPDATE venues SET author = ? WHERE id = ?', other.id, venue),
    );
    const res = await server.call('POST', `${ADMIN}/trash/${venue}/restore`, {
      auth: contributor.auth,
    });
    expect(res.status).toBe(403);
    expect(spy.ran()).toBe(true);
    const admin = await server.userWith('administrator', 'boss');
    const trash = await server.call('GET', `${ADMIN}/trash`, { auth: admin.auth });
    expect((trash.body.items as { id: number }[]).map((item) => item.id)).toEqual([venue]);
  });

  it('refuses to delete for good a trashed event published again after the check', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor', 'helper');
    const draft = await createEvent(server, { title: 'Draft' }, contributor.auth);
    expect(
      (await server.call('DELETE', `${NS}/events/${draft.id}`, { auth: contributor.auth })).status,
    ).toBe(200);
    // A contributor deletes only what was never published: the status it had before the trash.
    const spy = changeBeforeWrite(server, () =>
      sql(server, "UPDATE trash_meta SET previous_status = 'publish' WHERE post_id = ?", draft.id),
    );
    const res = await server.call('DELETE', `${ADMIN}/trash/${draft.id}`, {
      auth: contributor.auth,
    });
    expect(res.status).toBe(403);
    expect(spy.ran()).toBe(true);
    const admin = await server.userWith('administrator', 'boss');
    const trash = await server.call('GET', `${ADMIN}/trash`, { auth: admin.auth });
    expect((trash.body.items as { id: number }[]).map((item) => item.id)).toEqual([draft.id]);
  });

  it('lets the write through when the row still allows it', async () => {
    const server = await startTestServer();
    const author = await server.userWith('author', 'writer');
    const event = await createEvent(server, { title: 'Mine' }, author.auth);
    const spy = changeBeforeWrite(server, () =>
      sql(server, "UPDATE events SET excerpt = 'x' WHERE id = ?", event.id),
    );
    const res = await server.call('PATCH', `${NS}/events/${event.id}`, {
      auth: author.auth,
      body: { title: 'Changed' },
    });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Changed');
    expect(spy.ran()).toBe(true);
  });
});
