/**
 * The storage contract of the export document's import: the same assertions on SQLite and
 * PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { occurrenceId } from '../../../shared/recurrence/occurrence-id.js';
import type { ImportValues } from '../../../server/storage/document-import.js';
import { ENGINES } from './engines.js';
import { eventRow, linked } from './event-rows.js';

const user = (id: number | null, login: string) => ({
  id,
  login,
  email: `${login}@example.org`,
  display_name: login,
  role: 'editor' as const,
  password_hash: 'hash',
  now: '2026-01-01 10:00:00',
});

const event = (slug: string): ImportValues => {
  const { id: _id, ...row } = eventRow(0, { slug, title: slug });
  return row;
};

const venue = (title: string): ImportValues => ({
  ...linked(title),
  address: '',
  city: 'Lyon',
  country: '',
  province: '',
  state: '',
  zip: '',
  phone: '',
  website: '',
  stateprovince: '',
  show_map: 1,
  show_map_link: 0,
  geo_lat: 45.75,
  geo_lng: 4.85,
});

const term = (taxonomy: string, slug: string): ImportValues => ({
  taxonomy,
  name: slug,
  slug,
  description: '',
  color: null,
});

describe.each(ENGINES)('storage ports on $name', (engine) => {
  describe('document import', () => {
    it('keeps the ids asked for when free, and new ids follow the highest one', async () => {
      const storage = await engine.open();
      await storage.write(async (uow) => {
        const store = uow.documentImport;
        expect(await store.isEmpty()).toBe(true);
        expect(await store.insertUser(user(40, 'ada'))).toBe(40);
        expect(await store.userByLogin('ADA')).toBe(40);
        expect(await store.userByLogin('Ädä')).toBeUndefined();
        // A taken id gives a new one.
        expect(await store.insertUser(user(40, 'bob'))).toBe(41);
        expect(await store.insertUser(user(null, 'cy'))).toBe(42);
        expect(
          await uow.users.insert({
            ...user(null, 'dee'),
            locale: '',
            created_utc: '',
            modified_utc: '',
          }),
        ).toBe(43);

        expect(await store.insertPost('venue', 30, venue('Hall'))).toBe(30);
        expect(await store.isEmpty()).toBe(false);
        expect(await store.insertPost('event', 30, event('taken'))).toBe(31);
        expect(await store.insertPost('event', undefined, event('any'))).toBe(32);
        expect(await uow.events.newId()).toBe(33);
        const reserved = occurrenceId(1, 20000, '2026-05-02 20:00:00');
        expect(await store.insertPost('event', reserved, event('reserved'))).toBe(reserved);
        // An id of the reserved range does not move the ordinary ids.
        expect(
          await uow.venues.insert(linked('Next'), {
            address: '',
            city: '',
            country: '',
            province: '',
            state: '',
            zip: '',
            phone: '',
            website: '',
            stateprovince: '',
            show_map: 1,
            show_map_link: 0,
            geo_lat: null,
            geo_lng: null,
          }),
        ).toBe(34);

        expect(await store.insertTerm(9, term('category', 'jazz'))).toBe(9);
        expect(await store.insertTerm(9, term('tag', 'jazz'))).toBe(10);
        expect(
          await uow.terms.insert({
            taxonomy: 'tag',
            name: 'Folk',
            slug: 'folk',
            description: '',
            parent: null,
            color: null,
          }),
        ).toBe(11);
        expect(await store.termBySlug('tag', 'jazz')).toBe(10);
        expect(await store.termBySlug('tag', 'rock')).toBeUndefined();
      });
      const hall = await storage.read.venues.find(30);
      expect(hall).toMatchObject({ id: 30, title: 'Hall', city: 'Lyon', geo_lat: 45.75 });
      expect((await storage.read.events.get(31))?.slug).toBe('taken');
    });

    it('links, trash memory, parents, series and slugs', async () => {
      const storage = await engine.open();
      await storage.write(async (uow) => {
        const store = uow.documentImport;
        const organizer = await store.insertPost('organizer', 5, {
          ...linked('Org'),
          phone: '',
          website: '',
          email: '',
        });
        const first = await store.insertPost('event', 7, event('party'));
        const second = await store.insertPost('event', 8, event('party-2'));
        await store.insertPost('event', 9, event('party-x'));
        const jazz = await store.insertTerm(1, term('category', 'party'));
        const blues = await store.insertTerm(2, term('category', 'blues'));
        const tag = await store.insertTerm(3, term('tag', 'party-3'));
        await store.link(first, [organizer, organizer], [blues, jazz, blues, tag]);
        await store.trash(second, 'draft', 'party-old', '2026-02-01 10:00:00');
        await store.setEventParent(second, first);
        await store.setTermParent(blues, jazz);

        expect(await store.nextSlot()).toBe(1);
        await store.insertSeries(
          {
            id: first,
            lines: '["RRULE:FREQ=DAILY"]',
            timezone: 'Europe/Paris',
            all_day: 0,
            start_local: '2026-05-01 20:00:00',
            end_local: '2026-05-01 22:00:00',
            template: '{}',
            last_start_utc: null,
            modified_utc: '2026-01-01 10:00:00',
            slot: 4,
            slot_origin: 20574,
            created_utc: '2026-01-01 10:00:00',
            generated_from_utc: '',
            generated_until_utc: '',
          },
          ['2026-05-03 20:00:00', '2026-05-03 20:00:00', '2026-05-04 20:00:00'],
        );
        expect(await store.nextSlot()).toBe(5);
        await store.joinSeries(second, first, '2026-05-02 20:00:00', '["title"]');

        expect([...(await store.slugVariants('events', 'party'))].sort()).toEqual([
          'party',
          'party-2',
        ]);
        expect([...(await store.slugVariants('venues', 'party'))]).toEqual([]);
        expect([...(await store.termSlugVariants('category', 'party'))]).toEqual(['party']);
        expect([...(await store.termSlugVariants('tag', 'party'))]).toEqual(['party-3']);
        expect([...(await store.slugVariants('events', ''))]).toEqual([]);
      });
      const read = storage.read;
      // Every object written is in the change log, once, at its last write (an object created
      // and then written again in the same unit is reported updated, as the repositories do).
      const feed = await read.changes.page((state) => ({
        mode: 'changes',
        after: read.changes.cursors.after(0),
        upTo: state.seq,
        limit: 100,
        rows: false,
        names: false,
      }));
      expect(feed.changes.map((c) => `${c.kind} ${c.item_id} ${c.action}`).sort()).toEqual([
        'category 1 updated',
        'category 2 updated',
        'event 7 updated',
        'event 8 updated',
        'event 9 created',
        'organizer 5 created',
        'tag 3 updated',
      ]);
      expect((await read.events.organizersOf([7])).get(7)).toEqual([5]);
      expect(await read.events.termIds(7, 'category')).toEqual([2, 1]);
      expect(await read.events.termIds(7, 'tag')).toEqual([3]);
      expect(await read.events.trashMeta(8)).toEqual({
        post_id: 8,
        previous_status: 'draft',
        previous_slug: 'party-old',
        trashed_utc: '2026-02-01 10:00:00',
      });
      expect(await read.events.get(8)).toMatchObject({
        parent_id: 7,
        series_id: 7,
        original_start_local: '2026-05-02 20:00:00',
        detached: '["title"]',
      });
      expect((await read.terms.bySlug('category', 'blues'))?.parent).toBe(1);
      expect(await read.series.get(7)).toMatchObject({ slot: 4, slot_origin: 20574 });
      expect([...(await read.series.exceptions(7))].sort()).toEqual([
        '2026-05-03 20:00:00',
        '2026-05-04 20:00:00',
      ]);
    });

    it('refuses a row that leaves out a column, on both engines', async () => {
      const storage = await engine.open();
      const { title: _title, ...incomplete } = event('no-title');
      await expect(
        storage.write((uow) => uow.documentImport.insertPost('event', 3, incomplete)),
      ).rejects.toThrow();
    });
  });
});
