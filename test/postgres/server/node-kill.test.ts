/**
 * A node killed under load (issue 26, "Several nodes, one calendar"): three server processes on
 * one PostgreSQL database take concurrent writes (venues, organizers, users) and one of them is
 * killed with SIGKILL in the middle. Every write acknowledged by any node, the killed one
 * included, is read back from each survivor; a create that was cut off is there whole or not at
 * all (never twice); and the survivors answer throughout and after. The model is the SQLite crash
 * test (test/reliability/crash.test.ts), with the nodes as separate processes as on separate
 * machines.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../helpers/pg-database.js';
import {
  ADMIN_API,
  ADMIN_LOGIN,
  EVENTS_API,
  basicAuth,
  rawRequest,
  spawnServer,
  tempDir,
  type SpawnedServer,
} from '../../helpers/reliability.js';

const NODES = 3;
const CLIENTS = 9;
/** Writes acknowledged before the kill, and in all: the kill lands in the middle of the load. */
const KILL_AFTER = 45;
const TOTAL = 150;
const admin = basicAuth(ADMIN_LOGIN.login, ADMIN_LOGIN.password);

interface Write {
  kind: 'venues' | 'organizers' | 'users';
  name: string;
  node: number;
  id?: number;
  acked: boolean;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function startNode(database: TestDatabase): Promise<SpawnedServer> {
  const folder = tempDir('almanac-pg-node-');
  const node = await spawnServer({
    db: `${folder.dir}/unused.db`,
    databaseUrl: database.url,
    env: { ALMANAC_LOG_LEVEL: 'error' },
    startTimeoutMs: 60_000,
  });
  cleanups.push(async () => {
    await node.kill('SIGKILL');
    folder.cleanup();
  });
  return node;
}

function request(write: Write) {
  if (write.kind === 'users')
    return {
      path: `${ADMIN_API}/users`,
      json: { login: write.name, password: `${write.name}-password`, role: 'author' },
    };
  const field = write.kind === 'venues' ? 'venue' : 'organizer';
  return { path: `${EVENTS_API}/${write.kind}`, json: { [field]: write.name } };
}

describe('a PostgreSQL node killed under load', () => {
  it('loses no acknowledged write, and the other nodes keep answering', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    // The first node migrates and makes the administrator; the others join it.
    const nodes = [await startNode(database)];
    for (let i = 1; i < NODES; i++) nodes.push(await startNode(database));
    const victim = NODES - 1;
    const writes: Write[] = [];
    const survivorErrors: string[] = [];
    let acked = 0;
    let sent = 0;
    let killed: Promise<number | string> | undefined;

    async function client(c: number): Promise<void> {
      while (sent < TOTAL) {
        const n = sent++;
        const kind = (['venues', 'organizers', 'users'] as const)[n % 3]!;
        // Spread over the nodes, the victim too until it is gone.
        const node = killed ? (n + c) % (NODES - 1) : (n + c) % NODES;
        const write: Write = { kind, name: `w${c}x${n}`, node, acked: false };
        writes.push(write);
        const { path, json } = request(write);
        try {
          const res = await rawRequest(nodes[node]!.url, 'POST', path, {
            auth: admin,
            json,
            timeoutMs: 30_000,
          });
          if (res.status === 201) {
            write.acked = true;
            write.id = res.body.id as number;
            if (++acked === KILL_AFTER) killed = nodes[victim]!.kill('SIGKILL');
          } else if (node !== victim) {
            survivorErrors.push(`${res.status} ${res.text.slice(0, 200)}`);
          }
        } catch (error) {
          // Only the killed node may fail to answer.
          if (node !== victim) survivorErrors.push(String(error));
        }
      }
    }
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    expect(killed, 'the victim was killed during the load').toBeDefined();
    expect(await killed).toBe('SIGKILL');
    expect(survivorErrors).toEqual([]);
    const victimAcked = writes.filter((w) => w.acked && w.node === victim);
    expect(victimAcked.length).toBeGreaterThan(0);
    expect(writes.filter((w) => w.acked).length).toBeGreaterThan(KILL_AFTER);

    for (const survivor of nodes.slice(0, victim)) {
      // Every acknowledged write, whichever node took it, reads back whole from each survivor.
      for (const write of writes.filter((w) => w.acked)) {
        const res = await rawRequest(
          survivor.url,
          'GET',
          `${write.kind === 'users' ? ADMIN_API : EVENTS_API}/${write.kind}/${write.id}`,
          { auth: admin },
        );
        expect(res.status, `${write.kind} ${write.name}`).toBe(200);
        const shown = write.kind === 'users' ? res.body.login : res.body[write.kind.slice(0, -1)];
        expect(shown).toBe(write.name);
      }
      // Nothing is there twice, and nothing is there that no request sent.
      const names = new Set(writes.map((w) => w.name));
      for (const kind of ['venues', 'organizers'] as const) {
        const field = kind.slice(0, -1);
        const seen: string[] = [];
        for (let page = 1; ; page++) {
          const res = await rawRequest(
            survivor.url,
            'GET',
            `${EVENTS_API}/${kind}?per_page=50&page=${page}&status=publish`,
            { auth: admin },
          );
          expect(res.status).toBe(200);
          const rows = res.body[kind] as Array<Record<string, string>>;
          seen.push(...rows.map((row) => row[field]!));
          if (res.body.next_rest_url === undefined) break;
        }
        expect(new Set(seen).size).toBe(seen.length);
        for (const name of seen) expect(names.has(name), name).toBe(true);
        const ackedNames = writes.filter((w) => w.acked && w.kind === kind).map((w) => w.name);
        expect(seen).toEqual(expect.arrayContaining(ackedNames));
      }
    }
    // And they still take writes.
    for (const survivor of nodes.slice(0, victim)) {
      const after = await rawRequest(survivor.url, 'POST', `${EVENTS_API}/venues`, {
        auth: admin,
        json: { venue: `after-${survivor.port}` },
      });
      expect(after.status, after.text).toBe(201);
    }
  }, 240_000);
});
