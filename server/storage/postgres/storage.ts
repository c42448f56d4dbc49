/**
 * The PostgreSQL adapter of the storage ports (../storage.ts), for a calendar that several
 * server processes (nodes) share.
 *
 * A unit of work is one transaction on a connection of the pool, which first takes one
 * transaction-scoped advisory lock that every unit on every node takes: units of work commit one
 * after another across the nodes, as SQLite's single writer makes them. A service's "check, then
 * write" (is this login taken? may this user still edit this event?) therefore holds until its
 * commit, and the counters the triggers keep (term counts, day counts) and the change log
 * never conflict. Letting units run side by side under SERIALIZABLE was measured first: 90 concurrent
 * event creates with one category took 406 and 487 attempts in two runs, and 1 and 3 still
 * failed after 10, since every one updates the same count. Reads, on the pool, never wait for units of work.
 *
 * The read side reads committed data through the pool; inside a unit of work (its body or its
 * hooks: a precondition reads the resource through the ordinary services) it reads through the
 * unit's transaction, and so sees the unit's own writes, as on SQLite.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { ReadRepositories, Storage, WriteRepositories } from '../storage.js';
import { activeWriteHooks } from '../write-hooks.js';
import { migratePostgres } from './migrate.js';
import { createPool, type PoolOptions } from './pool.js';
import { inTurn, queryOn, rowOf, togetherOn, type Query, type Together } from './query.js';
import { pgEvents, pgEventsReader } from './events.js';
import { pgBackupStatus, pgBackupStatusReader } from './backup-status.js';
import { pgExportReader } from './export.js';
import { pgImportSources, pgImportSourcesReader } from './import-sources.js';
import { pgCaldav, pgCaldavReader } from './caldav.js';
import { pgFeeds, pgFeedsReader } from './feeds.js';
import { pgIdempotency, pgIdempotencyReader } from './idempotency.js';
import { pgTrash, pgTrashReader } from './trash.js';
import { pgLeases } from './leases.js';
import { pgSeries, pgSeriesReader } from './series.js';
import { pgLimits } from './limits.js';
import { pgStreamLeases } from './stream-leases.js';
import { pgSavepoints } from './savepoints.js';
import { pgDocumentImport } from './document-import.js';
import { pgContentVersion } from './content-version.js';
import { pgChanges, pgChangesReader } from './changes.js';
import { pgCommitNotifier } from './notifications.js';
import { pgListingReader } from './listing.js';
import { pgLinkedPosts, pgLinkedPostsReader } from './linked-posts.js';
import { ORGANIZER_TABLE, VENUE_TABLE } from '../linked-posts.js';
import { pgMedia, pgMediaReader } from './media.js';
import { pgTerms, pgTermsReader } from './terms.js';
import { pgSettings, pgSettingsReader } from './settings.js';
import {
  pgAppPasswords,
  pgAppPasswordsReader,
  pgSessions,
  pgSessionsReader,
  pgUsers,
  pgUsersReader,
} from './users.js';

/** The advisory lock every unit of work holds until it ends ("write" in ASCII). */
const WRITE_LOCK = 0x7772697465;
/** Attempts of a unit of work that PostgreSQL ends for a deadlock before its error is thrown. */
const MAX_ATTEMPTS = 5;
const RETRYABLE = new Set(['40001', '40P01']);

export class UnitOfWorkClosed extends Error {
  constructor() {
    super('A repository of a unit of work was called after the unit of work ended.');
    this.name = 'UnitOfWorkClosed';
  }
}

export interface PostgresOptions extends PoolOptions {
  /** Skip migrations (a process joining a database another one migrated). */
  migrate?: boolean;
}

export interface PostgresStorage extends Storage {
  /** The pool, for the tests and the tools that copy a calendar between engines. */
  readonly pool: pg.Pool;
}

interface Unit {
  /** The unit's transaction, one statement at a time (`inTurn`). */
  query: Query;
  open: boolean;
}

const unitScope = new AsyncLocalStorage<Unit>();

function writeRepositories(q: Query): WriteRepositories {
  // A unit of work's statements all run in its transaction: reading together is reading.
  const together: Together = (work) => work(q);
  return {
    settings: pgSettings(q),
    users: pgUsers(q),
    sessions: pgSessions(q),
    appPasswords: pgAppPasswords(q),
    events: pgEvents(q),
    series: pgSeries(q),
    leases: pgLeases(q),
    venues: pgLinkedPosts(q, together, VENUE_TABLE),
    organizers: pgLinkedPosts(q, together, ORGANIZER_TABLE),
    idempotency: pgIdempotency(q),
    changes: pgChanges(q, together),
    terms: pgTerms(q, together),
    media: pgMedia(q, together),
    trash: pgTrash(q, together),
    caldav: pgCaldav(q),
    backupStatus: pgBackupStatus(q),
    importSources: pgImportSources(q),
    feeds: pgFeeds(q),
    savepoints: pgSavepoints(q),
    documentImport: pgDocumentImport(q),
    contentVersion: pgContentVersion(q),
  };
}

