/**
 * The storage contract of savepoints inside a unit of work: the same assertions on SQLite and
 * PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { inSavepoint } from '../../../server/storage/savepoints.js';
import { ENGINES } from './engines.js';

describe.each(ENGINES)('storage ports on $name', (engine) => {
  describe('savepoints', () => {
    it('keeps a part that resolves, undoes one that rejects alone, and nests', async () => {
      const storage = await engine.open();
      const outcome = await storage.write(async (uow) => {
        await uow.settings.putAll({ before: 1 });
        await inSavepoint(uow, () => uow.settings.putAll({ kept: 2 }));
        const failed = await inSavepoint(uow, async () => {
          await uow.settings.putAll({ undone: 3, before: 'changed' });
          // The inner part is kept by its own savepoint, then undone with the outer one.
          await inSavepoint(uow, () => uow.settings.putAll({ inner: 4 }));
          const inner = await inSavepoint(uow, async () => {
            await uow.settings.putAll({ innerUndone: 5 });
            throw new Error('inner');
          }).catch((error: Error) => error.message);
          expect(inner).toBe('inner');
          expect(await uow.settings.all()).toEqual({
            before: 'changed',
            kept: 2,
            undone: 3,
            inner: 4,
          });
          throw new Error('outer');
        }).catch((error: Error) => error.message);
        await uow.settings.putAll({ after: 6 });
        return failed;
      });
      expect(outcome).toBe('outer');
      expect(await storage.read.settings.all()).toEqual({ before: 1, kept: 2, after: 6 });
    });

    it('goes on after a statement the database refused inside a savepoint', async () => {
      const storage = await engine.open();
      await engine.exec(
        storage,
        "INSERT INTO terms (id, taxonomy, name, slug) VALUES (1, 'tag', 'Jazz', 'jazz');",
      );
      await storage.write(async (uow) => {
        const refused = await inSavepoint(uow, async () => {
          await uow.settings.putAll({ undone: true });
          // The same slug again: a unique constraint refuses it.
          await uow.terms.insert({
            taxonomy: 'tag',
            name: 'Jazz again',
            slug: 'jazz',
            description: '',
            parent: null,
            color: null,
          });
        }).then(
          () => false,
          () => true,
        );
        expect(refused).toBe(true);
        await uow.settings.putAll({ after: true });
      });
      expect(await storage.read.settings.all()).toEqual({ after: true });
      expect((await storage.read.terms.bySlug('tag', 'jazz'))?.name).toBe('Jazz');
    });

    it('rolls back with its unit: a kept part of a unit that fails is not committed', async () => {
      const storage = await engine.open();
      await expect(
        storage.write(async (uow) => {
          await inSavepoint(uow, () => uow.settings.putAll({ kept: true }));
          throw new Error('the unit fails');
        }),
      ).rejects.toThrow('the unit fails');
      expect(await storage.read.settings.all()).toEqual({});
    });
  });
});
