/**
 * The storage contract of media rows: the same assertions on SQLite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { NewMedia } from '../../../server/storage/media.js';
import { ENGINES } from './engines.js';

const item = (extra: Partial<NewMedia> = {}): NewMedia => ({
  author: null,
  url: '',
  file: '',
  original_name: 'photo.png',
  mime_type: 'image/png',
  width: 640,
  height: 480,
  filesize: 1234,
  created_utc: '2026-01-01 10:00:00',
  ...extra,
});

describe.each(ENGINES)('storage ports on $name', (engine) => {
  describe('media', () => {
    it('inserts in the shared id space, names the file after the id, and reads back', async () => {
      const storage = await engine.open();
      const [upload, external] = await storage.write(async (uow) => [
        await uow.media.insert(item(), (id) => `${id}-photo.png`),
        await uow.media.insert(
          item({ url: 'https://example.org/a.jpg', mime_type: 'image/jpeg', width: null }),
        ),
      ]);
      expect(external).toBe(upload! + 1);
      expect(await storage.read.media.find(upload!)).toEqual({
        id: upload,
        ...item({ file: `${upload}-photo.png` }),
      });
      expect((await storage.read.media.findByFile(`${upload}-photo.png`))?.id).toBe(upload);
      expect(await storage.read.media.findByFile('')).toMatchObject({ id: external });
      expect((await storage.read.media.findExternal('https://example.org/a.jpg'))?.id).toBe(
        external,
      );
      expect(await storage.read.media.findExternal('https://example.org/b.jpg')).toBeUndefined();
      expect(
        (await storage.read.media.findMany([external!, upload!, upload!]))
          .map((row) => row.id)
          .sort(),
      ).toEqual([upload, external]);
      expect(await storage.read.media.findMany([])).toEqual([]);
      expect(await storage.read.media.kindOf(upload!)).toBe('media');
      expect(await storage.read.media.kindOf(upload! + 100)).toBeUndefined();
    });

    it('an uploaded file with the URL of an external one is not the external one', async () => {
      const storage = await engine.open();
      const [own] = await storage.write(async (uow) => [
        await uow.media.insert(item({ url: 'https://example.org/x.png', file: 'x.png' })),
      ]);
      expect(await storage.read.media.findExternal('https://example.org/x.png')).toBeUndefined();
      expect((await storage.read.media.findByFile('x.png'))?.id).toBe(own);
    });

    it('pages newest first with the total', async () => {
      const storage = await engine.open();
      const ids = await storage.write(async (uow) => {
        const out: number[] = [];
        for (const created of [
          '2026-01-02 00:00:00',
          '2026-01-03 00:00:00',
          '2026-01-02 00:00:00',
          '2026-01-01 00:00:00',
        ])
          out.push(await uow.media.insert(item({ created_utc: created })));
        return out;
      });
      const [a, b, c, d] = ids as [number, number, number, number];
      const first = await storage.read.media.page(3, 0);
      expect(first.total).toBe(4);
      expect(first.rows.map((row) => row.id)).toEqual([b, c, a]);
      expect((await storage.read.media.page(3, 3)).rows.map((row) => row.id)).toEqual([d]);
      expect(await storage.read.media.page(3, 9)).toEqual({ rows: [], total: 4 });
    });

    it('deletes an item, and the events using it lose their image', async () => {
      const storage = await engine.open();
      const [image, other] = await storage.write(async (uow) => [
        await uow.media.insert(item()),
        await uow.media.insert(item()),
      ]);
      await engine.exec(
        storage,
        `INSERT INTO posts (id, kind) VALUES (500, 'event');
         INSERT INTO events (id, status, title, date_utc, modified_utc, timezone, start_local,
           end_local, start_utc, end_utc, image_id)
         VALUES (500, 'publish', 'E', '2026-01-01 00:00:00', '2026-01-01 00:00:00', 'UTC',
           '2026-05-01 20:00:00', '2026-05-01 20:00:00', '2026-05-01 20:00:00',
           '2026-05-01 20:00:00', ${image});`,
      );
      // Only media ids delete anything.
      await storage.write((uow) => uow.media.remove(500));
      expect(await storage.read.media.kindOf(500)).toBe('event');
      await storage.write((uow) => uow.media.remove(image!));
      expect(await storage.read.media.find(image!)).toBeUndefined();
      expect(await storage.read.media.kindOf(image!)).toBeUndefined();
      expect((await storage.read.media.find(other!))?.id).toBe(other);
      // No port reads an event's image yet: the event is deleted only if it lost it.
      await engine.exec(
        storage,
        'DELETE FROM posts WHERE id = 500 AND (SELECT image_id FROM events WHERE id = 500) IS NULL',
      );
      expect(await storage.read.media.kindOf(500)).toBeUndefined();
    });

    it('a unit of work that fails after the insert leaves no row', async () => {
      const storage = await engine.open();
      let inserted = 0;
      await expect(
        storage.write(async (uow) => {
          inserted = await uow.media.insert(item(), (id) => `${id}.png`);
          throw new Error('the file could not be written');
        }),
      ).rejects.toThrow('could not be written');
      expect(inserted).toBeGreaterThan(0);
      expect(await storage.read.media.find(inserted)).toBeUndefined();
      expect(await storage.read.media.findByFile(`${inserted}.png`)).toBeUndefined();
      expect((await storage.read.media.page(10, 0)).total).toBe(0);
    });
  });
});