const isRetryable = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  RETRYABLE.has(String((error as { code?: unknown }).code));

export async function openPostgresStorage(
  url: string,
  options: PostgresOptions = {},
): Promise<PostgresStorage> {
  const pool = createPool(url, options);
  try {
    if (options.migrate !== false) {
      const client = await pool.connect();
      try {
        await migratePostgres(client);
      } finally {
        client.release();
      }
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return postgresStorage(pool);
}

/** The adapter on a pool already made (`openPostgresStorage` makes one): `close()` ends it. */
export function postgresStorage(pool: pg.Pool): PostgresStorage {
  const reading = queryOn(() => unitScope.getStore()?.query ?? pool);
  const readingTogether = togetherOn(pool, () => unitScope.getStore()?.query);
  const read: ReadRepositories = {
    settings: pgSettingsReader(reading),
    users: pgUsersReader(reading),
    sessions: pgSessionsReader(reading),
    appPasswords: pgAppPasswordsReader(reading),
    events: pgEventsReader(reading),
    series: pgSeriesReader(reading),
    venues: pgLinkedPostsReader(reading, readingTogether, VENUE_TABLE),
    organizers: pgLinkedPostsReader(reading, readingTogether, ORGANIZER_TABLE),
    idempotency: pgIdempotencyReader(reading),
    changes: pgChangesReader(reading, readingTogether),
    listing: pgListingReader(reading),
    terms: pgTermsReader(reading, readingTogether),
    media: pgMediaReader(reading, readingTogether),
    trash: pgTrashReader(reading, readingTogether),
    caldav: pgCaldavReader(reading),
    backupStatus: pgBackupStatusReader(reading),
    importSources: pgImportSourcesReader(reading),
    feeds: pgFeedsReader(reading),
    exports: pgExportReader(pool),
  };
  const commits = pgCommitNotifier(pool.options.connectionString ?? '');

  let known: Promise<string> | undefined;
  // The content version is the database's snapshot (migration 0024 says why). Inside a unit of
  // work that wrote, its own transaction id is added: what a cache files under that version
  // holds the unit's uncommitted rows, and no reader outside the unit can ask for it.
  const readVersion = async (q: Query) =>
    (await rowOf<{ version: string }>(
      q,
      `SELECT pg_current_snapshot()::text
         || coalesce('+' || pg_current_xact_id_if_assigned()::text, '') AS version`,
    ))!.version;

  async function attempt<T>(body: (uow: WriteRepositories) => Promise<T>): Promise<T> {
    const hooks = activeWriteHooks();
    const client = await pool.connect();
    const inTransaction = inTurn(client);
    const q: Query = (sql, values) => {
      if (!unit.open) return Promise.reject(new UnitOfWorkClosed());
      return inTransaction(sql, values);
    };
    const unit: Unit = { query: q, open: true };
    let broken = false;
    try {
      // One round trip for both (a simple query of two statements; the key is this file's
      // constant): the lock is held from here to COMMIT.
      await client.query(`BEGIN; SELECT pg_advisory_xact_lock(${WRITE_LOCK})`);
      try {
        const value = await unitScope.run(unit, async () => {
          const uow = writeRepositories(q);
          for (const hook of hooks) await hook.begin?.(uow);
          const result = await body(uow);
          for (const hook of hooks) await hook.end?.(uow);
          return result;
        });
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => (broken = true));
        throw error;
      }
    } finally {
      unit.open = false;
      // A connection whose rollback failed is in an unknown state: the pool drops it.
      client.release(broken);
    }
  }

  return {
    pool,
    read,
    // On the pool, never in a unit of work's transaction: a count commits on its own.
    limits: pgLimits(queryOn(() => pool)),
    streamLeases: pgStreamLeases(queryOn(() => pool)),
    commits,
    async write(body) {
      for (let attempts = 1; ; attempts++) {
        try {
          const value = await attempt(body);
          known = undefined;
          return value;
        } catch (error) {
          if (!isRetryable(error) || attempts >= MAX_ATTEMPTS) throw error;
          // Units that keep colliding (with a migration, a tool writing outside the units) are
          // spread out: a random wait, longer after each attempt.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** attempts));
        }
      }
    },
    contentVersion() {
      if (unitScope.getStore()) return readVersion(reading);
      // Read at most once per turn of the event loop, as SQLite's reader does: a request asks
      // many times, and a commit on another node is seen from the next turn on.
      if (known === undefined) {
        const reading_ = readVersion(reading);
        known = reading_;
        reading_.catch(() => undefined);
        setImmediate(() => {
          if (known === reading_) known = undefined;
        });
      }
      return known;
    },
    async close() {
      await commits.close();
      await pool.end();
    },
  };
}
