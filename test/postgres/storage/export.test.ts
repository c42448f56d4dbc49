/**
 * The storage contract of the export's reads: the same assertions on SQLite and PostgreSQL
 * (pages by id, what an export shows of users, links in link order, trash, series' exceptions).
 */
import { describe, expect, it } from 'vitest';
import { EXPORT_BATCH } from '../../../server/storage/export.js';
import { ENGINES } from './engines.js';
import { eventRow, linked, storeEvents } from './event-rows.js';

describe.each(ENGINES)('storage ports on $name', (engine) => {
  describe('export', () => {
    it('reads every kind by id in batches, with links, trash and series exceptions', async () => {
      const storage = await engine.open();
      const user = await storage.write((uow) =>
        uow.users.insert({
          login: 'ann',
          email: 'ann@example.org',
          display_name: 'Ann',
          role: 'author',
          password_hash: 'secret hash',
          locale: '',
          created_utc: '2026-01-01 00:00:00',
          modified_utc: '2026-01-01 00:00:00',
        }),
      );
      const [x, y, gone] = await storeEvents(storage, [{ author: user }, {}, { status: 'trash' }]);
      const [o1, o2] = await storage.write(async (uow) => [
        await uow.organizers.insert(linked('One'), { phone: '', website: '', email: '' }),
        await uow.organizers.insert(linked('Two'), { phone: '', website: '', email: '' }),
      ]);
      await engine.exec(
        storage,
        `INSERT INTO terms (id, taxonomy, name, slug) VALUES
           (1, 'category', 'Jazz', 'jazz'), (2, 'category', 'Rock', 'rock'),
           (3, 'tag', 'Free', 'free');`,
      );
      await storage.write(async (uow) => {
        await uow.series.insert({
          id: x!,
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
        });
        await uow.events.setOrganizers(x!, [o2!, o1!], true);
        await uow.events.setTerms(x!, 'category', [2, 1], true);
        await uow.events.setTerms(x!, 'tag', [3], true);
        await uow.events.putTrashMeta({
          post_id: gone!,
          previous_status: 'publish',
          previous_slug: `event-${gone}`,
          trashed_utc: '2026-02-01 00:00:00',
        });
      });

      await engine.exec(
        storage,
        `INSERT INTO series_exceptions (series_id, original_start_local) VALUES
           (${x}, '2026-05-03 20:00:00'), (${x}, '2026-05-02 20:00:00');`,
      );
      const snapshot = await storage.read.exports.snapshot();
      try {
        // Of users, only what an export shows: never a password hash.
        expect(await snapshot.page('users', 0)).toEqual([
          { id: user, login: 'ann', email: 'ann@example.org', display_name: 'Ann', role: 'author' },
        ]);
        expect((await snapshot.page('events', 0)).map((row) => row.id)).toEqual([x, y, gone]);
        expect(await snapshot.page('events', x!)).toEqual([
          eventRow(y!),
          eventRow(gone!, { status: 'trash' }),
        ]);
        expect((await snapshot.page('categories', 0)).map((row) => row.slug)).toEqual([
          'jazz',
          'rock',
        ]);
        expect((await snapshot.page('tags', 1)).map((row) => row.slug)).toEqual(['free']);
        expect((await snapshot.page('organizers', 0)).map((row) => row.id)).toEqual([o1, o2]);
        expect((await snapshot.page('series', 0)).map((row) => row.id)).toEqual([x]);
        expect(await snapshot.page('venues', 0)).toEqual([]);
        expect(await snapshot.links([x!, y!])).toEqual(
          new Map([
            [x!, { organizers: [o2, o1], categories: [2, 1], tags: [3] }],
            [y!, { organizers: [], categories: [], tags: [] }],
          ]),
        );
        expect(await snapshot.trash([x!, gone!])).toEqual(
          new Map([
            [
              gone!,
              {
                post_id: gone,
                previous_status: 'publish',
                previous_slug: `event-${gone}`,
                trashed_utc: '2026-02-01 00:00:00',
              },
            ],
          ]),
        );
        expect(await snapshot.seriesParts([x!, y!])).toEqual(
          new Map([
            [x!, { exceptions: ['2026-05-02 20:00:00', '2026-05-03 20:00:00'] }],
            [y!, { exceptions: [] }],
          ]),
        );
      } finally {
        await snapshot.close();
      }
    });

    it('pages a kind of more than a batch without losing or repeating a row', async () => {
      const storage = await engine.open();
      const ids = await storeEvents(
        storage,
        Array.from({ length: EXPORT_BATCH + 3 }, () => ({})),
      );
      const snapshot = await storage.read.exports.snapshot();
      try {
        const first = await snapshot.page('events', 0);
        expect(first).toHaveLength(EXPORT_BATCH);
        const rest = await snapshot.page('events', first.at(-1)!.id);
        expect([...first, ...rest].map((row) => row.id)).toEqual(ids);
      } finally {
        await snapshot.close();
      }
    });
  });
});

describe('export on postgres', () => {
  it('reads one snapshot: a write committed after it opened is not in it', async () => {
    const engine = ENGINES.find((e) => e.name === 'postgres')!;
    const storage = await engine.open();
    const [first] = await storeEvents(storage, [{}]);
    const snapshot = await storage.read.exports.snapshot();
    try {
      const [later] = await storeEvents(storage, [{}]);
      expect((await snapshot.page('events', 0)).map((row) => row.id)).toEqual([first]);
      expect((await storage.read.events.get(later!))?.id).toBe(later);
    } finally {
      await snapshot.close();
    }
  });
});
