/**
 * The admin namespace's answers against the wire shapes the console types itself with
 * (shared/schemas/wire/admin.ts): real responses parse, lose no key and keep their key order.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ADMIN, startTestServer } from '../../helpers/server.js';
import {
  appPassword,
  mediaArchive,
  mediaItem,
  network,
  newAppPassword,
  restored,
  session,
  settingsAnswer,
  trashPage,
  user,
  userArchive,
} from '../../../shared/schemas/wire/index.js';

const ADMIN_NS = '/api/calendar/admin/v1';
const EVENTS = '/api/calendar/events/v1/events';

function expectShape(schema: z.ZodType, body: unknown, what: string) {
  const parsed = schema.safeParse(body);
  expect(parsed.error?.issues ?? [], what).toEqual([]);
  expect(JSON.stringify(parsed.data), what).toBe(JSON.stringify(body));
}

describe('admin answers against their wire shapes', () => {
  it('users, sessions and application passwords', async () => {
    const server = await startTestServer();
    const signIn = await server.call('POST', `${ADMIN_NS}/sessions`, { body: ADMIN });
    expect(signIn.status).toBe(201);
    expectShape(session, signIn.json, 'session');
    expectShape(
      user,
      (await server.call('GET', `${ADMIN_NS}/me`, { auth: server.admin })).json,
      'me',
    );
    const users = await server.call('GET', `${ADMIN_NS}/users`, { auth: server.admin });
    expectShape(userArchive, users.json, 'users');
    const id = (signIn.body.user as { id: number }).id;
    const passwords = `${ADMIN_NS}/users/${id}/application-passwords`;
    const created = await server.call('POST', passwords, {
      auth: server.admin,
      body: { name: 'Phone' },
    });
    expect(created.status).toBe(201);
    expectShape(newAppPassword, created.json, 'new application password');
    const listed = await server.call('GET', passwords, { auth: server.admin });
    expect(listed.json).toHaveLength(1);
    expectShape(appPassword, (listed.json as unknown[])[0], 'application password');
  });

  it('settings and network', async () => {
    const server = await startTestServer();
    const read = await server.call('GET', `${ADMIN_NS}/settings`, { auth: server.admin });
    expectShape(settingsAnswer, read.json, 'settings');
    const changed = await server.call('PATCH', `${ADMIN_NS}/settings`, {
      auth: server.admin,
      body: { currency_symbol: '€', cors_origins: 'https://example.org' },
    });
    expect(changed.status).toBe(200);
    expectShape(settingsAnswer, changed.json, 'changed settings');
    const net = await server.call('GET', `${ADMIN_NS}/network`, { auth: server.admin });
    expectShape(network, net.json, 'network');
  });

  it('media and trash', async () => {
    const server = await startTestServer();
    const added = await server.call('POST', `${ADMIN_NS}/media`, {
      auth: server.admin,
      body: { url: 'https://images.example.org/poster.png' },
    });
    expect(added.status, added.text).toBe(201);
    expectShape(mediaItem, added.json, 'media item');
    const media = await server.call('GET', `${ADMIN_NS}/media`, { auth: server.admin });
    expectShape(mediaArchive, media.json, 'media');

    const event = await server.call('POST', EVENTS, {
      auth: server.admin,
      body: { title: 'Gone', start_date: '2026-07-01 10:00', end_date: '2026-07-01 11:00' },
    });
    expect(event.status).toBe(201);
    await server.call('DELETE', `${EVENTS}/${event.body.id as number}`, { auth: server.admin });
    const trash = await server.call('GET', `${ADMIN_NS}/trash`, { auth: server.admin });
    expect((trash.body.items as unknown[]).length).toBe(1);
    expectShape(trashPage, trash.json, 'trash');
    const back = await server.call('POST', `${ADMIN_NS}/trash/${event.body.id as number}/restore`, {
      auth: server.admin,
    });
    expect(back.status).toBe(200);
    expectShape(restored, back.json, 'restored');
  });
});
