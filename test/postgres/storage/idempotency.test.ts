/**
 * The storage contract of Idempotency-Key bookkeeping: the same assertions on SQLite and
 * PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { KeyedRequest } from '../../../server/storage/idempotency.js';
import type { UnitOfWork } from '../../../server/storage/storage.js';
import { withWriteHooks } from '../../../server/storage/write-hooks.js';
import { ENGINES } from './engines.js';

const request = (key: string, actor = 1): KeyedRequest => ({
  actor,
  key,
  method: 'POST',
  path: '/api/calendar/events/v1/events?x=1',
  fingerprint: `digest of ${key}`,
});

describe.each(ENGINES)('idempotency keys on $name', (engine) => {
  it('takes a key without an answer, keeps the first claim, and keeps the answer bytes', async () => {
    const storage = await engine.open();
    expect(await storage.read.idempotency.find(1, 'k')).toBeUndefined();
    await storage.write((uow) => uow.idempotency.claim(request('k'), '2026-01-01 10:00:00'));
    await storage.write((uow) =>
      uow.idempotency.claim({ ...request('k'), method: 'PUT' }, '2026-01-01 11:00:00'),
    );
    expect(await storage.read.idempotency.find(1, 'k')).toEqual({
      method: 'POST',
      path: '/api/calendar/events/v1/events?x=1',
      fingerprint: 'digest of k',
      status: null,
      body: null,
    });
    // Keys are per user.
    expect(await storage.read.idempotency.find(2, 'k')).toBeUndefined();
    const bytes = Buffer.from([0x7b, 0x00, 0xff, 0x7d]);
    await storage.write((uow) => uow.idempotency.answer(1, 'k', 201, bytes));
    const kept = await storage.read.idempotency.find(1, 'k');
    expect(kept?.status).toBe(201);
    expect(Buffer.compare(kept!.body!, bytes)).toBe(0);
  });

  it('forgets only the keys taken before the given time', async () => {
    const storage = await engine.open();
    await storage.write(async (uow) => {
      await uow.idempotency.claim(request('old'), '2026-01-01 09:59:59');
      await uow.idempotency.claim(request('new'), '2026-01-01 10:00:00');
    });
    await storage.write((uow) => uow.idempotency.expire('2026-01-01 10:00:00'));
    expect(await storage.read.idempotency.find(1, 'old')).toBeUndefined();
    expect(await storage.read.idempotency.find(1, 'new')).toBeDefined();
  });

  it('takes the key in the unit of work of the write its hook guards, or not at all', async () => {
    const storage = await engine.open();
    const hooks = (key: string) => ({
      end: async (uow?: UnitOfWork) => {
        await uow!.idempotency.claim(request(key), '2026-01-01 10:00:00');
      },
    });
    await withWriteHooks(hooks('kept'), () =>
      storage.write((uow) => uow.settings.putAll({ a: 1 })),
    );
    expect(await storage.read.idempotency.find(1, 'kept')).toBeDefined();
    await expect(
      withWriteHooks(hooks('dropped'), () =>
        storage.write(async (uow) => {
          await uow.settings.putAll({ a: 2 });
          throw new Error('the write failed');
        }),
      ),
    ).rejects.toThrow('the write failed');
    expect(await storage.read.idempotency.find(1, 'dropped')).toBeUndefined();
    expect(await storage.read.settings.all()).toEqual({ a: 1 });
  });
});
