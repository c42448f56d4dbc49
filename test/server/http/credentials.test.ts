/**
 * Credentials: a changed password ends the user's other sessions, changing one's own password
 * asks for the current one, sessions per user are capped, there is always an administrator even
 * when changes race, and racing renames onto one login give a 400.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SESSIONS_PER_USER } from '../../../server/auth/service.js';
import { basic, startTestServer, type TestServer } from '../../helpers/server.js';

const ADMIN_API = '/api/calendar/admin/v1';

async function signIn(server: TestServer, login: string, password: string): Promise<string> {
  const res = await server.call('POST', `${ADMIN_API}/sessions`, { body: { login, password } });
  expect(res.status, res.text).toBe(201);
  return `Bearer ${res.body.token as string}`;
}

const me = async (server: TestServer, auth: string) =>
  (await server.call('GET', `${ADMIN_API}/me`, { auth })).status;

describe('a changed password', () => {
  it('set by an administrator ends every session of the user; application passwords stay', async () => {
    const server = await startTestServer();
    const user = await server.userWith('editor', 'eve');
    const phone = await signIn(server, 'eve', 'eve-password');
    const laptop = await signIn(server, 'eve', 'eve-password');
    const app = await server.call('POST', `${ADMIN_API}/users/${user.id}/application-passwords`, {
      auth: user.auth,
      body: { name: 'script' },
    });
    const other = await server.userWith('editor', 'olga');
    const olga = await signIn(server, 'olga', 'olga-password');

    const res = await server.call('PATCH', `${ADMIN_API}/users/${user.id}`, {
      auth: server.admin,
      body: { password: 'eve-new-password' },
    });
    expect(res.status).toBe(200);
    expect(await me(server, phone)).toBe(401);
    expect(await me(server, laptop)).toBe(401);
    expect(await me(server, user.auth)).toBe(401);
    expect(await me(server, basic('eve', 'eve-new-password'))).toBe(200);
    expect(await me(server, basic('eve', app.body.password as string))).toBe(200);
    // Nobody else is signed out.
    expect(await me(server, olga)).toBe(200);
    expect(await me(server, other.auth)).toBe(200);
  });

  it('set by users themselves needs the current one and keeps only the session they use', async () => {
    const server = await startTestServer();
    const user = await server.userWith('author', 'sam');
    const here = await signIn(server, 'sam', 'sam-password');
    const elsewhere = await signIn(server, 'sam', 'sam-password');
    const change = (body: Record<string, string>, auth = here) =>
      server.call('PATCH', `${ADMIN_API}/users/${user.id}`, { auth, body });

    const missing = await change({ password: 'sam-new-password' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { current_password: expect.stringContaining('current_password') } },
    });
    const wrong = await change({ password: 'sam-new-password', current_password: 'guess-1234' });
    expect(wrong.status).toBe(400);
    expect(Object.keys((wrong.body.data as { params: object }).params)).toEqual([
      'current_password',
    ]);
    expect(await me(server, basic('sam', 'sam-password'))).toBe(200);
    expect(await me(server, elsewhere)).toBe(200);

    const ok = await change({ password: 'sam-new-password', current_password: 'sam-password' });
    expect(ok.status).toBe(200);
    expect(await me(server, here)).toBe(200);
    expect(await me(server, elsewhere)).toBe(401);
    expect(await me(server, basic('sam', 'sam-new-password'))).toBe(200);

    // With Basic credentials no session is the one in use: all of them end.
    const later = await signIn(server, 'sam', 'sam-new-password');
    const again = await change(
      { password: 'sam-third-password', current_password: 'sam-new-password' },
      basic('sam', 'sam-new-password'),
    );
    expect(again.status).toBe(200);
    expect(await me(server, later)).toBe(401);
    expect(await me(server, here)).toBe(401);
    // Other changes need no password and end nothing.
    const renamed = await change({ display_name: 'Sam' }, basic('sam', 'sam-third-password'));
    expect(renamed.status).toBe(200);
  });

  it('counts wrong current passwords as failed sign-ins (a stolen session cannot guess freely)', async () => {
    const server = await startTestServer();
    const user = await server.userWith('author', 'tom');
    const session = await signIn(server, 'tom', 'tom-password');
    for (let i = 0; i < 3; i++) {
      const res = await server.call('PATCH', `${ADMIN_API}/users/${user.id}`, {
        auth: session,
        body: { password: 'tom-new-password', current_password: `guess-${i}` },
      });
      expect(res.status).toBe(400);
    }
    expect(await server.services.auth.failureCount('127.0.0.1', 'tom')).toBe(3);
  });
});

describe('sessions', () => {
  it(`are capped at ${MAX_SESSIONS_PER_USER} per user: signing in again ends the oldest`, async () => {
    const server = await startTestServer();
    await server.userWith('subscriber', 'many');
    const tokens: string[] = [];
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 2; i++)
      tokens.push(await signIn(server, 'many', 'many-password'));
    const statuses = [];
    for (const token of tokens) statuses.push(await me(server, token));
    expect(statuses).toEqual([
      401,
      401,
      ...Array.from({ length: MAX_SESSIONS_PER_USER }, () => 200),
    ]);
    // Other users' sessions do not count.
    const admin = await signIn(server, 'admin', 'admin-password-1');
    expect(await me(server, admin)).toBe(200);
    expect(await me(server, tokens.at(-1)!)).toBe(200);
  });
});

describe('the last administrator', () => {
  it('survives demotions racing each other (each with a password change to hash)', async () => {
    const server = await startTestServer();
    const second = await server.userWith('administrator', 'second');
    const third = await server.userWith('administrator', 'third');
    const first = (await server.call('GET', `${ADMIN_API}/me`, { auth: server.admin })).body
      .id as number;
    const demote = (id: number, auth: string) =>
      server.call('PATCH', `${ADMIN_API}/users/${id}`, {
        auth,
        body: { role: 'editor', password: `demoted-password-${id}` },
      });
    const answers = await Promise.all([
      demote(first, second.auth),
      demote(second.id, third.auth),
      demote(third.id, server.admin),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 400]);
    expect(answers.find((a) => a.status === 400)!.body.code).toBe('almanac_last_administrator');
    const [users] = await server.sql<{ n: number | string }>(
      `SELECT count(*) AS n FROM users WHERE role = 'administrator'`,
    );
    expect(Number(users!.n)).toBe(1);
  });

  it('survives deletions and demotions racing each other', async () => {
    const server = await startTestServer();
    const a = await server.userWith('administrator', 'a-admin');
    const b = await server.userWith('administrator', 'b-admin');
    const first = (await server.call('GET', `${ADMIN_API}/me`, { auth: server.admin })).body
      .id as number;
    const answers = await Promise.all([
      server.call('DELETE', `${ADMIN_API}/users/${a.id}`, { auth: b.auth }),
      server.call('DELETE', `${ADMIN_API}/users/${b.id}`, { auth: server.admin }),
      server.call('PATCH', `${ADMIN_API}/users/${first}`, {
        auth: a.auth,
        body: { role: 'author', password: 'author-password-1' },
      }),
    ]);
    expect(answers.filter((x) => x.status === 400)).toHaveLength(1);
    const [admins] = await server.sql<{ n: number | string }>(
      `SELECT count(*) AS n FROM users WHERE role = 'administrator'`,
    );
    expect(Number(admins!.n)).toBe(1);
  });
});

describe('racing renames onto one login', () => {
  it('give one 200 and 400s, never a 500', async () => {
    const server = await startTestServer();
    const users = await Promise.all(
      ['r1', 'r2', 'r3', 'r4'].map((login) => server.userWith('author', login)),
    );
    const answers = await Promise.all(
      users.map((user, i) =>
        server.call('PATCH', `${ADMIN_API}/users/${user.id}`, {
          auth: server.admin,
          // A password to hash keeps each request waiting between its check and its write.
          body: { login: 'wanted', password: `renamed-password-${i}` },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400))
      expect(refused.body.data).toMatchObject({ params: { login: expect.any(String) } });
    const created = await Promise.all(
      [1, 2, 3].map(() =>
        server.call('POST', `${ADMIN_API}/users`, {
          auth: server.admin,
          body: { login: 'fresh', password: 'fresh-password', role: 'author' },
        }),
      ),
    );
    expect(created.map((a) => a.status).sort()).toEqual([201, 400, 400]);
  });
});
