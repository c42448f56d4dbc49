/**
 * The storage contract of the client limits' counters (storage/limits.ts): the same assertions
 * on SQLite and PostgreSQL, and hits from two PostgreSQL nodes at once all counted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { throttleKey } from '../../../server/auth/throttle.js';
import { allowed } from '../../../server/storage/limits.js';
import {
  openPostgresStorage,
  type PostgresStorage,
} from '../../../server/storage/postgres/storage.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/pg-database.js';
import { ENGINES } from './engines.js';

const T0 = Date.UTC(2026, 0, 1, 10);
const MINUTE = 60_000;

describe.each(ENGINES)('storage ports on $name', (engine) => {
  describe('limit counters', () => {
    it('counts hits within a window, starts again once it ends, and forgets a cleared key', async () => {
      const { limits } = await engine.open();
      expect(await limits.peek('k', T0)).toBeUndefined();
      expect(await limits.take('k', T0, MINUTE)).toEqual({ count: 1, resetAtMs: T0 + MINUTE });
      expect(await limits.take('k', T0 + 1000, MINUTE)).toEqual({
        count: 2,
        resetAtMs: T0 + MINUTE,
      });
      expect(await limits.take('other', T0 + 1000, MINUTE)).toEqual({
        count: 1,
        resetAtMs: T0 + 1000 + MINUTE,
      });
      expect(await limits.peek('k', T0 + 2000)).toEqual({ count: 2, resetAtMs: T0 + MINUTE });
      // The window has ended: nothing is counted, and the next hit opens a new window.
      expect(await limits.peek('k', T0 + MINUTE)).toBeUndefined();
      expect(await limits.take('k', T0 + MINUTE, MINUTE)).toEqual({
        count: 1,
        resetAtMs: T0 + 2 * MINUTE,
      });
      await limits.clear('k');
      expect(await limits.peek('k', T0 + MINUTE)).toBeUndefined();
      expect(await limits.peek('other', T0 + MINUTE)).toEqual({
        count: 1,
        resetAtMs: T0 + 1000 + MINUTE,
      });
    });

    it('takes the sign-in throttle’s keys, whatever the login holds', async () => {
      const { limits } = await engine.open();
      const key = throttleKey('2001:db8:0:0::/64', `ÄDMIN\u0000${'x'.repeat(5000)}`);
      expect(await limits.take(key, T0, MINUTE)).toEqual({ count: 1, resetAtMs: T0 + MINUTE });
      expect(
        await limits.peek(throttleKey('2001:db8:0:0::/64', `ädmin\u0000${'x'.repeat(5000)}`), T0),
      ).toEqual({
        count: 1,
        resetAtMs: T0 + MINUTE,
      });
    });

    it('says when a window over its maximum lets hits through again', async () => {
      const { limits } = await engine.open();
      const first = await limits.take('k', T0, MINUTE);
      const second = await limits.take('k', T0 + 15_000, MINUTE);
      expect(allowed(first, 1, T0)).toEqual({ allowed: true });
      expect(allowed(second, 1, T0 + 15_000)).toEqual({ allowed: false, retryAfterMs: 45_000 });
    });

    it('sweeps the counters whose window has ended, a batch at a time, and only those', async () => {
      const { limits } = await engine.open();
      for (let i = 0; i < 5; i++) await limits.take(`old-${i}`, T0, MINUTE);
      await limits.take('live', T0 + MINUTE, MINUTE);
      expect(await limits.sweep(T0 + MINUTE, 3)).toBe(3);
      expect(await limits.sweep(T0 + MINUTE, 3)).toBe(2);
      expect(await limits.sweep(T0 + MINUTE, 3)).toBe(0);
      expect(await limits.peek('live', T0 + MINUTE)).toEqual({
        count: 1,
        resetAtMs: T0 + 2 * MINUTE,
      });
    });
  });
});

describe('limit counters on two PostgreSQL nodes', () => {
  let database: TestDatabase | undefined;
  const nodes: PostgresStorage[] = [];
  afterEach(async () => {
    while (nodes.length > 0) await nodes.pop()!.close();
    await database?.drop();
  });

  it('counts every one of many hits sent to both nodes at once', async () => {
    database = await createTestDatabase();
    for (let i = 0; i < 2; i++) nodes.push(await openPostgresStorage(database.url, { max: 5 }));
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => nodes[i % 2]!.limits.take('k', T0, MINUTE)),
    );
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(await nodes[0]!.limits.peek('k', T0)).toEqual({ count: 40, resetAtMs: T0 + MINUTE });
  });
});
