/**
 * Seeds a fresh benchmark database with N events and their related data, written straight into
 * the tables of server/db/migrations the way the API writes them (ids from the shared `posts` id
 * space, costs as JSON arrays, unique slugs, `__trashed` slugs with their trash record, term
 * counts as the triggers keep them). Deterministic for a given seed, relative to "now".
 *
 *   tsx bench/seed.ts --events 100000 [--db bench/.data/bench-100000.db] [--seed 42]
 */
import { rmSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { openDatabase, type Db } from '../server/db/open.js';
import { sqliteStorage } from '../server/storage/sqlite/storage.js';
import { testConfig } from '../server/config.js';
import { createServices } from '../server/services.js';
import { ensureAdministrator } from '../server/bootstrap.js';
import { silentLogger } from '../server/logger.js';
import { systemClock } from '../server/clock.js';
import { bulkLoad, type BulkReport } from './bulk.js';
import { insertEvents, type EventContext } from './seed-events.js';
import { insertOrganizers, insertTerms, insertVenues } from './seed-related.js';
import { rng } from './seed-data.js';

export const ADMIN_LOGIN = 'admin';
export const DEFAULT_ADMIN_PASSWORD = 'bench-admin-password';

export interface SeedOptions {
  file: string;
  events: number;
  seed?: number;
  now?: Date;
  adminPassword?: string;
  log?: (line: string) => void;
}

export interface SeedResult {
  file: string;
  events: number;
  venues: number;
  organizers: number;
  categories: number;
  tags: number;
  users: number;
  bytes: number;
  /** Milliseconds per phase, and in total. */
  ms: Record<string, number>;
  bulk: BulkReport;
}

/** Rows per transaction: large enough to amortise commits, small enough to bound the journal. */
const CHUNK = 50_000;

async function createUsers(db: Db, file: string, adminPassword: string): Promise<number[]> {
  const config = testConfig({ dbPath: file, adminUser: ADMIN_LOGIN, adminPassword });
  // The seed goes on writing through `db` afterwards: the adapter is not closed here.
  const services = createServices(
    sqliteStorage(db, file, { checkpoints: false }),
    config,
    systemClock,
    silentLogger(),
  );
  await ensureAdministrator(services, config);
  const ids = [(await services.users.byLogin(ADMIN_LOGIN))!.id];
  // A fresh database is due a scheduled backup as soon as the server listens: copying the seeded
  // file would run during the first measurements. The benchmark measures serving, not backups.
  await services.settings.update({ backup_schedule: 'off' });
  for (const [login, role] of [
    ['editor', 'editor'],
    ['author-one', 'author'],
    ['author-two', 'author'],
  ] as const) {
    const user = await services.users.create({ login, password: adminPassword, role });
    ids.push(user.id);
  }
  return ids;
}

export async function seedDatabase(options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => undefined);
  const now = options.now ?? new Date();
  const random = rng(options.seed ?? 42);
  const ms: Record<string, number> = {};
  const started = performance.now();
  let phase = started;
  const mark = (name: string) => {
    const at = performance.now();
    ms[name] = Math.round(at - phase);
    phase = at;
  };

  for (const suffix of ['', '-wal', '-shm', '-journal'])
    rmSync(options.file + suffix, { force: true });
  const db = openDatabase(options.file);
  try {
    const users = await createUsers(
      db,
      options.file,
      options.adminPassword ?? DEFAULT_ADMIN_PASSWORD,
    );
    mark('users');

    // Loading a fresh file: no other connection, and a crash only means seeding again.
    db.pragma('journal_mode = MEMORY');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -1048576');
    db.pragma('mmap_size = 4294967296');
    db.pragma('locking_mode = EXCLUSIVE');

    const terms = db.transaction(() => insertTerms(db, random))();
    mark('terms');

    const venueCount = Math.max(3, Math.round(options.events / 20));
    const organizerCount = Math.max(3, Math.round(options.events / 50));
    let context: EventContext | undefined;
    const bulk = bulkLoad(
      db,
      ['posts', 'venues', 'organizers', 'events', 'event_terms', 'event_organizers', 'trash_meta'],
      () => {
        const venues = insertVenues(db, random, venueCount, users, now);
        const organizers = insertOrganizers(db, random, organizerCount, users, now);
        mark('venues+organizers');
        context = { users, venues, organizers, terms, now };
        insertEvents(db, random, options.events, context, CHUNK, (done) =>
          log(`  ${done.toLocaleString('en')} events`),
        );
        mark('events');
      },
    );
    mark('indexes+derived');

    db.pragma('locking_mode = NORMAL');
    db.pragma('journal_mode = WAL');
    db.pragma('wal_checkpoint(TRUNCATE)');
    mark('finish');
    ms.total = Math.round(performance.now() - started);
    return {
      file: options.file,
      events: options.events,
      venues: venueCount,
      organizers: organizerCount,
      categories: terms.categories.length,
      tags: terms.tags.length,
      users: users.length,
      bytes: statSync(options.file).size,
      ms,
      bulk,
    };
  } finally {
    db.close();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const events = Number(flag('--events') ?? 10_000);
  const file = flag('--db') ?? `bench/.data/bench-${events}.db`;
  const result = await seedDatabase({
    file,
    events,
    seed: Number(flag('--seed') ?? 42),
    adminPassword: process.env.ALMANAC_ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
    log: (line) => console.log(line),
  });
  console.log(JSON.stringify(result, null, 2));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
