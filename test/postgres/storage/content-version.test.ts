/**
 * The storage contract of moving the content version by hand (a restore's): the same assertions
 * on SQLite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES } from './engines.js';

describe.each(ENGINES)('storage ports on $name', (engine) => {
  describe('content version', () => {
    it('moves once a unit that moves it commits, even when it wrote nothing else', async () => {
      const storage = await engine.open();
      const seen = new Set([await storage.contentVersion()]);
      for (let i = 0; i < 3; i++) {
        await storage.write((uow) => uow.contentVersion.move());
        const now = await storage.contentVersion();
        expect(seen.has(now)).toBe(false);
        seen.add(now);
      }
    });

    it('does not keep the version a unit that moved it read, once it rolled back', async () => {
      const storage = await engine.open();
      const inside = await storage
        .write(async (uow) => {
          await uow.contentVersion.move();
          throw new Error(await storage.contentVersion());
        })
        .catch((error: Error) => error.message);
      expect(inside).not.toBe('');
      expect(await storage.contentVersion()).not.toBe(inside);
    });
  });
});
