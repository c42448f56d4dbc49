/**
 * The listing's query plans (which filter drives, per-row checks, walking the listing index or
 * loading the matches, the narrow count index) are optimisations only: on a seeded calendar,
 * every combination of filters, pages and totals gives exactly what a plain query gives.
 */
import { describe, expect, it } from 'vitest';
import { readHandle } from '../../server/db/read.js';
import { countsFirst, type EventQuery } from '../../server/storage/listing.js';
import { sqliteListingReader } from '../../server/storage/sqlite/listing.js';
import { seededCalendar } from '../helpers/seeded.js';
import { rng } from '../../bench/seed-data.js';

const calendar = seededCalendar(3000, new Date('2026-06-15T12:00:00Z'));

/** The same listing written plainly: no hints, every filter as a membership test. */
function reference(q: EventQuery, limit: number, offset: number): { ids: number[]; total: number } {
  const db = calendar.db();
  const where = ['hide_from_listings = 0', `status IN (SELECT value FROM json_each(@statuses))`];
  const params: Record<string, string> = {
    statuses: JSON.stringify(q.visibility.kind === 'all' ? q.visibility.statuses : []),
  };
  const add = (name: string, value: string | undefined, sql: string) => {
    if (value === undefined) return;
    params[name] = value;
    where.push(sql);
  };
  add('startMin', q.startMin, 'start_utc >= @startMin');
  add('endMax', q.endMax, 'end_utc <= @endMax');
  const ids = (name: string, values: number[] | undefined, sql: string) => {
    if (values === undefined) return;
    params[name] = JSON.stringify(values);
    where.push(sql);
  };
  ids(
    'cats',
    q.categories,
    'id IN (SELECT event_id FROM event_terms WHERE term_id IN (SELECT value FROM json_each(@cats)))',
  );
  ids(
    'tags',
    q.tags,
    'id IN (SELECT event_id FROM event_terms WHERE term_id IN (SELECT value FROM json_each(@tags)))',
  );
  ids('venues', q.venues, 'venue_id IN (SELECT value FROM json_each(@venues))');
  ids(
    'orgs',
    q.organizers,
    'id IN (SELECT event_id FROM event_organizers WHERE organizer_id IN (SELECT value FROM json_each(@orgs)))',
  );
  ids('search', q.search, 'id IN (SELECT value FROM json_each(@search))');
  const sql = where.join(' AND ');
  const rows = db
    .prepare(
      `SELECT id FROM events WHERE ${sql} ORDER BY start_utc, id LIMIT ${limit} OFFSET ${offset}`,
    )
    .all(params) as Array<{ id: number }>;
  const total = (
    db.prepare(`SELECT count(*) AS n FROM events WHERE ${sql}`).get(params) as { n: number }
  ).n;
  return { ids: rows.map((r) => r.id), total };
}

describe('listing plans', () => {
  it('give the plain query’s pages and totals for every filter combination', () => {
    const db = calendar.db();
    const query = sqliteListingReader(readHandle(db));
    const pick = (sql: string) => (db.prepare(sql).all() as Array<{ id: number }>).map((r) => r.id);
    const categories = pick(`SELECT id FROM terms WHERE taxonomy = 'category'`);
    const tags = pick(`SELECT id FROM terms WHERE taxonomy = 'tag'`);
    const venues = pick(`SELECT id FROM venues LIMIT 60`);
    const organizers = pick(`SELECT id FROM organizers LIMIT 30`);
    const words = [['tango'], ['jazz', 'festival'], ['yoga'], ['nothingmatches']].map((search) =>
      query.searchCandidates(search),
    );
    const random = rng(5);
    for (let k = 0; k < 150; k++) {
      const q: EventQuery = {
        visibility: {
          kind: 'all',
          statuses: random.chance(0.7) ? ['publish'] : ['publish', 'draft', 'private'],
        },
        startMin: random.chance(0.9) ? '2026-06-14 00:00:00' : '2024-01-01 00:00:00',
        endMax: random.chance(0.8) ? '2028-06-15 23:59:59' : '2026-09-01 12:00:00',
      };
      if (random.chance(0.4)) q.categories = [random.pick(categories), random.pick(categories)];
      if (random.chance(0.3)) q.tags = [random.pick(tags)];
      if (random.chance(0.3)) q.venues = [random.pick(venues), random.pick(venues)];
      if (random.chance(0.2)) q.organizers = [random.pick(organizers)];
      if (random.chance(0.4)) q.search = random.pick(words);
      const limit = random.pick([1, 10, 50]);
      const offset = random.pick([0, 0, 10, 40]);
      const expected = reference(q, limit, offset);
      const total = query.count(q);
      expect(total, JSON.stringify(q)).toBe(expected.total);
      const known = countsFirst(q) ? total : undefined;
      expect(
        query.page(q, limit, offset, known).map((r) => r.id),
        JSON.stringify(q),
      ).toEqual(expected.ids);
      expect(
        query.page(q, limit, offset).map((r) => r.id),
        JSON.stringify(q),
      ).toEqual(expected.ids);
    }
  });
});
