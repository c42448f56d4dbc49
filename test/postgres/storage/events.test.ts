/**
 * The storage contract of single events: the same assertions on SQLite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { OCCURRENCE_ID_BASE } from '../../../shared/recurrence/occurrence-id.js';
import { ENGINES } from './engines.js';
import { eventRow, linked, storeEvents } from './event-rows.js';

describe.each(ENGINES)('storage ports on $name', (engine) => {
  describe('events', () => {
    it('takes ids of the shared id space, below the reserved range, and reads rows back', async () => {
      const storage = await engine.open();
      const reserved = OCCURRENCE_ID_BASE + 12;
      const { a, b, venue, c } = await storage.write(async (uow) => {
        const a = await uow.events.newId();
        await uow.events.insert(eventRow(a, { slug: 'gig', detached: '["title"]' }));
        const venue = await uow.venues.insert(linked('Hall'), {
          address: '',
          city: '',
          country: '',
          province: '',
          state: '',
          zip: '',
          phone: '',
          website: '',
          stateprovince: '',
          show_map: 0,
          show_map_link: 0,
          geo_lat: null,
          geo_lng: null,
        });
        await uow.events.claimId(reserved);
        await uow.events.insert(eventRow(reserved, { slug: 'gig' }));
        // An ordinary id after a reserved one is stored: still the next ordinary id.
        const b = await uow.events.newId();
        await uow.events.insert(eventRow(b, { slug: 'gig', venue_id: venue }));
        const c = await uow.events.newId();
        return { a, b, venue, c };
      });
      expect(venue).toBe(a + 1);
      expect(b).toBe(venue + 1);
      expect(c).toBe(b + 1);
      expect(await storage.read.events.get(a)).toEqual(
        eventRow(a, { slug: 'gig', detached: '["title"]' }),
      );
      expect(await storage.read.events.get(reserved)).toEqual(eventRow(reserved, { slug: 'gig' }));
      expect(await storage.read.events.get(venue)).toBeUndefined();
      expect((await storage.read.events.bySlug('gig'))?.id).toBe(a);
      expect(await storage.read.events.bySlug('gigs')).toBeUndefined();
      expect(await storage.read.events.kind(reserved)).toBe('event');
      expect(await storage.read.events.kind(venue)).toBe('venue');
      // A taken id without a row yet is an event's.
      expect(await storage.read.events.kind(c)).toBe('event');
      expect(await storage.read.events.kind(c + 1)).toBeUndefined();
      expect(await storage.read.events.kinds([venue, c + 1, reserved, a, venue])).toEqual(
        new Map([
          [venue, 'venue'],
          [reserved, 'event'],
          [a, 'event'],
        ]),
      );
      expect(await storage.read.events.kinds([])).toEqual(new Map());
    });

    it('updates every column but those the series code owns', async () => {
      const storage = await engine.open();
      const [id] = await storeEvents(storage, [
        { original_start_local: '2026-05-01 20:00:00', detached: '["title"]' },
      ]);
      const changed = eventRow(id!, {
        status: 'draft',
        slug: 'renamed',
        title: 'Renamed',
        website: 'https://example.org/',
        all_day: 1,
        sticky: 1,
        featured: 0,
        event_status: 'canceled',
        event_status_reason: 'Rain',
        original_start_local: '2030-01-01 00:00:00',
        detached: null,
      });
      await storage.write((uow) => uow.events.update(changed));
      expect(await storage.read.events.get(id!)).toEqual({
        ...changed,
        original_start_local: '2026-05-01 20:00:00',
        detached: '["title"]',
      });
    });

    it('finds the slugs a new slug must avoid', async () => {
      const slugs = ['gig', 'gig-2', 'gig-10', 'gig-x', 'gigs', 'gig-', 'gi', 'gig-3a'];
      const storage = await engine.open();
      const ids = await storeEvents(
        storage,
        slugs.map((slug) => ({ slug })),
      );
      expect([...(await storage.read.events.slugVariants('gig', 0))].sort()).toEqual([
        'gig',
        'gig-10',
        'gig-2',
      ]);
      expect([...(await storage.read.events.slugVariants('gig', ids[0]!))].sort()).toEqual([
        'gig-10',
        'gig-2',
      ]);
      expect(await storage.read.events.slugVariants('concert', 0)).toEqual(new Set());
    });

    it('links organizers and terms in the given order, a repeated id once', async () => {
      const storage = await engine.open();
      const [x, y] = await storeEvents(storage, [{}, {}]);
      const [o1, o2, o3] = await storage.write(async (uow) => {
        const out: number[] = [];
        for (const name of ['One', 'Two', 'Three']) {
          out.push(
            await uow.organizers.insert(linked(name), { phone: '', website: '', email: '' }),
          );
        }
        return out;
      });
      await engine.exec(
        storage,
        `INSERT INTO terms (id, taxonomy, name, slug) VALUES
           (1, 'category', 'Jazz', 'jazz'), (2, 'category', 'Rock', 'rock'),
           (3, 'tag', 'Free', 'free'), (4, 'tag', 'Outdoor', 'outdoor');`,
      );
      await storage.write(async (uow) => {
        await uow.events.setOrganizers(x!, [o3!, o1!, o3!, o2!], true);
        await uow.events.setTerms(x!, 'category', [2, 1, 2], true);
        await uow.events.setTerms(x!, 'tag', [4], true);
        await uow.events.setOrganizers(y!, [o2!], true);
      });
      const read = storage.read.events;
      expect(await read.organizersOf([x!, y!, y! + 100])).toEqual(
        new Map([
          [x!, [o3, o1, o2]],
          [y!, [o2]],
          [y! + 100, []],
        ]),
      );
      expect(await read.organizersOf([])).toEqual(new Map());
      expect(await read.termIds(x!, 'category')).toEqual([2, 1]);
      expect(await read.termIds(x!, 'tag')).toEqual([4]);
      // Replacing one list leaves the other taxonomy's and the other events' links.
      await storage.write(async (uow) => {
        await uow.events.setOrganizers(x!, [o2!, o1!]);
        await uow.events.setTerms(x!, 'category', [1]);
      });
      expect(await read.organizersOf([x!, y!])).toEqual(
        new Map([
          [x!, [o2, o1]],
          [y!, [o2]],
        ]),
      );
      expect(await read.termIds(x!, 'category')).toEqual([1]);
      expect(await read.termIds(x!, 'tag')).toEqual([4]);
      await storage.write(async (uow) => {
        await uow.events.setOrganizers(x!, []);
        await uow.events.setTerms(x!, 'tag', [3, 4]);
      });
      expect((await read.organizersOf([x!])).get(x!)).toEqual([]);
      expect(await read.termIds(x!, 'tag')).toEqual([3, 4]);
      expect(await read.termIds(y!, 'tag')).toEqual([]);
    });

    it('remembers what a trashed event was, replaces and forgets it', async () => {
      const storage = await engine.open();
      const [id] = await storeEvents(storage, [{ status: 'trash', slug: 'gig__trashed' }]);
      const meta = {
        post_id: id!,
        previous_status: 'publish',
        previous_slug: 'gig',
        trashed_utc: '2026-02-01 10:00:00',
      };
      expect(await storage.read.events.trashMeta(id!)).toBeUndefined();
      await storage.write((uow) => uow.events.putTrashMeta(meta));
      expect(await storage.read.events.trashMeta(id!)).toEqual(meta);
      const again = { ...meta, previous_status: 'draft', trashed_utc: '2026-03-01 10:00:00' };
      await storage.write((uow) => uow.events.putTrashMeta(again));
      expect(await storage.read.events.trashMeta(id!)).toEqual(again);
      await storage.write((uow) => uow.events.dropTrashMeta(id!));
      expect(await storage.read.events.trashMeta(id!)).toBeUndefined();
    });

    it('rolls an event back with the unit of work that wrote it', async () => {
      const storage = await engine.open();
      const failed = storage.write(async (uow) => {
        const id = await uow.events.newId();
        await uow.events.insert(eventRow(id, { slug: 'lost' }));
        throw new Error('refused');
      });
      await expect(failed).rejects.toThrow('refused');
      expect(await storage.read.events.bySlug('lost')).toBeUndefined();
    });
  });
});
