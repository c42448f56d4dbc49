/**
 * The content version (migration 0024; docs/architecture.md, "One content version"): one random
 * value that every cache of the server is keyed by. It moves on every write to a table some
 * answer shows, by triggers generated here from one declaration, so no write path (the API, an
 * import, a restore, another server process on the same file) can forget it. Every move is to a
 * random value, never to the next number: after a restore to an older copy, a version seen
 * before cannot come back with other contents. Reading it is one row by primary key.
 *
 * Every table of the schema is declared here, in exactly one of three lists; a test fails on a
 * table that is in none (a new table must say whether answers show it).
 */
import { onTransactionEnd, type Db } from './open.js';
import { readHandle } from './read.js';

/** Tables whose rows some answer shows: every insert, update and delete moves the version. */
export const CONTENT_TABLES = [
  'users',
  'settings',
  'posts',
  'media',
  'terms',
  'venues',
  'organizers',
  'events',
  'event_organizers',
  'event_terms',
  'trash_meta',
  'series',
  'series_exceptions',
  'calendar_feed',
  'event_ical',
  'event_ical_kept',
  'caldav_names',
] as const;

/**
 * Tables written only together with a content table, by its triggers, in the same statement:
 * that table's trigger moves the version. (Virtual tables cannot carry triggers.)
 */
export const DERIVED_TABLES: Readonly<Record<string, (typeof CONTENT_TABLES)[number]>> = {
  events_fts: 'events',
  events_fts_listed: 'events',
  event_day_counts: 'events',
  // Notes of a running group of writes, never committed (migration 0030).
  search_pending: 'events',
};

/** Tables no answer a cache keeps is made of, and why. */
export const OTHER_TABLES: Readonly<Record<string, string>> = {
  application_passwords: 'credentials; their last-use stamps are written by a background job',
  sessions: 'credentials',
  changes: 'the change log, read by the sync endpoints, which remember nothing',
  sync_state: 'the change log’s history id',
  import_sources: 'where imported objects came from, read by imports only',
  idempotency_keys: 'replays of writes, never of reads',
  job_leases: 'which process runs a background job',
  limit_counters: 'the sign-in throttle’s failure counts, read by sign-ins only',
  stream_leases: 'the change streams open now, read by the streams’ limit only',
  content_version: 'the version itself',
};

const OPERATIONS = ['insert', 'update', 'delete'] as const;

const MOVE = `UPDATE content_version SET value = random(),
    changed_utc = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1;`;

/** The triggers that move the version, by name. */
export function contentVersionTriggers(): Map<string, string> {
  const out = new Map<string, string>();
  for (const table of CONTENT_TABLES) {
    for (const op of OPERATIONS) {
      const name = `content_version_${table}_${op}`;
      out.set(
        name,
        `CREATE TRIGGER ${name} AFTER ${op.toUpperCase()} ON ${table}\nBEGIN\n  ${MOVE}\nEND`,
      );
    }
  }
  return out;
}

/**
 * Makes the installed triggers exactly the declared ones (added, changed, dropped), inside the
 * caller's transaction. Run by migrate.ts after the migrations.
 */
export function installContentVersionTriggers(db: Db): void {
  const wanted = contentVersionTriggers();
  const installed = db
    .prepare<[], { name: string; sql: string }>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'content_version_%'",
    )
    .all();
  for (const { name, sql } of installed) {
    if (wanted.get(name) !== sql) db.exec(`DROP TRIGGER ${name}`);
    else wanted.delete(name);
  }
  for (const sql of wanted.values()) db.exec(sql);
}

/**
 * Reads the version: one row by primary key, read at most once per turn of the event loop (a
 * request asks many times) and again after each write transaction of this connection. Another
 * process's commit is seen from the next turn on. Caches read the version before what they
 * remember, so a commit in between can only file newer data under an older version, which no
 * later turn asks for again.
 */
export function contentVersionReader(db: Db): () => string {
  const statement = readHandle(db)
    .prepare<[], number>('SELECT value FROM content_version WHERE id = 1')
    .pluck();
  let known: string | undefined;
  let forgetting = false;
  onTransactionEnd(db, () => (known = undefined));
  return () => {
    if (known !== undefined) return known;
    known = String(statement.get()!);
    if (!forgetting) {
      forgetting = true;
      setImmediate(() => {
        known = undefined;
        forgetting = false;
      });
    }
    return known;
  };
}

/**
 * Moves the version by hand: after a restore, whose file may hold a version this process saw
 * before the restored copy was taken.
 */
export function moveContentVersion(db: Db): void {
  db.prepare(MOVE).run();
}
