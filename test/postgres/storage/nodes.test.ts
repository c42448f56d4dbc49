/**
 * Units of work on several nodes of one PostgreSQL calendar: a service's "check, then write"
 * holds as it does with SQLite's single writer, without making the nodes take turns.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  openPostgresStorage,
  type PostgresStorage,
} from '../../../server/storage/postgres/storage.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/pg-database.js';

let database: TestDatabase | undefined;
const nodes: PostgresStorage[] = [];
afterEach(async () => {
  while (nodes.length > 0) await nodes.pop()!.close();
  await database?.drop();
});

async function twoNodes(): Promise<[PostgresStorage, PostgresStorage]> {
  database = await createTestDatabase();
  for (let i = 0; i < 2; i++) nodes.push(await openPostgresStorage(database.url, { max: 5 }));
  return [nodes[0]!, nodes[1]!];
}

class Taken extends Error {}

describe('units of work on two nodes', () => {
  it('lets exactly one of many concurrent sign-ups take a login; the others see it taken', async () => {
    const [a, b] = await twoNodes();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? a : b).write(async (uow) => {
          if (await uow.users.byLogin('zoe')) throw new Taken();
          return uow.users.insert({
            login: i % 3 === 0 ? 'ZOE' : 'zoe',
            email: '',
            display_name: `try ${i}`,
            role: 'subscriber',
            password_hash: 'h',
            locale: '',
            created_utc: '2026-01-01 00:00:00',
            modified_utc: '2026-01-01 00:00:00',
          });
        }),
      ),
    );
    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(fulfilled).toHaveLength(1);
    expect(rejected.every((r) => r.reason instanceof Taken)).toBe(true);
    expect(await b.read.users.count()).toBe(1);
  });

  it('loses no increment of a value read and written back by both nodes at once', async () => {
    const [a, b] = await twoNodes();
    await a.write((uow) => uow.settings.putAll({ n: 0 }));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? a : b).write(async (uow) => {
          const { n } = (await uow.settings.all()) as { n: number };
          await uow.settings.putAll({ n: n + 1 });
        }),
      ),
    );
    expect(await a.read.settings.all()).toEqual({ n: 20 });
  });

  it('shows a write committed on one node to the other at once, content version included', async () => {
    const [a, b] = await twoNodes();
    const before = await b.contentVersion();
    await a.write((uow) => uow.settings.putAll({ title: 'From node A' }));
    expect(await b.read.settings.all()).toEqual({ title: 'From node A' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await b.contentVersion()).not.toBe(before);
  });
});

describe('job leases on two nodes', () => {
  it('gives a job to exactly one of the nodes claiming it at once', async () => {
    const [a, b] = await twoNodes();
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 === 0 ? a : b).write((uow) =>
          uow.leases.claim('publish', `node-${i}`, '2026-01-01 10:00:00', '2026-01-01 10:01:00'),
        ),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});
