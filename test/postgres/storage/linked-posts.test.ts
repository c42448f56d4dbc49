/**
 * The storage contract of venues and organizers: the same assertions on SQLite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type {
  LinkedValues,
  ListFilter,
  Own,
  OrganizerRow,
  VenueRow,
} from '../../../server/storage/linked-posts.js';
import type { Storage } from '../../../server/storage/storage.js';
import { ENGINES } from './engines.js';

const shared = (title: string, extra: Partial<LinkedValues> = {}): LinkedValues => ({
  author: null,
  status: 'publish',
  slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  title,
  description: `About ${title}`,
  excerpt: '',
  date_utc: '2026-01-01 10:00:00',
  modified_utc: '2026-01-01 10:00:00',
  image_id: null,
  ...extra,
});

const venue = (extra: Partial<Own<VenueRow>> = {}): Own<VenueRow> => ({
  address: '1 Main St',
  city: 'Lyon',
  country: 'France',
  province: '',
  state: '',
  zip: '69001',
  phone: '',
  website: '',
  stateprovince: '',
  show_map: 1,
  show_map_link: 0,
  geo_lat: 45.76,
  geo_lng: 4.835,
  ...extra,
});

const organizer = (email: string): Own<OrganizerRow> => ({ phone: '', website: '', email });

const listing = (extra: Partial<ListFilter> = {}): ListFilter => ({
  statuses: ['publish'],
  order: { by: 'title', dir: 'asc' },
  ...extra,
});

const event = (id: number, status: string, start: string, venueId: number | null) => `
  INSERT INTO posts (id, kind) VALUES (${id}, 'event');
  INSERT INTO events (id, status, title, date_utc, modified_utc, timezone, start_local, end_local,
    start_utc, end_utc, venue_id)
  VALUES (${id}, '${status}', 'Event ${id}', '2026-01-01 00:00:00', '2026-01-01 00:00:00', 'UTC',
    '${start}', '${start}', '${start}', '${start}', ${venueId ?? 'NULL'});`;

async function venues(storage: Storage, titles: string[]): Promise<number[]> {
  return storage.write(async (uow) => {
    const ids: number[] = [];
    for (const title of titles) ids.push(await uow.venues.insert(shared(title), venue()));
    return ids;
  });
}

describe.each(ENGINES)('storage ports on $name', (engine) => {
  describe('venues and organizers', () => {
    it('inserts in the shared id space and reads back by id, slug and ids', async () => {
      const storage = await engine.open();
      const [hall, club] = await storage.write(async (uow) => [
        await uow.venues.insert(shared('Great Hall'), venue()),
        await uow.organizers.insert(shared('Jazz Club'), organizer('club@example.org')),
      ]);
      expect(club).toBe(hall! + 1);
      expect(await storage.read.venues.find(hall!)).toEqual({
        id: hall,
        ...shared('Great Hall'),
        ...venue(),
      });
      expect(await storage.read.venues.find(club!)).toBeUndefined();
      expect((await storage.read.organizers.findBySlug('jazz-club'))?.id).toBe(club);
      expect((await storage.read.venues.findMany([hall!, hall!, club!])).map((v) => v.id)).toEqual([
        hall,
      ]);
      expect(await storage.read.venues.findMany([])).toEqual([]);
      expect(await storage.read.venues.kindOf(club!)).toBe('organizer');
      expect(await storage.read.venues.kindOf(club! + 100)).toBeUndefined();
    });

    it('finds the slugs a new slug must avoid', async () => {
      const storage = await engine.open();
      const ids = await storage.write(async (uow) => {
        const out: number[] = [];
        for (const slug of ['hall', 'hall-2', 'hall-10', 'hall-x', 'hallway', 'hall-', 'hal'])
          out.push(await uow.venues.insert(shared('Hall', { slug }), venue()));
        return out;
      });
      expect([...(await storage.read.venues.slugVariants('hall', 0))].sort()).toEqual([
        'hall',
        'hall-10',
        'hall-2',
      ]);
      expect([...(await storage.read.venues.slugVariants('hall', ids[1]!))].sort()).toEqual([
        'hall',
        'hall-10',
      ]);
    });

    it('finds a duplicate by its columns, text compared without ASCII case', async () => {
      const storage = await engine.open();
      const [a] = await storage.write(async (uow) => [
        await uow.venues.insert(shared('Great Hall'), venue({ geo_lat: null, geo_lng: null })),
        await uow.venues.insert(shared('Old Hall', { status: 'trash' }), venue()),
      ]);
      const find = storage.read.venues.findDuplicate;
      expect((await find({ title: 'GREAT hall', city: 'lyon', geo_lat: null }))?.id).toBe(a);
      expect(await find({ title: 'Great Hall', geo_lat: 45.76 })).toBeUndefined();
      expect(await find({ title: 'Old Hall' })).toBeUndefined();
      expect((await find({ title: 'Great Hall', show_map: 1, unknown: 'x' }))?.id).toBe(a);
    });

    it('lists a page and its total by status, author, search words and order', async () => {
      const storage = await engine.open();
      await venues(storage, ['banana', 'Apple', 'cherry', 'Éclair', 'apple pie']);
      await storage.write(async (uow) => {
        await uow.venues.insert(shared('Draft', { status: 'draft', author: null }), venue());
        await uow.venues.insert(
          shared('Mine', { status: 'draft', author: null, slug: 'mine' }),
          venue({ city: '50% off_town' }),
        );
      });
      const titles = async (filter: ListFilter, limit = 10, offset = 0) => {
        const { rows, total } = await storage.read.venues.list(filter, limit, offset, true);
        return { titles: rows.map((r) => r.title), total };
      };
      expect(await titles(listing())).toEqual({
        titles: ['Apple', 'apple pie', 'banana', 'cherry', 'Éclair'],
        total: 5,
      });
      expect(await titles(listing({ order: { by: 'title', dir: 'desc' } }), 2, 1)).toEqual({
        titles: ['cherry', 'banana'],
        total: 5,
      });
      expect(await titles(listing({ fragments: ['APPLE'] }))).toEqual({
        titles: ['Apple', 'apple pie'],
        total: 2,
      });
      expect(await titles(listing({ fragments: ['apple', 'pie'] }))).toEqual({
        titles: ['apple pie'],
        total: 1,
      });
      expect(
        await titles(listing({ statuses: ['publish', 'draft'], fragments: ['50%', 'off_'] })),
      ).toEqual({ titles: ['Mine'], total: 1 });
      expect(await titles(listing({ statuses: ['draft'], fragments: ['50_'] }))).toEqual({
        titles: [],
        total: 0,
      });
      expect(await titles(listing(), 10, 50)).toEqual({ titles: [], total: 5 });
      const uncounted = await storage.read.venues.list(listing(), 1, 0, false);
      expect(uncounted.total).toBe(-1);
      expect(uncounted.rows).toHaveLength(1);
    });

    it('filters by linked events: of an event, having events, with upcoming events', async () => {
      const storage = await engine.open();
      const [hall, club, barn] = await venues(storage, ['Hall', 'Club', 'Barn']);
      await engine.exec(
        storage,
        event(100, 'publish', '2026-05-01 20:00:00', hall!) +
          event(101, 'draft', '2026-07-01 20:00:00', club!) +
          event(102, 'publish', '2026-03-01 20:00:00', club!),
      );
      const ids = async (filter: ListFilter) =>
        (await storage.read.venues.list(filter, 10, 0, true)).rows.map((r) => r.id);
      expect(await ids(listing({ event: 100 }))).toEqual([hall]);
      expect(await ids(listing({ hasEvents: true }))).toEqual([club, hall]);
      expect(await ids(listing({ hasEvents: false }))).toEqual([barn]);
      expect(
        await ids(listing({ upcoming: { now: '2026-04-01 00:00:00', statuses: ['publish'] } })),
      ).toEqual([hall]);
      expect(
        await ids(
          listing({ upcoming: { now: '2026-04-01 00:00:00', statuses: ['publish', 'draft'] } }),
        ),
      ).toEqual([club, hall]);
    });

    it('updates, trashes (remembering status and slug, unlinking its events) and forgets', async () => {
      const storage = await engine.open();
      const [hall] = await venues(storage, ['Hall']);
      await engine.exec(storage, event(200, 'publish', '2026-05-01 20:00:00', hall!));
      await storage.write((uow) =>
        uow.venues.update(hall!, shared('Hall', { title: 'New Hall' }), venue({ city: 'Paris' })),
      );
      const row = (await storage.read.venues.find(hall!))!;
      expect([row.title, row.city]).toEqual(['New Hall', 'Paris']);
      await storage.write((uow) =>
        uow.venues.trash(
          row,
          shared('Hall', { title: 'New Hall', status: 'trash', slug: 'hall__trashed' }),
          '2026-02-01 00:00:00',
        ),
      );
      expect(await storage.read.venues.trashMeta(hall!)).toEqual({
        previous_status: 'publish',
        previous_slug: 'hall',
      });
      expect((await storage.read.venues.find(hall!))?.status).toBe('trash');
      expect(await storage.read.venues.list(listing({ event: 200 }), 10, 0, true)).toEqual({
        rows: [],
        total: 0,
      });
      await storage.write((uow) => uow.venues.forgetTrash(hall!));
      expect(await storage.read.venues.trashMeta(hall!)).toBeUndefined();
    });
  });
});
