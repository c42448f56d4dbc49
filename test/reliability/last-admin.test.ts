/**
 * There is always an administrator, even when role changes and deletions race each other from
 * many connections served by two server processes on one database file (`--workers 2`): the
 * check runs inside the write transaction that makes the change, which holds the database's
 * write lock, so no two changes can both see "another administrator remains".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import {
  ADMIN_API,
  ADMIN_LOGIN,
  basicAuth,
  openSide,
  rawRequest,
  shapeProblem,
  spawnServer,
  tempDir,
  type RawResponse,
  type SpawnedServer,
} from '../helpers/reliability.js';

const ROUNDS = Number(process.env.ALMANAC_ADMIN_ROUNDS ?? 6);
const ADMINS_PER_ROUND = 4;

let dir: { dir: string; cleanup(): void };
let server: SpawnedServer;
let side: Database.Database;

beforeAll(async () => {
  dir = tempDir('almanac-admins-');
  const db = join(dir.dir, 'admins.db');
  server = await spawnServer({
    db,
    env: { ALMANAC_WORKERS: '2', ALMANAC_LOG_LEVEL: 'error' },
    startTimeoutMs: 60_000,
  });
  side = openSide(db);
}, 90_000);

afterAll(async () => {
  side?.close();
  await server?.kill('SIGTERM');
  dir?.cleanup();
});

const administrators = () =>
  side.prepare(`SELECT id, login FROM users WHERE role = 'administrator'`).all() as Array<{
    id: number;
    login: string;
  }>;

describe('the last administrator, with two server processes', () => {
  it('is never demoted or deleted, however the changes race', async () => {
    const passwords = new Map([[ADMIN_LOGIN.login, ADMIN_LOGIN.password]]);
    const answers: RawResponse[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Whoever is left makes this round's administrators.
      const [left] = administrators();
      const auth = basicAuth(left!.login, passwords.get(left!.login)!);
      const admins = [{ id: left!.id, auth, from: '127.0.0.50' }];
      for (let i = 1; i < ADMINS_PER_ROUND; i++) {
        const login = `admin-${round}-${i}`;
        const password = `password-${round}-${i}`;
        passwords.set(login, password);
        const made = await rawRequest(server.url, 'POST', `${ADMIN_API}/users`, {
          auth,
          json: { login, password, role: 'administrator' },
        });
        expect(made.status, made.text).toBe(201);
        admins.push({
          id: made.body.id as number,
          auth: basicAuth(login, password),
          from: `127.0.0.${50 + i}`,
        });
      }
      // Each signs in once, from its own address: in the race their credentials are known and
      // answered at once, so the changes really run together.
      for (const admin of admins) {
        const warm = await rawRequest(server.url, 'GET', `${ADMIN_API}/me`, {
          auth: admin.auth,
          localAddress: admin.from,
        });
        expect(warm.status).toBe(200);
      }
      // Each administrator removes the next one: every one of them is targeted at once. Odd
      // rounds also change the password, so each change awaits its hash between its checks.
      const changes = admins.map((actor, i) => {
        const target = admins[(i + 1) % admins.length]!;
        const path = `${ADMIN_API}/users/${target.id}`;
        if (round % 3 === 2 && i % 2 === 0)
          return rawRequest(server.url, 'DELETE', path, {
            auth: actor.auth,
            localAddress: actor.from,
          });
        return rawRequest(server.url, 'PATCH', path, {
          auth: actor.auth,
          localAddress: actor.from,
          json:
            round % 2 === 1
              ? { role: 'editor', password: `demoted-${round}-${i}` }
              : { role: 'subscriber' },
        });
      });
      const results = await Promise.all(changes);
      answers.push(...results);
      expect(administrators().length, `round ${round}`).toBeGreaterThanOrEqual(1);
    }
    for (const res of answers) {
      expect(shapeProblem(res)).toBeUndefined();
      // Done, refused as the last administrator, or refused because a change that ran first
      // demoted the actor (403) or gave it a new password (401).
      if (res.status === 400) expect(res.body.code).toBe('almanac_last_administrator');
      else expect([200, 401, 403]).toContain(res.status);
    }
    expect(answers.some((res) => res.status === 400)).toBe(true);
  }, 240_000);
});
