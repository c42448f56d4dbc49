/**
 * The storage contract of where imported objects came from: the same assertions on SQLite and
 * PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES } from './engines.js';
import { storeEvents } from './event-rows.js';

describe.each(ENGINES)('storage ports on $name', (engine) => {
  describe('import sources', () => {
    it('finds what a source was imported as while it is there, replaces it, and finds terms by slug', async () => {
      const storage = await engine.open();
      const [kept, trashed] = await storeEvents(storage, [{}, { status: 'trash' }]);
      await engine.exec(
        storage,
        `INSERT INTO terms (id, taxonomy, name, slug) VALUES
           (1, 'category', 'Jazz', 'jazz'), (2, 'tag', 'Jazz', 'jazz-tag');`,
      );
      await storage.write(async (uow) => {
        await uow.importSources.save('event', 'site?id=1', kept!, 'one');
        await uow.importSources.save('event', 'site?id=2', trashed!, 'two');
        await uow.importSources.save('category', 'site?term=5', 1, 'cat');
        await uow.importSources.save('tag', 'site?term=6', 1, 'not a tag');
        // Saved again: replaced.
        await uow.importSources.save('event', 'site?id=1', kept!, 'changed');
        expect(await uow.importSources.find('event', 'site?id=1')).toEqual({
          local_id: kept,
          digest: 'changed',
        });
      });
      const read = storage.read.importSources;
      expect(await read.find('event', 'site?id=1')).toEqual({ local_id: kept, digest: 'changed' });
      // A trashed object, or one of another kind, is not there for the import.
      expect(await read.find('event', 'site?id=2')).toBeUndefined();
      expect(await read.find('tag', 'site?term=6')).toBeUndefined();
      expect(await read.find('category', 'site?term=5')).toEqual({ local_id: 1, digest: 'cat' });
      expect(await read.find('venue', 'site?id=1')).toBeUndefined();
      expect(await read.termBySlug('category', 'jazz')).toBe(1);
      expect(await read.termBySlug('tag', 'jazz')).toBeUndefined();
      expect(await read.termBySlug('tag', 'jazz-tag')).toBe(2);
    });
  });
});
