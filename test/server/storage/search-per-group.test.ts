/**
 * The full-text indexes written once per group of writes (migration 0030,
 * storage/sqlite/search-per-group.ts): the same writes made by a group and by plain transactions
 * (whose triggers index each event at once) leave both indexes answering every search the same,
 * through new text, the same text, status, dates, hiding, deletion, new events, several writes of
 * one event in a group and a write rolled back to its savepoint; no note is ever committed.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../server/db/open.js';
import { EVENT_COLUMNS } from '../../../server/storage/events.js';
import { writeInGroup } from '../../../server/storage/sqlite/group-commit.js';
import { seedDatabase } from '../../../bench/seed.js';

const dir = mkdtempSync(join(tmpdir(), 'almanac-search-group-'));
let grouped: Db;
let plain: Db;

beforeAll(async () => {
  const file = join(dir, 'seeded.db');
  await seedDatabase({ file, events: 600, now: new Date('2026-06-15T12:00:00Z') });
  copyFileSync(file, join(dir, 'twin.db'));
  grouped = openDatabase(file);
  plain = openDatabase(join(dir, 'twin.db'));
}, 60_000);

afterAll(() => {
  grouped.close();
  plain.close();
  rmSync(dir, { recursive: true, force: true });
});

const WORDS = [
  'tango',
  'jazz',
  'festival',
  'night',
  'plain',
  'evening',
  'renamed',
  'yoga',
  'fresh',
];

/** What each index answers: every word's matches, and the listed index's keys. */
function answers(db: Db) {
  const match = (table: string, word: string) =>
    db
      .prepare<[string], number>(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid`)
      .pluck()
      .all(word);
  return {
    all: WORDS.map((w) => match('events_fts', w)),
    listed: WORDS.map((w) => match('events_fts_listed', w)),
    keys: db
      .prepare<[], number>('SELECT rowid FROM events_fts_listed ORDER BY rowid')
      .pluck()
      .all(),
  };
}

class Refused extends Error {}

/** A new event's columns copied from another's, but for these. */
const GIVEN = { slug: "'fresh-' || @fresh", title: "'Fresh tango ' || @i", status: "'publish'" };
const copied = EVENT_COLUMNS.filter((c) => !(c in GIVEN));
const COPY = `INSERT INTO events (id, ${[...Object.keys(GIVEN), ...copied].join(', ')})
  SELECT @fresh, ${[...Object.values(GIVEN), ...copied].join(', ')} FROM events WHERE id = @id`;

/** One write of an event, by its position among the chosen ones (several kinds, some twice). */
function write(db: Db, id: number, i: number, fresh: number): void {
  const run = (sql: string) => db.prepare(sql).run({ id, fresh, i });
  switch (i % 10) {
    case 0:
      run(`UPDATE events SET title = 'Plain evening ' || @i WHERE id = @id`);
      break;
    case 1:
      run(`UPDATE events SET status = CASE status WHEN 'publish' THEN 'draft' ELSE 'publish' END
        WHERE id = @id`);
      break;
    case 2:
      // Long, and moved: a new listed key with the same text.
      run(`UPDATE events SET start_utc = '2026-06-30 10:00:00', end_utc = '2028-07-01 10:00:00'
        WHERE id = @id`);
      break;
    case 3:
      run(`UPDATE events SET hide_from_listings = 1 - hide_from_listings WHERE id = @id`);
      break;
    case 4:
      // Text and dates at once, then the text again in the same group.
      run(`UPDATE events SET start_utc = '2026-09-01 11:00:00', end_utc = '2026-09-01 13:00:00',
        title = title || ' jazz festival' WHERE id = @id`);
      run(`UPDATE events SET title = 'Renamed night' WHERE id = @id`);
      break;
    case 5:
      run('DELETE FROM posts WHERE id = @id');
      break;
    case 6:
      // Nothing indexed changes.
      run(`UPDATE events SET cost = '12', featured = 1 - featured WHERE id = @id`);
      break;
    case 7:
      // A new event copied from this one, then renamed in the same group.
      run(`INSERT INTO posts (id, kind) VALUES (@fresh, 'event')`);
      run(COPY);
      run(`UPDATE events SET title = title || ' yoga' WHERE id = @fresh`);
      break;
    case 8:
      // Changed, then rolled back to its savepoint by the failure that follows.
      run(`UPDATE events SET title = 'Rolled back yoga' WHERE id = @id`);
      run('DELETE FROM posts WHERE id = @id');
      throw new Refused();
    default:
      // Changed and changed back: the index keeps its rows.
      run(`UPDATE events SET title = title || ' x', status = 'draft' WHERE id = @id`);
      run(`UPDATE events SET title = substr(title, 1, length(title) - 2), status = 'publish'
        WHERE id = @id`);
  }
}

describe('the search indexes of a group of writes', () => {
  it('answer as the indexes written at each write do', async () => {
    expect(answers(grouped)).toEqual(answers(plain));
    const ids = grouped
      .prepare<[], number>(
        `SELECT id FROM events WHERE status IN ('publish', 'draft')
         AND (title LIKE '%tango%' OR title LIKE '%night%' OR id % 7 = 0) ORDER BY id LIMIT 120`,
      )
      .pluck()
      .all();
    expect(ids.length).toBe(120);
    const top = grouped.prepare<[], number>('SELECT max(id) FROM posts').pluck().get()!;
    // Three groups of 40 (a group holds up to 64 writes).
    for (let from = 0; from < ids.length; from += 40) {
      const slice = ids.slice(from, from + 40);
      const outcomes = await Promise.allSettled(
        slice.map((id, k) =>
          writeInGroup(grouped, () => write(grouped, id, from + k, top + 1 + from + k)),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'rejected').length).toBe(4);
      for (const [k, id] of slice.entries()) {
        try {
          plain.transaction(() => write(plain, id, from + k, top + 1 + from + k))();
        } catch (error) {
          if (!(error instanceof Refused)) throw error;
        }
      }
      expect(grouped.prepare('SELECT count(*) AS n FROM search_pending').get()).toEqual({ n: 0 });
    }
    const after = answers(grouped);
    expect(after).toEqual(answers(plain));
    // The writes changed what the searches find.
    expect(after.all[WORDS.indexOf('renamed')]!.length).toBeGreaterThan(0);
    expect(after.listed[WORDS.indexOf('fresh')]!.length).toBeGreaterThan(0);
    for (const table of ['events_fts', 'events_fts_listed']) {
      expect(() =>
        grouped.exec(`INSERT INTO ${table} (${table}, rank) VALUES ('integrity-check', 1)`),
      ).not.toThrow();
    }
  });

  it('are not written by a group that leaves every text and listed key as it was', async () => {
    const stored = () =>
      ['events_fts_data', 'events_fts_listed_data'].map((table) =>
        grouped.prepare(`SELECT id, block FROM ${table} ORDER BY id`).all(),
      );
    const before = stored();
    const ids = grouped
      .prepare<[], number>("SELECT id FROM events WHERE status = 'publish' ORDER BY id LIMIT 20")
      .pluck()
      .all();
    // Changed and changed back (noted, then found as it was), or with nothing indexed changed.
    await Promise.all(
      ids.map((id, k) => writeInGroup(grouped, () => write(grouped, id, k % 2 ? 9 : 6, 0))),
    );
    expect(stored()).toEqual(before);
  });

  it('leave the indexes to the triggers outside a group', () => {
    const id = grouped
      .prepare<[], number>("SELECT id FROM events WHERE status = 'publish' ORDER BY id LIMIT 1")
      .pluck()
      .get()!;
    grouped.prepare("UPDATE events SET title = 'Solitary zebra' WHERE id = ?").run(id);
    expect(
      grouped
        .prepare<[], number>("SELECT rowid FROM events_fts WHERE events_fts MATCH 'zebra'")
        .pluck()
        .all(),
    ).toEqual([id]);
    expect(grouped.prepare('SELECT count(*) AS n FROM search_pending').get()).toEqual({ n: 0 });
  });
});
