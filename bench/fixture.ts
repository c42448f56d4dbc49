/**
 * What the scenarios need to know about a seeded database (ids, slugs, a busy category and its
 * venues, a search word), read from the file itself so any seeded database can be benchmarked.
 */
import Database from 'better-sqlite3';
import { pageToken } from '../server/resources/sync/tokens.js';
import { SYNC_KINDS } from '../server/storage/changes.js';

/** The page the "deep page" listing reaches: far from the first, present at 10k events too. */
export const DEEP_PAGE = 200;

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
  /** Search words drawn from the seeded titles, the varied searches' vocabulary. */
  words: string[];
  /** Category and venue pairs that select upcoming events together, for varied filters. */
  pairs: Array<{ category: number; venue: number }>;
  /** Where the change feed's history stands, to ask for full-sync pages at any event. */
  sync: { epoch: string; seq: number } | undefined;
  /** Days (YYYY-MM-DD) around today that varied listings start their window on. */
  days: string[];
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
    // Every 97th title of a sample spread over the ids: the words real searches would use.
    const titles = db
      .prepare(`SELECT title FROM events WHERE status = 'publish' AND id % 97 = 5 LIMIT 3000`)
      .pluck()
      .all() as string[];
    const words = [
      ...new Set(
        titles.flatMap((t) =>
          t
            .toLowerCase()
            .split(/[^\p{L}]+/u)
            .filter((w) => w.length >= 3 && w !== 'with'),
        ),
      ),
    ].sort();
    const pairs = db
      .prepare(
        `SELECT et.term_id AS category, e.venue_id AS venue FROM events e
         JOIN event_terms et ON et.event_id = e.id
         JOIN terms t ON t.id = et.term_id AND t.taxonomy = 'category'
         JOIN venues v ON v.id = e.venue_id AND v.status = 'publish'
         WHERE e.status = 'publish' AND e.start_utc >= ? AND e.id % 13 = 2
         ORDER BY e.id LIMIT 500`,
      )
      .all(now) as Array<{ category: number; venue: number }>;
    const today = Date.parse(`${now.slice(0, 10)}T00:00:00Z`);
    const days = Array.from({ length: 400 }, (_, k) =>
      new Date(today + (k - 30) * 86_400_000).toISOString().slice(0, 10),
    );
    return {
      events,
      words,
      pairs:
        pairs.length > 0 ? pairs : [{ category: category?.id ?? 1, venue: busy[0]?.venue ?? 1 }],
      days,
      sync: db.prepare('SELECT epoch, seq FROM sync_state WHERE id = 1').get() as
        { epoch: string; seq: number } | undefined,
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

/** A full sync's page token that resumes among the events, after `after` (its id order). */
export const syncPageToken = (sync: { epoch: string; seq: number }, after: number): string =>
  pageToken({
    mode: 'full',
    epoch: sync.epoch,
    upTo: sync.seq,
    kind: SYNC_KINDS.indexOf('event'),
    after: Math.max(0, after),
  });
