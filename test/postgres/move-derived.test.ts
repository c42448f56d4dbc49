/**
 * A move into PostgreSQL writes the rows with the destination's triggers off and its secondary
 * indexes dropped, then makes the derived rows in one statement each and builds the indexes
 * again (storage/postgres/calendar-copy.ts). The result must be the database the triggers and
 * the migrations would have left: every event's search words, the day counts, the same indexes
 * as a migrated database, and every trigger on again.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { moveCalendar } from '../../server/migrate/command.js';
import { createClient } from '../../server/storage/postgres/pool.js';
import { seedDatabase } from '../../bench/seed.js';
import { createTestDatabase, type TestDatabase } from '../helpers/pg-database.js';

const root = mkdtempSync(join(tmpdir(), 'almanac-move-derived-'));
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
  rmSync(root, { recursive: true, force: true });
});

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = createClient(url);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const indexes = (client: pg.Client) =>
  client
    .query<{ name: string; sql: string }>(
      `SELECT indexname AS name, indexdef AS sql FROM pg_indexes
       WHERE schemaname = current_schema() ORDER BY indexname`,
    )
    .then((result) => result.rows);

describe('a calendar moved into PostgreSQL', { timeout: 120_000 }, () => {
  it('has the search words, day counts, indexes and triggers the database would have made', async () => {
    const file = join(root, 'almanac.db');
    const seeded = await seedDatabase({ file, events: 400 });
    const destination = await createTestDatabase();
    const migrated = await createTestDatabase();
    databases.push(destination, migrated);
    const report = await moveCalendar({
      from: file,
      to: destination.url,
      fromMedia: join(root, 'media'),
      toMedia: join(root, 'moved-media'),
    });
    // The day counts made from the events equal those the source's triggers kept.
    expect(report.derivedEqual).toBe(true);

    await withClient(destination.url, async (client) => {
      const words = await client.query<{ events: number; search: number; differing: number }>(
        `SELECT (SELECT count(*)::int FROM events) AS events,
           (SELECT count(*)::int FROM events_search) AS search,
           (SELECT count(*)::int FROM events e LEFT JOIN events_search s ON s.id = e.id
            WHERE s.words IS DISTINCT FROM search_words(e.title, e.description, e.excerpt))
             AS differing`,
      );
      expect(words.rows[0]).toEqual({ events: seeded.events, search: seeded.events, differing: 0 });

      const counts = await client.query<{ differing: number; rows: number }>(
        `WITH made AS (
           SELECT status, substr(start_utc, 1, 10) AS start_day, substr(end_utc, 1, 10) AS end_day,
             count(*)::int AS n
           FROM events WHERE hide_from_listings = 0 GROUP BY 1, 2, 3)
         SELECT (SELECT count(*)::int FROM event_day_counts) AS rows,
           (SELECT count(*)::int FROM made FULL JOIN event_day_counts d
              USING (status, start_day, end_day) WHERE made.n IS DISTINCT FROM d.n) AS differing`,
      );
      expect(counts.rows[0]!.rows).toBeGreaterThan(0);
      expect(counts.rows[0]!.differing).toBe(0);

      const off = await client.query<{ name: string }>(
        `SELECT tgname AS name FROM pg_trigger WHERE NOT tgisinternal AND tgenabled = 'D'`,
      );
      expect(off.rows).toEqual([]);
      const moved = await indexes(client);
      expect(moved.length).toBeGreaterThan(20);
      expect(moved).toEqual(await withClient(migrated.url, indexes));

      // The triggers work again: a new title's words are searchable at once.
      const { rows } = await client.query<{ id: number }>('SELECT min(id)::int AS id FROM events');
      await client.query(`UPDATE events SET title = 'Zanzibar quartet' WHERE id = $1`, [
        rows[0]!.id,
      ]);
      const found = await client.query<{ id: number }>(
        `SELECT id::int FROM events_search WHERE words @@ search_query(ARRAY['zanzibar'])`,
      );
      expect(found.rows).toEqual([{ id: rows[0]!.id }]);
    });
  });
});
