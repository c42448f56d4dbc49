/**
 * The storage contract of series: rows, exceptions (occurrences deleted for good) and the stored
 * occurrences, the same assertions on SQLite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { SeriesRow } from '../../../server/storage/series.js';
import type { Storage } from '../../../server/storage/storage.js';
import { ENGINES } from './engines.js';
import { storeEvents } from './event-rows.js';

const seriesRow = (id: number, extra: Partial<SeriesRow> = {}): SeriesRow => ({
  id,
  lines: '["RRULE:FREQ=DAILY"]',
  timezone: 'Europe/Paris',
  all_day: 0,
  start_local: '2026-05-01 20:00:00',
  end_local: '2026-05-01 22:00:00',
  template: '{"title":"Daily"}',
  last_start_utc: null,
  modified_utc: '2026-04-01 10:00:00',
  slot: 1,
  slot_origin: 20574,
  creator: null,
  created_utc: '2026-04-01 10:00:00',
  ...extra,
});

/** A series whose first event is stored: answers the first event's (the series') id. */
async function startSeries(storage: Storage, extra: Partial<SeriesRow> = {}): Promise<number> {
  const [first] = await storeEvents(storage, [{}]);
  await storage.write(async (uow) => {
    await uow.series.insert(seriesRow(first!, extra));
    await uow.series.join(first!, first!, null, '2026-05-01 20:00:00');
  });
  return first!;
}

