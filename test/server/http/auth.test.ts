import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../server/clock.js';
import { ADMIN, basic, startTestServer } from '../../helpers/server.js';

const ADMIN_API = '/api/calendar/admin/v1';

describe('authentication', () => {
  it('accepts Basic auth with the account password', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', `${ADMIN_API}/me`, {
      auth: basic(ADMIN.login, ADMIN.password),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ login: 'admin', role: 'administrator' });
    expect(JSON.stringify(res.json)).not.toMatch(/password|hash/i);
  });

  it('authenticates a user created through the admin API', async () => {
    const server = await startTestServer();
    const created = await server.call('POST', `${ADMIN_API}/users`, {
      auth: server.admin,
      body: {
        login: 'edith',
        password: 'edith-password',
        role: 'editor',
        email: 'edith@example.org',
      },
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual([
      'id',
      'login',
      'email',
      'display_name',
      'role',
      'locale',
      'registered_utc',
      'modified_utc',
    ]);
    const me = await server.call('GET', `${ADMIN_API}/me`, {
      auth: basic('edith', 'edith-password'),
    });
    expect(me.body).toMatchObject({ login: 'edith', role: 'editor', email: 'edith@example.org' });
  });

  it('refuses a wrong password and an unknown login with the same 401', async () => {
    const server = await startTestServer();
    const wrong = await server.call('GET', `${ADMIN_API}/me`, { auth: basic('admin', 'nope') });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'incorrect_password', data: { status: 401 } });
    const unknown = await server.call('GET', `${ADMIN_API}/me`, {
      auth: basic('ghost', 'whatever'),
    });
    expect(unknown.status).toBe(401);
    // Whether a login exists is not for anonymous callers to learn.
    expect(unknown.json).toEqual(wrong.json);
    const scheme = await server.call('GET', `${ADMIN_API}/me`, { auth: 'Digest abc' });
    expect(scheme.status).toBe(401);
  });

  it('accepts application passwords, shows them once, and stops accepting them when revoked', async () => {
    const server = await startTestServer();
    const { id, auth } = await server.userWith('author', 'writer');
    const created = await server.call('POST', `${ADMIN_API}/users/${id}/application-passwords`, {
      auth,
      body: { name: 'Phone' },
    });
    expect(created.status).toBe(201);
    const password = created.body.password as string;
    expect(password).toMatch(/^(\w{4} ){5}\w{4}$/);
    const list = await server.call('GET', `${ADMIN_API}/users/${id}/application-passwords`, {
      auth,
    });
    expect(list.json).toEqual([
      expect.objectContaining({ name: 'Phone', uuid: created.body.uuid }),
    ]);
    expect(list.text).not.toContain(password.slice(0, 9));

    const withApp = await server.call('GET', `${ADMIN_API}/me`, {
      auth: basic('writer', password),
    });
    expect(withApp.body.login).toBe('writer');
    const compact = await server.call('GET', `${ADMIN_API}/me`, {
      auth: basic('writer', password.replace(/ /g, '')),
    });
    expect(compact.status).toBe(200);
    // The use is shown at once; a background job stores it (reads never write).
    const used = { name: 'Phone', last_used_utc: '2026-06-15 12:00:00' };
    const listUse = async () =>
      (await server.call('GET', `${ADMIN_API}/users/${id}/application-passwords`, { auth })).json;
    await expect(listUse()).resolves.toEqual([expect.objectContaining(used)]);
    await server.services.auth.storeUse();
    expect(await listUse()).toEqual([expect.objectContaining(used)]);

    const revoked = await server.call(
      'DELETE',
      `${ADMIN_API}/users/${id}/application-passwords/${String(created.body.uuid)}`,
      { auth },
    );
    expect(revoked.status).toBe(200);
    expect(
      (await server.call('GET', `${ADMIN_API}/me`, { auth: basic('writer', password) })).status,
    ).toBe(401);
  });

  it('keeps users from managing each other’s application passwords', async () => {
    const server = await startTestServer();
    const a = await server.userWith('editor');
    const b = await server.userWith('editor');
    const res = await server.call('POST', `${ADMIN_API}/users/${b.id}/application-passwords`, {
      auth: a.auth,
      body: { name: 'x' },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('rest_forbidden');
  });

  it('opens Bearer sessions that expire and can be revoked', async () => {
    const clock = fixedClock('2026-06-15T12:00:00Z');
    const server = await startTestServer({ clock });
    const login = await server.call('POST', `${ADMIN_API}/sessions`, {
      body: { login: 'admin', password: ADMIN.password },
    });
    expect(login.status).toBe(201);
    const bearer = `Bearer ${String(login.body.token)}`;
    expect((await server.call('GET', `${ADMIN_API}/me`, { auth: bearer })).status).toBe(200);

    clock.set('2026-06-16T01:00:00Z');
    const expired = await server.call('GET', `${ADMIN_API}/me`, { auth: bearer });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('rest_invalid_token');

    const second = await server.call('POST', `${ADMIN_API}/sessions`, {
      body: { login: 'admin', password: ADMIN.password },
    });
    const token = `Bearer ${String(second.body.token)}`;
    expect(
      (await server.call('DELETE', `${ADMIN_API}/sessions/current`, { auth: token })).body,
    ).toEqual({ revoked: true });
    expect((await server.call('GET', `${ADMIN_API}/me`, { auth: token })).status).toBe(401);
  });

  it('refuses a bad sign-in and slows repeated failures from one client', async () => {
    const delays: number[] = [];
    const server = await startTestServer({ failureDelayMs: (excess) => (delays.push(excess), 1) });
    for (let i = 0; i < 5; i++) {
      const res = await server.call('POST', `${ADMIN_API}/sessions`, {
        body: { login: 'admin', password: `wrong${i}` },
      });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('invalid_credentials');
    }
    expect(await server.services.auth.failureCount('127.0.0.1', 'admin')).toBe(5);
    const ok = await server.call('POST', `${ADMIN_API}/sessions`, {
      body: { login: 'admin', password: ADMIN.password },
    });
    expect(ok.status).toBe(201);
    // The first three failures are free; each later attempt waits longer, the correct one too.
    expect(delays).toEqual([1, 2]);
    expect(await server.services.auth.failureCount('127.0.0.1', 'admin')).toBe(0);
  });
});

