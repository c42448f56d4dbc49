import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../../server/db/open.js';
import { readHandle } from '../../../../server/db/read.js';
import type { EventQuery } from '../../../../server/storage/listing.js';
import { sqliteListingReader } from '../../../../server/storage/sqlite/listing.js';

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const wall = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

function seed(db: Db, count: number) {
  const next = random(7);
  const base = Date.parse('2026-06-01T00:00:00Z');
  const post = db.prepare("INSERT INTO posts (kind) VALUES ('event')");
  const insert = db.prepare(
    `INSERT INTO events (id, author, status, slug, title, date_utc, modified_utc, timezone, start_local,
       end_local, start_utc, end_utc, hide_from_listings)
     VALUES (?, NULL, ?, '', 't', '2026-01-01 00:00:00', '2026-01-01 00:00:00', 'UTC', ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const id = Number(post.run().lastInsertRowid);
      // Starts every quarter hour over 40 days; lengths from minutes to several days.
      const start = base + Math.floor(next() * 40 * 96) * 900_000;
      const end = start + Math.floor(next() ** 3 * 5 * 96) * 900_000;
      const status = next() < 0.8 ? 'publish' : 'draft';
      insert.run(id, status, wall(start), wall(end), wall(start), wall(end), next() < 0.05 ? 1 : 0);
    }
  })();
}

describe('listing totals', () => {
  it('counts a date window from the per-day counts exactly as a plain count does', () => {
    const db = openDatabase(':memory:');
    seed(db, 3000);
    const query = sqliteListingReader(readHandle(db));
    const brute = db.prepare(
      `SELECT count(*) AS n FROM events WHERE hide_from_listings = 0
       AND status IN (SELECT value FROM json_each(?)) AND start_utc >= ? AND end_utc <= ?`,
    );
    const next = random(11);
    const base = Date.parse('2026-05-30T00:00:00Z');
    for (let i = 0; i < 200; i++) {
      const from =
        base + Math.floor(next() * 45 * 24) * 3_600_000 + Math.floor(next() * 3600) * 1000;
      const to = from + Math.floor(next() ** 2 * 30 * 24) * 3_600_000 + 59_000;
      const statuses = next() < 0.5 ? ['publish'] : ['publish', 'draft'];
      const q: EventQuery = {
        visibility: { kind: 'all', statuses: statuses as Array<'publish' | 'draft'> },
        startMin: wall(from),
        endMax: wall(to),
      };
      const expected = (brute.get(JSON.stringify(statuses), wall(from), wall(to)) as { n: number })
        .n;
      expect(query.count(q), `${wall(from)} → ${wall(to)} ${statuses.join()}`).toBe(expected);
    }
    db.close();
  });
});