describe.each(ENGINES)('storage ports on $name', (engine) => {
  describe('series', () => {
    it('stores a series row, updates its rule but never its creator, and removes it', async () => {
      const storage = await engine.open();
      const user = await storage.write((uow) =>
        uow.users.insert({
          login: 'ann',
          email: '',
          display_name: 'Ann',
          role: 'author',
          password_hash: 'x',
          locale: '',
          created_utc: '2026-01-01 00:00:00',
          modified_utc: '2026-01-01 00:00:00',
        }),
      );
      const id = await startSeries(storage, { creator: user });
      expect(await storage.read.series.get(id)).toEqual(seriesRow(id, { creator: user }));
      const changed = seriesRow(id, {
        lines: '[]',
        all_day: 1,
        template: '{"title":"Ended"}',
        last_start_utc: '2026-06-01 18:00:00',
        slot: 7,
        slot_origin: 20600,
        creator: null,
        created_utc: '2030-01-01 00:00:00',
      });
      await storage.write((uow) => uow.series.update(changed));
      expect(await storage.read.series.get(id)).toEqual({
        ...changed,
        creator: user,
        created_utc: '2026-04-01 10:00:00',
      });
      await storage.write((uow) => uow.series.remove(id));
      expect(await storage.read.series.get(id)).toBeUndefined();
      // The first event outlives its series (no foreign key from series to events).
      expect((await storage.read.events.get(id))?.series_id).toBeNull();
    });

    it('answers slots, parts, quotas and the running series', async () => {
      const storage = await engine.open();
      const read = storage.read.series;
      expect(await read.nextSlot()).toBe(1);
      expect(await read.anyRunning()).toBe(false);
      const user = await storage.write((uow) =>
        uow.users.insert({
          login: 'bob',
          email: '',
          display_name: 'Bob',
          role: 'contributor',
          password_hash: 'x',
          locale: '',
          created_utc: '2026-01-01 00:00:00',
          modified_utc: '2026-01-01 00:00:00',
        }),
      );
      const a = await startSeries(storage, {
        slot: 1,
        start_local: '2026-05-01 20:00:00',
        creator: user,
        created_utc: '2026-04-01 09:00:00',
      });
      // The tail of a split: the same slot, a later first start.
      const tail = await startSeries(storage, {
        slot: 1,
        start_local: '2026-06-01 20:00:00',
        last_start_utc: '2026-07-01 18:00:00',
        creator: user,
        created_utc: '2026-04-02 09:00:00',
      });
      const ended = await startSeries(storage, { slot: 2, lines: '[]' });
      expect(await read.nextSlot()).toBe(3);
      expect(await read.anyRunning()).toBe(true);
      expect((await read.bySlot(1)).map((s) => s.id).sort((x, y) => x - y)).toEqual([a, tail]);
      expect(await read.bySlot(9)).toEqual([]);
      expect(await read.partsOf([1, 2, 9])).toEqual(
        new Map([
          [1, [a, tail]],
          [2, [ended]],
        ]),
      );
      expect(await read.partsOf([])).toEqual(new Map());
      expect(await read.createdSince(user, '2026-04-01 09:00:00')).toBe(2);
      expect(await read.createdSince(user, '2026-04-01 09:00:01')).toBe(1);
      expect(await read.createdSince(user + 1, '2000-01-01 00:00:00')).toBe(0);
      expect((await read.running('2026-07-01 18:00:00')).map((s) => s.id)).toEqual([a, tail]);
      expect((await read.running('2026-07-01 18:00:01')).map((s) => s.id)).toEqual([a]);
      expect(await read.linesOf([a, ended, ended + 100])).toEqual(
        new Map([
          [a, { id: a, lines: '["RRULE:FREQ=DAILY"]', timezone: 'Europe/Paris', slot: 1 }],
          [ended, { id: ended, lines: '[]', timezone: 'Europe/Paris', slot: 2 }],
        ]),
      );
      expect(await read.linesOf([])).toEqual(new Map());
      await storage.write(async (uow) => {
        await uow.series.update(seriesRow(a, { lines: '[]', slot: 1 }));
        await uow.series.update(
          seriesRow(tail, { lines: '[]', slot: 1, start_local: '2026-06-01 20:00:00' }),
        );
      });
      expect(await read.anyRunning()).toBe(false);
    });

    it('keeps the occurrences deleted for good, each once', async () => {
      const storage = await engine.open();
      const id = await startSeries(storage);
      const read = storage.read.series;
      expect(await read.exceptions(id)).toEqual(new Set());
      await storage.write((uow) =>
        uow.series.setExceptions(id, [
          '2026-05-03 20:00:00',
          '2026-05-02 20:00:00',
          '2026-05-03 20:00:00',
        ]),
      );
      expect(await read.exceptions(id)).toEqual(
        new Set(['2026-05-02 20:00:00', '2026-05-03 20:00:00']),
      );
      expect(await read.removedAt(id, '2026-05-02 20:00:00')).toBe(true);
      expect(await read.removedAt(id, '2026-05-04 20:00:00')).toBe(false);
      await storage.write((uow) => uow.series.setExceptions(id, new Set(['2026-05-09 20:00:00'])));
      expect(await read.exceptions(id)).toEqual(new Set(['2026-05-09 20:00:00']));
      await storage.write((uow) => uow.series.setExceptions(id, []));
      expect(await read.exceptions(id)).toEqual(new Set());
    });

    it('tells stored and removed occurrences from computed ones', async () => {
      const storage = await engine.open();
      const id = await startSeries(storage);
      const [changed, trashed] = await storeEvents(storage, [
        { status: 'draft', start_utc: '2026-05-04 18:00:00' },
        { status: 'trash', start_utc: '2026-05-03 18:00:00' },
      ]);
      await storage.write(async (uow) => {
        await uow.series.join(changed!, id, id, '2026-05-04 20:00:00');
        await uow.series.setDetached(changed!, ['title', 'venue']);
        await uow.series.join(trashed!, id, id, '2026-05-03 20:00:00');
        await uow.series.setDetached(trashed!, []);
        await uow.series.setExceptions(id, ['2026-05-02 20:00:00']);
      });
      const read = storage.read.series;
      expect(await read.storedAt(id, '2026-05-04 20:00:00')).toBe(changed);
      expect(await read.storedAt(id, '2026-05-02 20:00:00')).toBeUndefined();
      expect(await read.storedOriginals([id, id + 100])).toEqual(
        new Map([
          [
            id,
            new Set([
              '2026-05-01 20:00:00',
              '2026-05-02 20:00:00',
              '2026-05-03 20:00:00',
              '2026-05-04 20:00:00',
            ]),
          ],
          [id + 100, new Set()],
        ]),
      );
      expect(await read.memberIds(id)).toEqual([id, changed, trashed]);
      expect(await read.members(id)).toEqual([
        {
          id,
          status: 'publish',
          author: null,
          original_start_local: '2026-05-01 20:00:00',
          start_utc: '2026-05-01 18:00:00',
          detached: null,
        },
        {
          id: trashed,
          status: 'trash',
          author: null,
          original_start_local: '2026-05-03 20:00:00',
          start_utc: '2026-05-03 18:00:00',
          detached: null,
        },
        {
          id: changed,
          status: 'draft',
          author: null,
          original_start_local: '2026-05-04 20:00:00',
          start_utc: '2026-05-04 18:00:00',
          detached: '["title","venue"]',
        },
      ]);
      await storage.write((uow) => uow.series.setOriginal(changed!, '2026-05-05 20:00:00'));
      expect(await read.storedAt(id, '2026-05-05 20:00:00')).toBe(changed);
      // Deleting a trashed occurrence for good remembers it among the exceptions; a changed
      // one is simply gone.
      await storage.write((uow) => uow.series.deleteEvents([trashed!, changed!]));
      expect(await storage.read.events.get(trashed!)).toBeUndefined();
      expect(await storage.read.events.kind(changed!)).toBeUndefined();
      expect(await read.exceptions(id)).toEqual(
        new Set(['2026-05-02 20:00:00', '2026-05-03 20:00:00']),
      );
      expect(await read.memberIds(id)).toEqual([id]);
      await storage.write((uow) => uow.series.join(id, null, null, null));
      expect(await read.memberIds(id)).toEqual([]);
      expect((await storage.read.events.get(id))?.original_start_local).toBeNull();
    });

    it('moves the occurrences and exceptions from a cut to another series', async () => {
      const storage = await engine.open();
      const id = await startSeries(storage);
      const [before, after] = await storeEvents(storage, [{}, {}]);
      await storage.write(async (uow) => {
        await uow.series.join(before!, id, id, '2026-05-02 20:00:00');
        await uow.series.join(after!, id, id, '2026-05-10 20:00:00');
        await uow.series.insert(seriesRow(after!, { start_local: '2026-05-10 20:00:00' }));
        await uow.series.setExceptions(id, ['2026-05-03 20:00:00', '2026-05-11 20:00:00']);
        await uow.series.moveFrom(id, after!, '2026-05-10 20:00:00');
      });
      const read = storage.read.series;
      expect(await read.memberIds(id)).toEqual([id, before]);
      expect(await read.memberIds(after!)).toEqual([after]);
      expect(await read.exceptions(id)).toEqual(new Set(['2026-05-03 20:00:00']));
      expect(await read.exceptions(after!)).toEqual(new Set(['2026-05-11 20:00:00']));
      // The tail's first event heads its series; the others keep theirs as parent.
      expect((await storage.read.events.get(after!))?.parent_id).toBeNull();
      expect((await storage.read.events.get(before!))?.parent_id).toBe(id);
    });

    it("reads venues' coordinates for the distance filters", async () => {
      const storage = await engine.open();
      const venue = (lat: number | null, lng: number | null) => ({
        address: '',
        city: '',
        country: '',
        province: '',
        state: '',
        zip: '',
        phone: '',
        website: '',
        stateprovince: '',
        show_map: 0 as const,
        show_map_link: 0 as const,
        geo_lat: lat,
        geo_lng: lng,
      });
      const [near, none] = await storage.write(async (uow) => [
        await uow.venues.insert(
          {
            author: null,
            status: 'publish',
            slug: 'near',
            title: 'Near',
            description: '',
            excerpt: '',
            date_utc: '2026-01-01 00:00:00',
            modified_utc: '2026-01-01 00:00:00',
            image_id: null,
          },
          venue(45.76, 4.835),
        ),
        await uow.venues.insert(
          {
            author: null,
            status: 'publish',
            slug: 'none',
            title: 'None',
            description: '',
            excerpt: '',
            date_utc: '2026-01-01 00:00:00',
            modified_utc: '2026-01-01 00:00:00',
            image_id: null,
          },
          venue(null, null),
        ),
      ]);
      expect(await storage.read.series.venueGeo([near!, none!, none! + 100])).toEqual(
        new Map([
          [near, { lat: 45.76, lng: 4.835 }],
          [none, { lat: null, lng: null }],
        ]),
      );
      expect(await storage.read.series.venueGeo([])).toEqual(new Map());
    });
  });
});
