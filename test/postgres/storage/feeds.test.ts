/**
 * The storage contract of what feeds, CalDAV objects and the iCalendar import read: the same
 * assertions on SQLite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { Storage } from '../../../server/storage/storage.js';
import { ENGINES, type Engine } from './engines.js';

const event = (
  id: number,
  o: {
    status?: string;
    zone?: string;
    start?: string;
    end?: string;
    allDay?: 0 | 1;
    venue?: number;
    series?: number;
    original?: string;
  } = {},
) => {
  const start = o.start ?? '2026-05-01 20:00:00';
  const end = o.end ?? '2026-05-01 21:00:00';
  return `
  INSERT INTO posts (id, kind) VALUES (${id}, 'event');
  INSERT INTO events (id, status, slug, title, description, date_utc, modified_utc, timezone,
    start_local, end_local, start_utc, end_utc, all_day, venue_id, series_id, original_start_local)
  VALUES (${id}, '${o.status ?? 'publish'}', 'e-${id}', 'Event ${id}', 'About ${id}',
    '2026-01-01 00:00:00', '2026-01-0${(id % 9) + 1} 00:00:00', '${o.zone ?? 'Europe/Paris'}',
    '${start}', '${end}', '${start}', '${end}', ${o.allDay ?? 0}, ${o.venue ?? 'NULL'},
    ${o.series ?? 'NULL'}, ${o.original ? `'${o.original}'` : 'NULL'});`;
};

const linked = (kind: 'venue' | 'organizer', id: number, title: string, extra = '') => `
  INSERT INTO posts (id, kind) VALUES (${id}, '${kind}');
  INSERT INTO ${kind}s (id, status, slug, title, date_utc, modified_utc${extra ? ', email' : ''})
  VALUES (${id}, '${title.startsWith('Gone') ? 'trash' : 'publish'}', 's-${id}', '${title}',
    '2026-01-01 00:00:00', '2026-01-01 00:00:00'${extra ? `, '${extra}'` : ''});`;

async function fixture(engine: Engine): Promise<Storage> {
  const storage = await engine.open();
  await engine.exec(
    storage,
    [
      linked('venue', 1, 'Great Hall'),
      linked('venue', 2, 'Gone Hall'),
      linked('organizer', 3, 'Jazz Club', 'Club@Example.org'),
      linked('organizer', 4, 'Choir', 'choir@example.org'),
      `INSERT INTO terms (id, taxonomy, name, slug) VALUES (1, 'category', 'Music', 'music'),
         (2, 'category', 'Art', 'art'), (3, 'tag', 'free', 'free');`,
      `INSERT INTO series (id, lines, timezone, all_day, start_local, end_local, template,
         generated_from_utc, generated_until_utc, modified_utc)
       VALUES (20, '["RRULE:FREQ=DAILY"]', 'Europe/Paris', 0, '2026-06-01 10:00:00',
         '2026-06-01 11:00:00', '{}', '2026-06-01 00:00:00', '2026-06-01 00:00:00',
         '2026-01-05 00:00:00');`,
      event(10, { venue: 1 }),
      event(11, { zone: 'America/New_York', start: '2025-03-01 09:00:00', venue: 2 }),
      event(12, { status: 'draft', start: '2027-12-31 23:00:00', end: '2028-01-01 01:00:00' }),
      event(13, { allDay: 1, zone: 'Asia/Tokyo', start: '2026-02-01 00:00:00' }),
      event(20, { series: 20, original: '2026-06-01 10:00:00', start: '2026-06-01 10:00:00' }),
      event(21, { series: 20, original: '2026-06-02 10:00:00', start: '2026-06-02 12:00:00' }),
      `INSERT INTO series_exceptions (series_id, original_start_local)
       VALUES (20, '2026-06-03 10:00:00'), (20, '2026-07-01 10:00:00');`,
      `INSERT INTO event_terms (event_id, term_id, position) VALUES (10, 2, 0), (10, 1, 1),
         (10, 3, 2), (11, 1, 0);`,
      `INSERT INTO event_organizers (event_id, organizer_id, position) VALUES (10, 4, 0),
         (10, 3, 1), (12, 3, 0);`,
    ].join('\n'),
  );
  return storage;
}

describe.each(ENGINES)('storage ports on $name', (engine) => {
  describe('feeds', () => {
    it('reads events, fingerprints and SEQUENCEs in the order given', async () => {
      const storage = await fixture(engine);
      const feeds = storage.read.feeds;
      expect((await feeds.events([12, 10, 99, 11])).map((row) => row.id)).toEqual([12, 10, 11]);
      expect(await feeds.events([])).toEqual([]);
      const [row] = await feeds.events([10]);
      expect(row).toEqual({
        id: 10,
        author: null,
        status: 'publish',
        slug: 'e-10',
        title: 'Event 10',
        description: 'About 10',
        date_utc: '2026-01-01 00:00:00',
        modified_utc: '2026-01-02 00:00:00',
        timezone: 'Europe/Paris',
        start_local: '2026-05-01 20:00:00',
        end_local: '2026-05-01 21:00:00',
        all_day: 0,
        venue_id: 1,
        event_status: row!.event_status,
      });
      await storage.write((uow) =>
        uow.feeds.putIcal({
          event_id: 11,
          sequence: 4,
          uid: 'abc@elsewhere',
          source_sequence: 3,
          source_modified: '2025-01-01 00:00:00',
        }),
      );
      expect(await feeds.fingerprints([11, 10])).toEqual([
        [11, '2026-01-03 00:00:00', 4],
        [10, '2026-01-02 00:00:00', 0],
      ]);
      expect(await feeds.ical([10, 11])).toEqual(
        new Map([
          [
            11,
            {
              event_id: 11,
              sequence: 4,
              uid: 'abc@elsewhere',
              source_sequence: 3,
              source_modified: '2025-01-01 00:00:00',
            },
          ],
        ]),
      );
      expect((await feeds.byUid('abc@elsewhere'))?.event_id).toBe(11);
      expect(await feeds.byUid('nobody')).toBeUndefined();
      await storage.write((uow) =>
        uow.feeds.putIcal({
          event_id: 11,
          sequence: 5,
          uid: null,
          source_sequence: null,
          source_modified: null,
        }),
      );
      expect(await feeds.byUid('abc@elsewhere')).toBeUndefined();
      expect((await feeds.ical([11])).get(11)?.sequence).toBe(5);
    });

    it('gives the zones of timed events with their spans, categories and organizers in order', async () => {
      const storage = await fixture(engine);
      const feeds = storage.read.feeds;
      expect(await feeds.zones([10, 11, 12, 13])).toEqual([
        { timezone: 'America/New_York', first: '2025-03-01 09:00:00', last: '2026-05-01 21:00:00' },
        { timezone: 'Europe/Paris', first: '2026-05-01 20:00:00', last: '2028-01-01 01:00:00' },
      ]);
      expect(await feeds.categories([11, 10, 12])).toEqual(
        new Map([
          [11, ['Music']],
          [10, ['Art', 'Music']],
        ]),
      );
      const organizers = await feeds.organizers([10, 12]);
      expect(organizers.get(10)?.map((o) => [o.id, o.email, o.slug])).toEqual([
        [4, 'choir@example.org', 's-4'],
        [3, 'Club@Example.org', 's-3'],
      ]);
      expect(organizers.get(12)?.map((o) => o.title)).toEqual(['Jazz Club']);
      const venues = await feeds.venues([1, 2, 5]);
      expect([...venues.keys()].sort()).toEqual([1, 2]);
      expect(venues.get(2)).toMatchObject({ title: 'Gone Hall', status: 'trash', geo_lat: null });
    });

    it('reads a series, its occurrences and its removed dates', async () => {
      const storage = await fixture(engine);
      const feeds = storage.read.feeds;
      expect(await feeds.occurrences([10, 21, 20])).toEqual([
        {
          id: 21,
          series_id: 20,
          original_start_local: '2026-06-02 10:00:00',
          start_local: '2026-06-02 12:00:00',
          detached: null,
        },
        {
          id: 20,
          series_id: 20,
          original_start_local: '2026-06-01 10:00:00',
          start_local: '2026-06-01 10:00:00',
          detached: null,
        },
      ]);
      expect(await feeds.series([20, 21])).toEqual([
        {
          id: 20,
          lines: '["RRULE:FREQ=DAILY"]',
          timezone: 'Europe/Paris',
          all_day: 0,
          start_local: '2026-06-01 10:00:00',
          end_local: '2026-06-01 11:00:00',
          modified_utc: '2026-01-05 00:00:00',
        },
      ]);
      const members = await feeds.members(20, '2026-06-02 00:00:00', '2026-06-30 23:59:59');
      expect(members).toEqual({
        rows: [{ id: 21, original: '2026-06-02 10:00:00' }],
        removed: ['2026-06-03 10:00:00'],
      });
    });

    it('counts published events up to a limit, and finds live venues and organizers by name', async () => {
      const storage = await fixture(engine);
      const feeds = storage.read.feeds;
      // 10, 11, 13, 20 and 21 are published.
      expect(
        await Promise.all([0, 4, 5, 6].map((limit) => feeds.publishedMoreThan(limit))),
      ).toEqual([true, true, false, false]);
      expect(await feeds.venueByName('GREAT hall')).toBe(1);
      expect(await feeds.venueByName('Gone Hall')).toBeUndefined();
      expect(await feeds.organizerByEmail('club@example.ORG')).toBe(3);
      expect(await feeds.organizerByEmail('')).toBeUndefined();
      expect(await feeds.organizerByName('choir')).toBe(4);
      expect(await feeds.organizerByName('Chóir')).toBeUndefined();
      const state = await feeds.state();
      expect(state.site_uid).toMatch(/^[0-9a-f]{16}$/);
      expect(state.changed_utc).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    });
  });
});
