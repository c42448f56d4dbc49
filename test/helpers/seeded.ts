/**
 * A calendar seeded by the benchmark's seeder (bench/seed.ts) in a temporary folder, opened as
 * the server opens it, for the tests of listing plans: registered with the suite's hooks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Db } from '../../server/db/open.js';
import { seedDatabase } from '../../bench/seed.js';

/** The seeded database, open once `beforeAll` ran. */
export function seededCalendar(events: number, now: Date): { db(): Db } {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-seeded-'));
  let db: Db | undefined;
  beforeAll(async () => {
    const file = join(dir, 'seeded.db');
    await seedDatabase({ file, events, now });
    db = openDatabase(file);
  }, 60_000);
  afterAll(() => {
    db?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { db: () => db! };
}
