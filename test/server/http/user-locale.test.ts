/**
 * A user's console language (`locale`): empty until chosen, set by users on their own profile
 * without their password, kept across sessions, and refused outside '', en and fr.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../helpers/server.js';

const ADMIN_API = '/api/calendar/admin/v1';

describe('a user’s console language', () => {
  it('is empty until chosen, then saved on the user’s own profile and shown by /me', async () => {
    const server = await startTestServer();
    const eve = await server.userWith('author', 'eve');
    const before = await server.call('GET', `${ADMIN_API}/me`, { auth: eve.auth });
    expect(before.status).toBe(200);
    expect(before.body.locale).toBe('');

    const saved = await server.call('PATCH', `${ADMIN_API}/users/${eve.id}`, {
      auth: eve.auth,
      body: { locale: 'fr' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ id: eve.id, login: 'eve', role: 'author', locale: 'fr' });

    const session = await server.call('POST', `${ADMIN_API}/sessions`, {
      body: { login: 'eve', password: 'eve-password' },
    });
    expect(session.status).toBe(201);
    expect((session.body.user as { locale: string }).locale).toBe('fr');
    const after = await server.call('GET', `${ADMIN_API}/me`, {
      auth: `Bearer ${session.body.token as string}`,
    });
    expect(after.body.locale).toBe('fr');

    const cleared = await server.call('PATCH', `${ADMIN_API}/users/${eve.id}`, {
      auth: eve.auth,
      body: { locale: '' },
    });
    expect(cleared.body.locale).toBe('');
  });

  it('is refused outside the console’s languages, and only its owner or an administrator sets it', async () => {
    const server = await startTestServer();
    const eve = await server.userWith('author', 'eve');
    const olga = await server.userWith('editor', 'olga');
    const bad = await server.call('PATCH', `${ADMIN_API}/users/${eve.id}`, {
      auth: eve.auth,
      body: { locale: 'de' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
    expect(Object.keys((bad.body.data as { params: object }).params)).toEqual(['locale']);

    const other = await server.call('PATCH', `${ADMIN_API}/users/${eve.id}`, {
      auth: olga.auth,
      body: { locale: 'fr' },
    });
    expect(other.status).toBe(403);

    const byAdmin = await server.call('PATCH', `${ADMIN_API}/users/${eve.id}`, {
      auth: server.admin,
      body: { locale: 'en' },
    });
    expect(byAdmin.body.locale).toBe('en');
    const [stored] = await server.sql<{ locale: string }>(
      'SELECT locale FROM users WHERE id = ?',
      eve.id,
    );
    expect(stored?.locale).toBe('en');
  });
});
