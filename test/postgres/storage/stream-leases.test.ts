/**
 * The storage contract of the change streams' leases (storage/stream-leases.ts): the same
 * assertions on SQLite and PostgreSQL, and slots taken from two PostgreSQL nodes at once never
 * more than the maximum.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  openPostgresStorage,
  type PostgresStorage,
} from '../../../server/storage/postgres/storage.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/pg-database.js';
import { ENGINES } from './engines.js';

const T0 = Date.UTC(2026, 0, 1, 10);
const MINUTE = 60_000;

describe.each(ENGINES)('storage ports on $name', (engine) => {
  describe('stream leases', () => {
    it('gives a client at most its slots, and a slot back once released', async () => {
      const { streamLeases } = await engine.open();
      for (const id of ['a', 'b', 'c'])
        expect(await streamLeases.take('user:1', id, 3, T0, T0 + MINUTE)).toBe(true);
      expect(await streamLeases.take('user:1', 'd', 3, T0, T0 + MINUTE)).toBe(false);
      // Another client has slots of its own.
      expect(await streamLeases.take('client:10.0.0.1', 'e', 3, T0, T0 + MINUTE)).toBe(true);
      await streamLeases.release('b');
      expect(await streamLeases.take('user:1', 'd', 3, T0, T0 + MINUTE)).toBe(true);
      expect(await streamLeases.take('user:1', 'f', 3, T0, T0 + MINUTE)).toBe(false);
    });

    it('lets a lease that ran out be taken over, and keeps one renewed', async () => {
      const { streamLeases } = await engine.open();
      expect(await streamLeases.take('user:1', 'a', 2, T0, T0 + MINUTE)).toBe(true);
      expect(await streamLeases.take('user:1', 'b', 2, T0, T0 + MINUTE)).toBe(true);
      // `a`'s process renews it; `b`'s died and its lease runs out.
      await streamLeases.renew(['a'], T0 + 3 * MINUTE);
      expect(await streamLeases.take('user:1', 'c', 2, T0 + MINUTE - 1, T0 + 2 * MINUTE)).toBe(
        false,
      );
      expect(await streamLeases.take('user:1', 'c', 2, T0 + MINUTE, T0 + 2 * MINUTE)).toBe(true);
      expect(await streamLeases.take('user:1', 'd', 2, T0 + MINUTE, T0 + 2 * MINUTE)).toBe(false);
      // Renewing nothing is allowed; releasing an unknown or released lease changes nothing.
      await streamLeases.renew([], T0);
      await streamLeases.release('b');
      expect(await streamLeases.take('user:1', 'd', 2, T0 + MINUTE, T0 + 2 * MINUTE)).toBe(false);
    });

    it('sweeps the leases that ran out, a batch at a time, and only those', async () => {
      const { streamLeases } = await engine.open();
      for (let i = 0; i < 5; i++)
        expect(await streamLeases.take(`client:${i}`, `old-${i}`, 1, T0, T0 + MINUTE)).toBe(true);
      expect(await streamLeases.take('user:1', 'live', 1, T0, T0 + 2 * MINUTE)).toBe(true);
      expect(await streamLeases.sweep(T0 + MINUTE, 3)).toBe(3);
      expect(await streamLeases.sweep(T0 + MINUTE, 3)).toBe(2);
      expect(await streamLeases.sweep(T0 + MINUTE, 3)).toBe(0);
      expect(await streamLeases.take('user:1', 'next', 1, T0 + MINUTE, T0 + 2 * MINUTE)).toBe(
        false,
      );
    });
  });
});

describe('stream leases on two PostgreSQL nodes', () => {
  let database: TestDatabase | undefined;
  const nodes: PostgresStorage[] = [];
  afterEach(async () => {
    while (nodes.length > 0) await nodes.pop()!.close();
    await database?.drop();
  });

  it('give exactly the maximum of many slots asked of both nodes at once', async () => {
    database = await createTestDatabase();
    for (let i = 0; i < 2; i++) nodes.push(await openPostgresStorage(database.url, { max: 5 }));
    const taken = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        nodes[i % 2]!.streamLeases.take('user:1', `s${i}`, 8, T0, T0 + MINUTE),
      ),
    );
    expect(taken.filter(Boolean)).toHaveLength(8);
    const { rows } = await nodes[0]!.pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM stream_leases WHERE client = 'user:1'",
    );
    expect(Number(rows[0]!.n)).toBe(8);
  });
});
