/**
 * The seeder loads with the derived-data triggers dropped and rebuilds what they maintain in one
 * statement each (bench/bulk.ts): the result must be exactly what the triggers would have kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/open.js';
import { seedDatabase } from '../../bench/seed.js';

const dir = mkdtempSync(join(tmpdir(), 'almanac-seed-'));
let db: Db;

beforeAll(async () => {
  const file = join(dir, 'seed.db');
  await seedDatabase({ file, events: 1500 });
  db = openDatabase(file);
}, 60_000);

afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('bench/seed.ts derived data', () => {
  it('counts each term’s published events as the triggers do', () => {
    const wrong = db
      .prepare(
        `SELECT t.id, t.count, (SELECT count(*) FROM event_terms et JOIN events e ON e.id = et.event_id
           WHERE et.term_id = t.id AND e.status = 'publish') AS expected
         FROM terms t WHERE t.count IS NOT (SELECT count(*) FROM event_terms et
           JOIN events e ON e.id = et.event_id WHERE et.term_id = t.id AND e.status = 'publish')`,
      )
      .all();
    expect(wrong).toEqual([]);
    const used = db.prepare('SELECT count(*) FROM terms WHERE count > 0').pluck().get() as number;
    expect(used).toBeGreaterThan(10);
  });

  it('keeps the per-day counts and the full-text indexes whole', () => {
    const days = db
      .prepare(
        `SELECT count(*) FROM (SELECT status, substr(start_utc, 1, 10) AS s, substr(end_utc, 1, 10) AS e,
           count(*) AS n FROM events WHERE hide_from_listings = 0 GROUP BY 1, 2, 3) AS r
         FULL JOIN event_day_counts d ON d.status = r.status AND d.start_day = r.s AND d.end_day = r.e
         WHERE d.n IS NOT r.n`,
      )
      .pluck()
      .get();
    expect(days).toBe(0);
    expect(() =>
      db.exec(`INSERT INTO events_fts (events_fts, rank) VALUES ('integrity-check', 1)`),
    ).not.toThrow();
    // The index of listed events holds exactly the published listed ones, under their keys.
    const keys = db
      .prepare(
        `SELECT count(*) FROM events_fts_listed l FULL JOIN (
           SELECT ((unixepoch(start_utc) + 2208988800) << 30) | (id << 1)
             | (end_utc > datetime(start_utc, '+2 days')) AS key
           FROM events WHERE status = 'publish' AND hide_from_listings = 0) AS e ON e.key = l.rowid
         WHERE e.key IS NULL OR l.rowid IS NULL`,
      )
      .pluck()
      .get();
    expect(keys).toBe(0);
    expect(db.prepare('SELECT count(*) FROM events_fts_listed').pluck().get()).toBeGreaterThan(
      1000,
    );
  });
});
