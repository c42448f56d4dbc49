/**
 * What the scenarios need to know about a seeded database (ids, slugs, a busy category and its
 * venues, a search word), read from the file itself so any seeded database can be benchmarked.
 */
import Database from 'better-sqlite3';
import { DEEP_PAGE } from './scenarios.js';

export interface Fixture {
  events: number;
  /** Published, listed events: targets of single reads and updates. */
  eventIds: number[];
  slugs: string[];
  categoryIds: number[];
  tagIds: number[];
  venueIds: number[];
  organizerIds: number[];
  /** A category and venues that, combined, select a handful of upcoming events. */
  filter: { category: number; venues: number[] };
  search: string;
  /** A far page of the default listing that exists at this size: page 200 from ~10k events on. */
  deepPage: number;
}

/** A topic word from the seeder's list: it appears in about 1 title in 40. */
export const SEARCH_WORD = 'tango';

export function readFixture(file: string, sample = 2000): Fixture {
  const db = new Database(file, { fileMustExist: true });
  try {
    const events = (db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
    const picked = db
      .prepare(
        `SELECT id, slug FROM events
         WHERE status = 'publish' AND hide_from_listings = 0 AND id % 7 = 3
         ORDER BY id LIMIT ?`,
      )
      .all(sample) as Array<{ id: number; slug: string }>;
    const ids = (sql: string) => (db.prepare(sql).all() as Array<{ id: number }>).map((r) => r.id);
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
    const busy = db
      .prepare(
        `SELECT e.venue_id AS venue, count(*) AS n FROM events e
         JOIN venues v ON v.id = e.venue_id AND v.status = 'publish'
         WHERE e.status = 'publish' AND e.start_utc >= ? AND e.venue_id IS NOT NULL
         GROUP BY e.venue_id ORDER BY n DESC, e.venue_id LIMIT 3`,
      )
      .all(now) as Array<{ venue: number }>;
    const category = db
      .prepare(
        `SELECT term_id AS id FROM event_terms et JOIN terms t ON t.id = et.term_id
         WHERE t.taxonomy = 'category' AND et.event_id IN
           (SELECT id FROM events WHERE venue_id IN (SELECT value FROM json_each(?)))
         GROUP BY term_id ORDER BY count(*) DESC, term_id LIMIT 1`,
      )
      .get(JSON.stringify(busy.map((b) => b.venue))) as { id: number } | undefined;
    const listed = (
      db
        .prepare(
          `SELECT count(*) AS n FROM events
           WHERE status = 'publish' AND hide_from_listings = 0 AND start_utc >= ? AND end_utc <= ?`,
        )
        .get(now.slice(0, 10), `${Number(now.slice(0, 4)) + 2}${now.slice(4, 10)}`) as { n: number }
    ).n;
    return {
      events,
      deepPage: Math.max(1, Math.min(DEEP_PAGE, Math.floor(listed / 10 / 2))),
      eventIds: picked.map((r) => r.id),
      slugs: picked.map((r) => r.slug),
      categoryIds: ids(`SELECT id FROM terms WHERE taxonomy = 'category' ORDER BY id`),
      tagIds: ids(`SELECT id FROM terms WHERE taxonomy = 'tag' ORDER BY id`),
      venueIds: ids(`SELECT id FROM venues WHERE status = 'publish' ORDER BY id LIMIT 500`),
      organizerIds: ids(`SELECT id FROM organizers WHERE status = 'publish' ORDER BY id LIMIT 500`),
      filter: { category: category?.id ?? 1, venues: busy.map((b) => b.venue) },
      search: SEARCH_WORD,
    };
  } finally {
    db.close();
  }
}
