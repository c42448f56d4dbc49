/**
 * `--workers N` with a PostgreSQL URL (server/cluster.ts): the primary migrates the database and
 * makes the administrator once, then each worker process is a node of the calendar with a pool
 * of its own, behind one listening socket. Writes spread over the workers are all read back; a
 * worker killed with SIGKILL is replaced, and no acknowledged write is lost.
 */
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../helpers/pg-database.js';
import {
  ADMIN_LOGIN,
  EVENTS_API,
  basicAuth,
  rawRequest,
  spawnServer,
  tempDir,
} from '../../helpers/reliability.js';

const admin = basicAuth(ADMIN_LOGIN.login, ADMIN_LOGIN.password);
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** The worker processes the primary forked. */
const workersOf = (pid: number): number[] =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((n) => n > 0);

describe('--workers on PostgreSQL', () => {
  it('serves one calendar from every worker, and loses nothing when one is killed', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const folder = tempDir('almanac-pg-workers-');
    cleanups.push(() => folder.cleanup());
    const server = await spawnServer({
      db: `${folder.dir}/unused.db`,
      databaseUrl: database.url,
      env: { ALMANAC_WORKERS: '2', ALMANAC_LOG_LEVEL: 'error' },
      startTimeoutMs: 60_000,
    });
    cleanups.push(() => server.kill('SIGTERM'));
    const workers = workersOf(server.child.pid!);
    expect(workers).toHaveLength(2);

    // A new connection per request: node:cluster hands them to the workers in turn.
    const create = (name: string) =>
      rawRequest(server.url, 'POST', `${EVENTS_API}/venues`, {
        auth: admin,
        json: { venue: name },
      });
    const made: Array<{ id: number; name: string }> = [];
    const batch = async (prefix: string) => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => create(`${prefix}-${i}`)),
      );
      for (const [i, res] of answers.entries()) {
        expect(res.status, res.text).toBe(201);
        made.push({ id: res.body.id as number, name: `${prefix}-${i}` });
      }
    };
    await batch('before');

    process.kill(workers[0]!, 'SIGKILL');
    // The primary forks a replacement; until then the other worker takes every connection.
    let replaced = workersOf(server.child.pid!);
    while (replaced.length < 2 || replaced.includes(workers[0]!)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      replaced = workersOf(server.child.pid!);
    }
    await batch('after');

    for (const { id, name } of made) {
      const res = await rawRequest(server.url, 'GET', `${EVENTS_API}/venues/${id}`);
      expect(res.status).toBe(200);
      expect(res.body.venue).toBe(name);
    }
    const listed = await rawRequest(server.url, 'GET', `${EVENTS_API}/venues?per_page=50`);
    expect(listed.body.total).toBe(40);
  }, 180_000);
});
