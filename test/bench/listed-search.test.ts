/**
 * Search listings answered from the index of listed events (storage/sqlite/listed-search.ts, migration
 * 0017) give exactly the general plan's totals and pages, on a seeded calendar and after the
 * writes its triggers follow: new text, status, dates, hiding, deletion, long events ending after
 * a window, and events the keys cannot hold.
 */
import { describe, expect, it } from 'vitest';
import { readHandle } from '../../server/db/read.js';
import type { EventQuery } from '../../server/storage/listing.js';
import { sqliteListingReader } from '../../server/storage/sqlite/listing.js';
import { seededCalendar } from '../helpers/seeded.js';
import { rng } from '../../bench/seed-data.js';

const calendar = seededCalendar(3000, new Date('2026-06-15T12:00:00Z'));

const WORDS = [['tango'], ['jazz', 'festival'], ['yoga'], ['night'], ['nothingmatches'], ['ta']];

/** Many searches, each answered by both plans; returns how many the index answered. */
function compare(seed: number, rounds = 120): number {
  const db = calendar.db();
  const general = sqliteListingReader(readHandle(db));
  const random = rng(seed);
  let answered = 0;
  for (let k = 0; k < rounds; k++) {
    const q: EventQuery = { visibility: { kind: 'all', statuses: ['publish'] } };
    if (random.chance(0.8)) {
      q.startMin = random.pick([
        '2026-06-14 00:00:00',
        '2024-01-01 00:00:00',
        '2027-02-03 10:00:00',
        // Beyond what the keys hold, on either side.
        '1850-01-01 00:00:00',
      ]);
      q.endMax = random.pick([
        '2028-06-15 23:59:59',
        '2026-09-01 12:00:00',
        '2026-07-04 23:59:59',
        '2200-12-31 23:59:59',
      ]);
    } else {
      if (random.chance(0.5))
        q.startsAfter = random.pick(['2026-05-01 08:30:00', '1800-01-01 00:00:00']);
      if (random.chance(0.5))
        q.startsBefore = random.pick(['2027-01-01 00:00:00', '2300-01-01 00:00:00']);
    }
    const words = random.pick(WORDS);
    const limit = random.pick([1, 10, 50]);
    const offset = random.pick([0, 0, 10, 40, 400]);
    const found = general.searchPage(q, words, limit, offset);
    if (!found) continue;
    answered++;
    const withSearch = { ...q, search: general.searchCandidates(words) };
    const label = JSON.stringify({ ...q, words, limit, offset });
    expect(found.total, label).toBe(general.count(withSearch));
    expect(
      found.rows.map((r) => r.id),
      label,
    ).toEqual(general.page(withSearch, limit, offset).map((r) => r.id));
  }
  return answered;
}

describe('search listings from the index of listed events', () => {
  it('give the general plan’s totals and pages', () => {
    expect(compare(7)).toBe(120);
  });

  it('follow every write that changes what a search lists', () => {
    const db = calendar.db();
    const ids = db
      .prepare(`SELECT id FROM events WHERE title LIKE '%tango%' ORDER BY id LIMIT 60`)
      .pluck()
      .all() as number[];
    const set = (sql: string, id: number) => db.prepare(sql).run(id);
    db.transaction(() => {
      for (const [i, id] of ids.entries()) {
        switch (i % 6) {
          case 0:
            set(`UPDATE events SET title = 'Plain evening' WHERE id = ?`, id);
            break;
          case 1:
            set(
              `UPDATE events SET status = CASE status WHEN 'publish' THEN 'draft' ELSE 'publish' END WHERE id = ?`,
              id,
            );
            break;
          case 2:
            // Long, and ending after the windows' ends.
            set(
              `UPDATE events SET start_utc = '2026-06-30 10:00:00', end_utc = '2028-07-01 10:00:00' WHERE id = ?`,
              id,
            );
            break;
          case 3:
            set(`UPDATE events SET hide_from_listings = 1 - hide_from_listings WHERE id = ?`, id);
            break;
          case 4:
            // Short, starting on a window's last day and ending after it.
            set(
              `UPDATE events SET start_utc = '2026-09-01 11:00:00', end_utc = '2026-09-01 13:00:00', title = title || ' jazz festival' WHERE id = ?`,
              id,
            );
            break;
          default:
            set('DELETE FROM events WHERE id = ?', id);
        }
      }
      db.exec(`UPDATE events SET title = title || ' night' WHERE id % 9 = 1`);
    })();
    expect(compare(11)).toBe(120);
    expect(() =>
      db.exec(
        `INSERT INTO events_fts_listed (events_fts_listed, rank) VALUES ('integrity-check', 1)`,
      ),
    ).not.toThrow();
  });

  it('keep answering when occurrences are stored with their reserved ids', () => {
    const db = calendar.db();
    const template = db
      .prepare(
        `SELECT * FROM events WHERE status = 'publish' AND hide_from_listings = 0
         AND title LIKE '%tango%' ORDER BY id LIMIT 3`,
      )
      .all() as Record<string, unknown>[];
    db.transaction(() => {
      for (const [i, row] of template.entries()) {
        // The ids of occurrences changed on their own: 2^50 and above (occurrence-id.ts).
        const id = 2 ** 50 + (i + 1) * 2 ** 24 + 2 ** 23;
        db.prepare("INSERT INTO posts (id, kind) VALUES (?, 'event')").run(id);
        const columns = Object.keys(row).filter((name) => name !== 'id');
        db.prepare(
          `INSERT INTO events (id, ${columns.join(', ')}) VALUES (@id, ${columns.map((c) => `@${c}`).join(', ')})`,
        ).run({ ...row, id });
      }
    })();
    expect(compare(17)).toBe(120);
  });

  it('leave listings to the general plan when an event does not fit the keys', () => {
    const db = calendar.db();
    const id = db
      .prepare(`SELECT id FROM events WHERE status = 'publish' AND hide_from_listings = 0 LIMIT 1`)
      .pluck()
      .get() as number;
    db.prepare(`UPDATE events SET start_utc = '1850-01-01 10:00:00' WHERE id = ?`).run(id);
    expect(compare(13, 10)).toBe(0);
  });
});
