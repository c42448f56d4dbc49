/**
 * Migration 0006: the per-day counts of listed events stay exactly what a GROUP BY over the
 * events would give, through inserts, updates of every kind and deletions; and a window's total
 * computed from them (the listing's fast count) equals the plain count for any window.
 */
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/open.js';
import { rng, wall, type Rng } from '../../bench/seed-data.js';
import { readHandle } from '../../server/db/read.js';
import { sqliteListingReader } from '../../server/storage/sqlite/listing.js';
import type { PostStatus } from '../../shared/roles.js';

const STATUSES: PostStatus[] = ['publish', 'draft', 'pending', 'private', 'future', 'trash'];
const DAY = 86_400_000;
const BASE = Date.UTC(2026, 5, 15);

interface Times {
  status: string;
  hide: number;
  start: string;
  end: string;
}

function randomTimes(random: Rng): Times {
  const start = BASE + random.int(-12, 12) * DAY + random.int(0, 95) * 900_000;
  const end =
    start + (random.chance(0.2) ? random.int(1, 4) * DAY : 0) + random.int(0, 16) * 900_000;
  return {
    status: random.pick(STATUSES),
    hide: random.chance(0.1) ? 1 : 0,
    start: wall(start),
    end: wall(end),
  };
}

function setup(): Db {
  return openDatabase(':memory:');
}

function insert(db: Db, t: Times): number {
  const id = Number(db.prepare(`INSERT INTO posts (kind) VALUES ('event')`).run().lastInsertRowid);
  db.prepare(
    `INSERT INTO events (id, status, title, date_utc, modified_utc, timezone, start_local,
       end_local, start_utc, end_utc, hide_from_listings)
     VALUES (?, ?, 'E', '2026-01-01 00:00:00', '2026-01-01 00:00:00', 'UTC', ?, ?, ?, ?, ?)`,
  ).run(id, t.status, t.start, t.end, t.start, t.end, t.hide);
  return id;
}

function expected(db: Db) {
  return db
    .prepare(
      `SELECT status, substr(start_utc, 1, 10) AS start_day, substr(end_utc, 1, 10) AS end_day,
         count(*) AS n FROM events WHERE hide_from_listings = 0 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    )
    .all();
}

const actual = (db: Db) =>
  db.prepare('SELECT * FROM event_day_counts ORDER BY status, start_day, end_day').all();

describe('event_day_counts (migration 0006)', () => {
  it('matches a recount after random inserts, updates and deletions', () => {
    const db = setup();
    const random = rng(7);
    const ids: number[] = [];
    for (let step = 0; step < 1500; step++) {
      const roll = random.next();
      if (roll < 0.45 || ids.length === 0) ids.push(insert(db, randomTimes(random)));
      else if (roll < 0.85) {
        const id = random.pick(ids);
        const t = randomTimes(random);
        // Full-row rewrites like the events store's, with some fields kept as they were.
        db.prepare(
          `UPDATE events SET status = coalesce(?, status), start_utc = coalesce(?, start_utc),
             end_utc = coalesce(?, end_utc), hide_from_listings = coalesce(?, hide_from_listings),
             title = title WHERE id = ?`,
        ).run(
          random.chance(0.5) ? t.status : null,
          random.chance(0.4) ? t.start : null,
          random.chance(0.4) ? (t.end > t.start ? t.end : t.start) : null,
          random.chance(0.3) ? t.hide : null,
          id,
        );
      } else {
        const id = ids.splice(random.int(0, ids.length - 1), 1)[0]!;
        db.prepare('DELETE FROM posts WHERE id = ?').run(id);
      }
    }
    expect(actual(db)).toEqual(expected(db));
    expect(db.prepare('SELECT count(*) AS n FROM event_day_counts WHERE n <= 0').get()).toEqual({
      n: 0,
    });
    db.close();
  });

  it('gives exact window totals, whatever the window and the statuses', () => {
    const db = setup();
    const random = rng(11);
    for (let i = 0; i < 600; i++) insert(db, randomTimes(random));
    const query = sqliteListingReader(readHandle(db));
    for (let k = 0; k < 300; k++) {
      const a = BASE + random.int(-14, 14) * DAY + random.int(0, 86_399) * 1000;
      const b = a + random.int(0, 20) * DAY + random.int(-86_399, 86_399) * 1000;
      const statuses = STATUSES.filter(() => random.chance(0.5));
      if (statuses.length === 0) statuses.push('publish');
      const startMin = wall(a);
      const endMax = wall(b);
      const plain = db
        .prepare(
          `SELECT count(*) AS n FROM events WHERE hide_from_listings = 0
           AND status IN (SELECT value FROM json_each(?)) AND start_utc >= ? AND end_utc <= ?`,
        )
        .get(JSON.stringify(statuses), startMin, endMax) as { n: number };
      const fast = query.count({ visibility: { kind: 'all', statuses }, startMin, endMax });
      expect(fast, `${startMin} → ${endMax}`).toBe(plain.n);
    }
    db.close();
  });
});
