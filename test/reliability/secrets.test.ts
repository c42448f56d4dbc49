/**
 * Secrets and sessions (issue 9, item 4): no password, application password, session token or
 * stored hash ever appears in a response (other than the one that creates it) or in the log;
 * sessions expire and can be revoked; deleted users and changed roles take effect at once;
 * repeated failed sign-ins from one client are slowed down, over HTTP, with the real defaults.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { fixedClock } from '../../server/clock.js';
import { MAX_APP_PASSWORDS, SESSION_TTL_MS } from '../../server/auth/service.js';
import { clientKey } from '../../server/http/dispatch.js';
import { basic, startTestServer } from '../helpers/server.js';
import {
  ADMIN_API,
  ADMIN_LOGIN,
  EVENTS_API,
  basicAuth,
  openSide,
  rawRequest,
  spawnServer,
  tempDir,
  type RawOptions,
  type RawResponse,
  type SpawnedServer,
} from '../helpers/reliability.js';

describe('secrets never leak (the real server, logging at trace level)', () => {
  let dir: { dir: string; cleanup(): void };
  let db: string;
  let server: SpawnedServer;
  const seen: Array<{ label: string; res: RawResponse }> = [];

  beforeAll(async () => {
    dir = tempDir();
    db = join(dir.dir, 'secrets.db');
    server = await spawnServer({ db, env: { ALMANAC_LOG_LEVEL: 'trace' } });
  }, 60_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    dir?.cleanup();
  });

  const admin = basicAuth(ADMIN_LOGIN.login, ADMIN_LOGIN.password);
  async function send(label: string, method: string, path: string, options: RawOptions = {}) {
    const res = await rawRequest(server.url, method, path, {
      localAddress: '127.0.0.9',
      ...options,
    });
    seen.push({ label, res });
    return res;
  }

  it('keeps every secret out of the responses that do not create it, and out of the log', async () => {
    const secrets = new Map<string, string>([['admin password', ADMIN_LOGIN.password]]);
    const creators = new Map<string, string>();

    const alice = { login: 'alice', password: 'alice-first-password' };
    secrets.set('alice password', alice.password);
    await send('create alice', 'POST', `${ADMIN_API}/users`, {
      auth: admin,
      json: { ...alice, role: 'editor', email: 'alice@example.org' },
    });
    const aliceId = seen.at(-1)!.res.body.id as number;
    await send('alice reads herself', 'GET', `${ADMIN_API}/me`, {
      auth: basicAuth(alice.login, alice.password),
    });

    const login = await send('alice signs in', 'POST', `${ADMIN_API}/sessions`, {
      json: { login: alice.login, password: alice.password, label: 'laptop' },
    });
    const token = login.body.token as string;
    secrets.set('session token', token);
    secrets.set('session secret', token.split('.')[1]!);
    creators.set('session token', 'alice signs in');
    creators.set('session secret', 'alice signs in');
    await send('bearer call', 'GET', `${ADMIN_API}/me`, { auth: `Bearer ${token}` });

    const app = await send(
      'app password',
      'POST',
      `${ADMIN_API}/users/${aliceId}/application-passwords`,
      {
        auth: `Bearer ${token}`,
        json: { name: 'phone' },
      },
    );
    const appPassword = app.body.password as string;
    secrets.set('application password', appPassword);
    secrets.set('application password, compact', appPassword.replace(/\s+/g, ''));
    creators.set('application password', 'app password');
    creators.set('application password, compact', 'app password');
    await send('app password use', 'GET', `${ADMIN_API}/me`, {
      auth: basicAuth(alice.login, appPassword),
    });
    await send('app password list', 'GET', `${ADMIN_API}/users/${aliceId}/application-passwords`, {
      auth: admin,
    });

    const changed = 'alice-second-password';
    secrets.set('alice new password', changed);
    await send('change password', 'PATCH', `${ADMIN_API}/users/${aliceId}`, {
      auth: admin,
      json: { password: changed },
    });
    secrets.set('too short password', 'tiny-pw');
    await send('bad password', 'PATCH', `${ADMIN_API}/users/${aliceId}`, {
      auth: admin,
      json: { password: 'tiny-pw', role: 'nonsense' },
    });
    secrets.set('wrong password', 'wrong-guess-123');
    await send('wrong sign-in', 'POST', `${ADMIN_API}/sessions`, {
      json: { login: alice.login, password: 'wrong-guess-123' },
      localAddress: '127.0.0.10',
    });
    await send('wrong basic', 'GET', `${ADMIN_API}/me`, {
      auth: basicAuth(alice.login, 'wrong-guess-123'),
      localAddress: '127.0.0.10',
    });
    secrets.set('password in a query', 'query-secret-999');
    await send(
      'query password',
      'GET',
      `${ADMIN_API}/me?password=query-secret-999&token=query-secret-999`,
      {
        auth: admin,
      },
    );
    await send('users list', 'GET', `${ADMIN_API}/users`, { auth: admin });
    await send('user read', 'GET', `${ADMIN_API}/users/${aliceId}`, { auth: admin });
    await send('settings', 'GET', `${ADMIN_API}/settings`, { auth: admin });
    await send('namespace index', 'GET', `/api/calendar/admin/v1`, { auth: admin });
    await send('doc', 'GET', `${EVENTS_API}/doc`);
    await send('sign out', 'DELETE', `${ADMIN_API}/sessions/current`, { auth: `Bearer ${token}` });
    await send('revoked token', 'GET', `${ADMIN_API}/me`, { auth: `Bearer ${token}` });

    // The stored hashes are secrets too.
    const side = openSide(db);
    try {
      for (const [table, column] of [
        ['users', 'password_hash'],
        ['application_passwords', 'secret_hash'],
        ['sessions', 'secret_hash'],
      ] as const) {
        for (const hash of side
          .prepare(`SELECT ${column} FROM ${table}`)
          .pluck()
          .all() as string[]) {
          secrets.set(`${table}.${column}`, hash);
          secrets.set(`${table}.${column} (key)`, hash.split('$').at(-1)!);
        }
      }
    } finally {
      side.close();
    }

    expect(seen.every(({ res }) => res.status < 500)).toBe(true);
    for (const { label, res } of seen) {
      expect(res.text, label).not.toMatch(/scrypt\$|password_hash|secret_hash/);
      for (const [name, secret] of secrets) {
        if (creators.get(name) === label) continue;
        expect(res.text.includes(secret), `${name} in the answer to "${label}"`).toBe(false);
      }
    }
    expect(app.text).toContain(appPassword);
    expect(login.text).toContain(token);

    await server.kill('SIGTERM');
    const log = server.stderr();
    expect(log.length).toBeGreaterThan(0);
    for (const [name, secret] of secrets) {
      expect(log.includes(secret), `${name} in the log`).toBe(false);
    }
    expect(log).not.toMatch(/authorization|Basic [A-Za-z0-9+/=]{8,}|Bearer /i);
  }, 60_000);
});

describe('failed sign-ins are slowed down (the real server and its default delays)', () => {
  let dir: { dir: string; cleanup(): void };
  let server: SpawnedServer;

  beforeAll(async () => {
    dir = tempDir();
    server = await spawnServer({ db: join(dir.dir, 'throttle.db') });
  }, 60_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    dir?.cleanup();
  });

  const timed = async (auth: string, client: string) => {
    const started = Date.now();
    const res = await rawRequest(server.url, 'GET', `${ADMIN_API}/me`, {
      auth,
      localAddress: client,
    });
    return { status: res.status, ms: Date.now() - started };
  };
  const wrong = basicAuth(ADMIN_LOGIN.login, 'not-the-password');
  const right = basicAuth(ADMIN_LOGIN.login, ADMIN_LOGIN.password);

  it('waits the default delays: 250 ms after the free attempts, doubling, the right password too', async () => {
    await timed(right, '127.0.0.20'); // warms the verified-secret cache
    const attacker = '127.0.0.21';
    for (let i = 0; i < 4; i++) expect((await timed(wrong, attacker)).status).toBe(401);

    const fifth = await timed(wrong, attacker);
    const sixth = await timed(wrong, attacker);
    expect(fifth.status).toBe(401);
    expect(fifth.ms).toBeGreaterThanOrEqual(240);
    expect(sixth.ms).toBeGreaterThanOrEqual(480);

    // A login form is throttled by the same count.
    const started = Date.now();
    const form = await rawRequest(server.url, 'POST', `${ADMIN_API}/sessions`, {
      json: { login: ADMIN_LOGIN.login, password: 'still-wrong' },
      localAddress: attacker,
    });
    expect(form.status).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);

    // Guessing right does not skip the wait.
    const guessed = await timed(right, attacker);
    expect(guessed.status).toBe(200);
    expect(guessed.ms).toBeGreaterThanOrEqual(1_900);
  }, 30_000);
});

describe('failed sign-ins are slowed down (which attempts wait, counted)', () => {
  it('delays each attempt after the free ones, the right password too, per client address', async () => {
    // Every wait the throttle imposes goes through failureDelayMs: counting its calls says
    // exactly which requests were delayed, however slow the machine is.
    const waits: number[] = [];
    const server = await startTestServer({
      failureDelayMs: (excess) => {
        waits.push(excess);
        return 1;
      },
    });
    const me = (auth: string, client: string) =>
      rawRequest(server.url, 'GET', `${ADMIN_API}/me`, { auth, localAddress: client });
    const wrong = basicAuth('admin', 'not-the-password');
    expect((await me(server.admin, '127.0.0.20')).status).toBe(200);
    const attacker = '127.0.0.21';

    for (let i = 0; i < 4; i++) expect((await me(wrong, attacker)).status).toBe(401);
    expect(waits).toEqual([]);
    expect((await me(wrong, attacker)).status).toBe(401);
    expect((await me(wrong, attacker)).status).toBe(401);
    expect(waits).toEqual([1, 2]);

    // A login form is throttled by the same count.
    const form = await rawRequest(server.url, 'POST', `${ADMIN_API}/sessions`, {
      json: { login: 'admin', password: 'still-wrong' },
      localAddress: attacker,
    });
    expect(form.status).toBe(401);
    expect(waits).toEqual([1, 2, 3]);

    // Another client does not wait, before or after entering the password once.
    expect((await me(server.admin, '127.0.0.22')).status).toBe(200);
    expect((await me(wrong, '127.0.0.23')).status).toBe(401);
    expect(waits).toEqual([1, 2, 3]);

    // Guessing right does not skip the wait, and only then is the count cleared.
    expect((await me(server.admin, attacker)).status).toBe(200);
    expect(waits).toEqual([1, 2, 3, 4]);
    expect((await me(wrong, attacker)).status).toBe(401);
    expect(waits).toEqual([1, 2, 3, 4]);
    expect(await server.services.auth.failureCount(attacker, 'admin')).toBe(1);
  });
});

describe('failed sign-ins sent all at once', () => {
  it('are slowed down like sequential ones: concurrency does not bypass the throttle', async () => {
    const server = await startTestServer({ failureDelayMs: () => 250 });
    const guesses = Array.from({ length: 12 }, (_, i) =>
      rawRequest(server.url, 'GET', `${ADMIN_API}/me`, {
        auth: basicAuth('admin', `guess-${i}`),
        localAddress: '127.0.0.30',
      }),
    );
    const started = Date.now();
    const answers = await Promise.all(guesses);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 401));
    // Four free attempts, then eight that each wait 250 ms for the one before.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(await server.services.auth.failureCount('127.0.0.30', 'admin')).toBe(12);
    // The right password, remembered from an honest sign-in elsewhere, does not shortcut the
    // queue when it arrives inside a burst of guesses.
    await rawRequest(server.url, 'GET', `${ADMIN_API}/me`, {
      auth: server.admin,
      localAddress: '127.0.0.33',
    });
    const burst = Array.from({ length: 12 }, (_, i) =>
      rawRequest(server.url, 'GET', `${ADMIN_API}/me`, {
        auth: i === 11 ? server.admin : basicAuth('admin', `burst-${i}`),
        localAddress: '127.0.0.34',
      }),
    );
    const burstStart = Date.now();
    const right = await burst[11]!;
    expect(right.status).toBe(200);
    expect(Date.now() - burstStart).toBeGreaterThanOrEqual(1_750);
    await Promise.all(burst);
    // Another client is not held up meanwhile.
    const other = await rawRequest(server.url, 'GET', `${ADMIN_API}/me`, {
      auth: server.admin,
      localAddress: '127.0.0.31',
    });
    expect(other.status).toBe(200);
  });
});

describe('sessions and credentials end when they should', () => {
  it('expires session tokens after their lifetime, not before', async () => {
    const clock = fixedClock('2026-06-15T12:00:00Z');
    const server = await startTestServer({ clock });
    const user = await server.userWith('author', 'sam');
    const login = await server.call('POST', `${ADMIN_API}/sessions`, {
      body: { login: 'sam', password: 'sam-password' },
    });
    const bearer = `Bearer ${String(login.body.token)}`;
    expect(login.body.expires_utc).toBe('2026-06-16 00:00:00');
    clock.set(new Date(Date.parse('2026-06-15T12:00:00Z') + SESSION_TTL_MS - 60_000));
    expect((await server.call('GET', `${ADMIN_API}/me`, { auth: bearer })).status).toBe(200);
    clock.set(new Date(Date.parse('2026-06-15T12:00:00Z') + SESSION_TTL_MS));
    const expired = await server.call('GET', `${ADMIN_API}/me`, { auth: bearer });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('rest_invalid_token');
    expect(user.id).toBeGreaterThan(1);
  });

  it('revokes one session without touching the others, and refuses tampered tokens', async () => {
    const server = await startTestServer();
    await server.userWith('editor', 'eve');
    const open = async () =>
      String(
        (
          await server.call('POST', `${ADMIN_API}/sessions`, {
            body: { login: 'eve', password: 'eve-password' },
          })
        ).body.token,
      );
    const [first, second] = [await open(), await open()];
    expect(
      (await server.call('DELETE', `${ADMIN_API}/sessions/current`, { auth: `Bearer ${first}` }))
        .status,
    ).toBe(200);
    expect((await server.call('GET', `${ADMIN_API}/me`, { auth: `Bearer ${first}` })).status).toBe(
      401,
    );
    expect((await server.call('GET', `${ADMIN_API}/me`, { auth: `Bearer ${second}` })).status).toBe(
      200,
    );
    const [id, secret] = second.split('.') as [string, string];
    const flipped = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      `${id}.${flipped}`,
      `${id}.`,
      `${id}`,
      `.${secret}`,
      `${first.split('.')[0]}.${secret}`,
    ]) {
      expect(
        (await server.call('GET', `${ADMIN_API}/me`, { auth: `Bearer ${forged}` })).status,
        forged,
      ).toBe(401);
    }
  });

  it('stops every credential of a deleted user at once', async () => {
    const server = await startTestServer();
    const user = await server.userWith('editor', 'gone');
    const app = await server.call('POST', `${ADMIN_API}/users/${user.id}/application-passwords`, {
      auth: user.auth,
      body: { name: 'cli' },
    });
    const token = String(
      (
        await server.call('POST', `${ADMIN_API}/sessions`, {
          body: { login: 'gone', password: 'gone-password' },
        })
      ).body.token,
    );
    const credentials = [user.auth, basic('gone', String(app.body.password)), `Bearer ${token}`];
    for (const auth of credentials)
      expect((await server.call('GET', `${ADMIN_API}/me`, { auth })).status).toBe(200);
    expect(
      (await server.call('DELETE', `${ADMIN_API}/users/${user.id}`, { auth: server.admin })).status,
    ).toBe(200);
    for (const auth of credentials)
      expect((await server.call('GET', `${ADMIN_API}/me`, { auth })).status).toBe(401);
  });

  it('applies a changed role or password to the very next request', async () => {
    const server = await startTestServer();
    const user = await server.userWith('editor', 'demoted');
    const tag = () =>
      server.call('POST', `${EVENTS_API}/tags`, {
        auth: user.auth,
        body: { name: `t${Math.random()}` },
      });
    expect((await tag()).status).toBe(201);
    await server.call('PATCH', `${ADMIN_API}/users/${user.id}`, {
      auth: server.admin,
      body: { role: 'subscriber' },
    });
    expect((await tag()).status).toBe(403);

    await server.call('PATCH', `${ADMIN_API}/users/${user.id}`, {
      auth: server.admin,
      body: { password: 'brand-new-password' },
    });
    expect((await server.call('GET', `${ADMIN_API}/me`, { auth: user.auth })).status).toBe(401);
    expect(
      (
        await server.call('GET', `${ADMIN_API}/me`, {
          auth: basic('demoted', 'brand-new-password'),
        })
      ).status,
    ).toBe(200);
  });

  it('caps application passwords, since a failed Basic sign-in checks each of them', async () => {
    const server = await startTestServer();
    const user = await server.userWith('subscriber', 'hoarder');
    const make = (name: string) =>
      server.call('POST', `${ADMIN_API}/users/${user.id}/application-passwords`, {
        auth: user.auth,
        body: { name },
      });
    for (let i = 0; i < MAX_APP_PASSWORDS; i++) expect((await make(`p${i}`)).status).toBe(201);
    const refused = await make('one too many');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('application_password_limit');
    const list = await server.call('GET', `${ADMIN_API}/users/${user.id}/application-passwords`, {
      auth: user.auth,
    });
    expect(list.json).toHaveLength(MAX_APP_PASSWORDS);
    expect(MAX_APP_PASSWORDS).toBeLessThanOrEqual(25);
  }, 30_000);

  it('lets nobody but an administrator give themselves a role', async () => {
    const server = await startTestServer();
    for (const role of ['editor', 'author', 'contributor', 'subscriber'] as const) {
      const user = await server.userWith(role);
      for (const method of ['POST', 'PUT', 'PATCH']) {
        const res = await server.call(method, `${ADMIN_API}/users/${user.id}`, {
          auth: user.auth,
          body: { role: 'administrator' },
        });
        expect(res.status, `${role} ${method}`).toBe(403);
        expect(res.body.code).toBe('rest_forbidden');
      }
      const me = await server.call('GET', `${ADMIN_API}/me`, { auth: user.auth });
      expect(me.body.role).toBe(role);
    }
  });
});

describe('the throttle’s notion of a client', () => {
  const key = (remoteAddress: string) => clientKey({ socket: { remoteAddress } } as never);

  it('counts an IPv6 host by its /64, since it can pick a new address for every attempt', () => {
    expect(key('2001:db8:1:2:aaaa::1')).toBe(key('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(key('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(key('2001:db8:1:3::1')).not.toBe(key('2001:db8:1:2::1'));
    expect(key('fe80::1%eth0')).toBe(key('fe80::2%eth0'));
    expect(key('2001:0DB8:0001:0002::9')).toBe(key('2001:db8:1:2::9'));
  });

  it('counts IPv4 and IPv4-mapped addresses as the same client, and loopback as itself', () => {
    expect(key('::ffff:192.168.1.20')).toBe('192.168.1.20');
    expect(key('192.168.1.20')).toBe('192.168.1.20');
    expect(key('192.168.1.21')).not.toBe(key('192.168.1.20'));
    expect(key('::1')).toBe('::1');
    expect(key('127.0.0.1')).toBe('127.0.0.1');
  });
});
