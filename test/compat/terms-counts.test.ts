/**
 * Term `count` follows the events (published events only) and term creates send a Location
 * header (docs/contract/compat-notes.md §1.6, §3.5, §7.1).
 */
import { expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';

const NS = '/api/calendar/events/v1';

it('count follows publish, unpublish, term removal and re-assignment', async () => {
  const server = await startTestServer();
  const made = await server.call('POST', `${NS}/tags`, {
    auth: server.admin,
    body: { name: 'Jazz' },
  });
  expect(made.status).toBe(201);
  expect(made.headers.get('location')).toBe(`${server.url}${NS}/tags/${made.body.id as number}`);
  const tag = made.body.id as number;
  const count = async () => (await server.call('GET', `${NS}/tags/${tag}`)).body.count;
  const e = await server.call('POST', `${NS}/events`, {
    auth: server.admin,
    body: {
      title: 'E',
      start_date: '2026-07-01 10:00:00',
      end_date: '2026-07-01 11:00:00',
      tags: [tag],
    },
  });
  expect(e.status).toBe(201);
  const id = e.body.id as number;
  expect(await count()).toBe(1);
  await server.call('POST', `${NS}/events/${id}`, {
    auth: server.admin,
    body: { status: 'draft' },
  });
  expect(await count()).toBe(0);
  await server.call('POST', `${NS}/events/${id}`, {
    auth: server.admin,
    body: { status: 'publish' },
  });
  expect(await count()).toBe(1);
  await server.call('POST', `${NS}/events/${id}`, { auth: server.admin, body: { tags: [] } });
  expect(await count()).toBe(0);
  await server.call('POST', `${NS}/events/${id}`, { auth: server.admin, body: { tags: 'jazz' } });
  expect(await count()).toBe(1);
  const listed = await server.call('GET', `${NS}/tags`);
  expect((listed.body.tags as Array<{ id: number; count: number }>)[0]).toMatchObject({
    id: tag,
    count: 1,
  });
});

it('editors list venues by a status array', async () => {
  const server = await startTestServer();
  for (const status of ['publish', 'draft', 'pending']) {
    const res = await server.call('POST', `${NS}/venues`, {
      auth: server.admin,
      body: { venue: status, status },
    });
    expect(res.status).toBe(201);
  }
  const editor = await server.userWith('editor');
  const res = await server.call('GET', `${NS}/venues`, {
    auth: editor.auth,
    query: { status: ['publish', 'draft', 'pending'] },
  });
  expect(res.body.total).toBe(3);
  const two = await server.call('GET', `${NS}/venues`, {
    auth: editor.auth,
    query: { status: 'draft' },
  });
  expect(two.body.total).toBe(1);
});