describe('admin users API', () => {
  it('lets only administrators list and create users', async () => {
    const server = await startTestServer();
    const editor = await server.userWith('editor');
    expect((await server.call('GET', `${ADMIN_API}/users`)).status).toBe(401);
    expect((await server.call('GET', `${ADMIN_API}/users`, { auth: editor.auth })).status).toBe(
      403,
    );
    const list = await server.call('GET', `${ADMIN_API}/users`, { auth: server.admin });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    const denied = await server.call('POST', `${ADMIN_API}/users`, {
      auth: editor.auth,
      body: { login: 'x', password: 'xxxxxxxx', role: 'administrator' },
    });
    expect(denied.status).toBe(403);
  });

  it('refuses a taken login', async () => {
    const server = await startTestServer();
    const res = await server.call('POST', `${ADMIN_API}/users`, {
      auth: server.admin,
      body: { login: 'ADMIN', password: 'whatever1', role: 'editor' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
  });

  it('updates and deletes users but never the last administrator', async () => {
    const server = await startTestServer();
    const me = await server.call('GET', `${ADMIN_API}/me`, { auth: server.admin });
    const demote = await server.call('PATCH', `${ADMIN_API}/users/${String(me.body.id)}`, {
      auth: server.admin,
      body: { role: 'editor' },
    });
    expect(demote.status).toBe(400);
    expect(demote.body.code).toBe('almanac_last_administrator');
    const user = await server.userWith('author');
    const renamed = await server.call('PUT', `${ADMIN_API}/users/${user.id}`, {
      auth: server.admin,
      body: { display_name: 'Ann Author', role: 'editor' },
    });
    expect(renamed.body).toMatchObject({ display_name: 'Ann Author', role: 'editor' });
    const deleted = await server.call('DELETE', `${ADMIN_API}/users/${user.id}`, {
      auth: server.admin,
    });
    expect(deleted.body).toMatchObject({ deleted: true });
    expect(
      (await server.call('GET', `${ADMIN_API}/users/${user.id}`, { auth: server.admin })).status,
    ).toBe(400);
    expect((await server.call('GET', `${ADMIN_API}/me`, { auth: user.auth })).status).toBe(401);
  });

  it('lets users change their own password but not their role', async () => {
    const server = await startTestServer();
    const user = await server.userWith('author', 'selfie');
    const own = await server.call('PATCH', `${ADMIN_API}/users/${user.id}`, {
      auth: user.auth,
      body: { password: 'a-new-password', current_password: 'selfie-password' },
    });
    expect(own.status).toBe(200);
    expect(
      (await server.call('GET', `${ADMIN_API}/me`, { auth: basic('selfie', 'a-new-password') }))
        .status,
    ).toBe(200);
    const promote = await server.call('PATCH', `${ADMIN_API}/users/${user.id}`, {
      auth: basic('selfie', 'a-new-password'),
      body: { role: 'administrator' },
    });
    expect(promote.status).toBe(403);
  });

  it('validates before checking permission (compat-notes §4.2)', async () => {
    const server = await startTestServer();
    const anonymous = await server.call('DELETE', `${ADMIN_API}/users/999`);
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.code).toBe('rest_invalid_param');
  });
});

describe('settings API', () => {
  it('reads and merges settings for administrators only', async () => {
    const server = await startTestServer();
    const read = await server.call('GET', `${ADMIN_API}/settings`, { auth: server.admin });
    expect(read.body).toMatchObject({
      per_page: 10,
      currency_symbol: '$',
      language: 'en',
      lan_sharing: false,
    });
    const changed = await server.call('PATCH', `${ADMIN_API}/settings`, {
      auth: server.admin,
      body: { per_page: 25, timezone: 'Europe/Paris', cors_origins: ['https://app.example.org/'] },
    });
    expect(changed.body).toMatchObject({
      per_page: 25,
      timezone: 'Europe/Paris',
      // No currency chosen: a Paris site's default is the euro.
      currency_symbol: '€',
      cors_origins: ['https://app.example.org'],
    });
    const bad = await server.call('PATCH', `${ADMIN_API}/settings`, {
      auth: server.admin,
      body: { per_page: 500, timezone: 'Nowhere/Land' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body.data as { params: object }).params)).toEqual([
      'timezone',
      'per_page',
    ]);
    const editor = await server.userWith('editor');
    expect((await server.call('GET', `${ADMIN_API}/settings`, { auth: editor.auth })).status).toBe(
      403,
    );
  });
});
