/**
 * The embedded SQLite adapter of the storage ports (../storage.ts): one better-sqlite3 connection
 * in WAL mode, writes grouped into shared transactions (group-commit.ts), WAL checkpoints by a
 * worker thread (checkpointer.ts).
 *
 * Reads and writes share the connection, so the read side must never run while a write
 * transaction is open on it, or it would see uncommitted rows. The ordering makes that
 * impossible: a group's transaction opens and ends within one turn of the event loop (units of
 * work that await anything but their repositories fail, group-commit.ts), and no other request
 * runs within that turn. The read side checks it anyway: a read while the connection is in a
 * transaction is refused with `ReadInsideWrite`, unless it is made by the unit of work that holds
 * the transaction (its body or its hooks: a precondition reads the resource through the ordinary
 * services, and so sees the rows under the write lock, as it must). (A second, read-only connection would need a file: the tests' databases
 * live in memory.)
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { openDatabase, type Db } from '../../db/open.js';
import { contentVersionReader } from '../../db/content-version.js';
import { readHandle } from '../../db/read.js';
import type { ReadRepositories, Storage, WriteRepositories } from '../storage.js';
import { startCheckpointer } from './checkpointer.js';
import { unitInGroup, writeInGroup } from './group-commit.js';
import { asyncRepository, type Sync } from './repository.js';
import { sqliteEvents, sqliteEventsReader } from './events.js';
import { sqliteBackupStatus, sqliteBackupStatusReader } from './backup-status.js';
import { sqliteExportReader } from './export.js';
import { sqliteImportSources, sqliteImportSourcesReader } from './import-sources.js';
import { sqliteCaldav, sqliteCaldavReader } from './caldav.js';
import { sqliteFeeds, sqliteFeedsReader } from './feeds.js';
import { sqliteIdempotency, sqliteIdempotencyReader } from './idempotency.js';
import { sqliteChanges, sqliteChangesReader, sqliteCommitNotifier } from './changes.js';
import { sqliteTrash, sqliteTrashReader } from './trash.js';
import { sqliteLeases } from './leases.js';
import { sqliteSeries, sqliteSeriesReader } from './series.js';
import { sqliteLimits } from './limits.js';
import { sqliteStreamLeases } from './stream-leases.js';
import type { StreamLeasesPort } from '../stream-leases.js';
import { sqliteSavepoints } from './savepoints.js';
import { sqliteDocumentImport } from './document-import.js';
import { sqliteContentVersion } from './content-version.js';
import type { LimitsPort } from '../limits.js';
import { sqliteListingReader } from './listing.js';
import { sqliteSettings, sqliteSettingsReader } from './settings.js';
import { sqliteLinkedPosts, sqliteLinkedPostsReader } from './linked-posts.js';
import { ORGANIZER_TABLE, VENUE_TABLE } from '../linked-posts.js';
import { sqliteMedia, sqliteMediaReader } from './media.js';
import { sqliteTerms, sqliteTermsReader } from './terms.js';
import {
  sqliteAppPasswords,
  sqliteAppPasswordsReader,
  sqliteSessions,
  sqliteSessionsReader,
  sqliteUsers,
  sqliteUsersReader,
} from './users.js';

/** The unit of work whose body (or hooks) is running, through everything it awaits. */
const unitScope = new AsyncLocalStorage<{ open: boolean }>();

export class ReadInsideWrite extends Error {
  constructor() {
    super(
      'The read side was called while a write transaction is open on the connection: inside a unit of work, read through its repositories.',
    );
    this.name = 'ReadInsideWrite';
  }
}

export class UnitOfWorkClosed extends Error {
  constructor() {
    super('A repository of a unit of work was called after the unit of work ended.');
    this.name = 'UnitOfWorkClosed';
  }
}

export interface SqliteOptions {
  /** Skip migrations (a worker process opening a database another process migrated). */
  migrate?: boolean;
  /** WAL checkpoints by a worker thread, for a file database; on unless false. */
  checkpoints?: boolean;
  onCheckpointError?(error: unknown): void;
  /** An in-memory database's starting contents (db/open.ts). */
  image?: Buffer;
}

export interface SqliteStorage extends Storage {
  /**
   * The connection, for the stores not yet behind the ports (docs/architecture.md, "Storage
   * ports", lists them); it goes once they all are.
   */
  readonly db: Db;
  /** The content version read synchronously, for the caches not yet behind the ports. */
  readonly contentVersionNow: () => string;
  /**
   * The repositories in their synchronous form, for a synchronous transaction of a store not yet
   * behind the ports (the document import's); it goes with `db`.
   */
  readonly sync: { [K in keyof WriteRepositories]: Sync<WriteRepositories[K]> };
}

export function openSqliteStorage(file: string, options: SqliteOptions = {}): SqliteStorage {
  const db = openDatabase(file, {
    migrate: options.migrate !== false,
    ...(options.image ? { image: options.image } : {}),
  });
  try {
    return sqliteStorage(db, file, options);
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * The adapter on a connection already open (`openSqliteStorage` opens one): `close()` closes it.
 * `file` is the connection's file, for the checkpoint worker (':memory:' has none).
 */
export function sqliteStorage(db: Db, file: string, options: SqliteOptions = {}): SqliteStorage {
  const writers: { [K in keyof WriteRepositories]: Sync<WriteRepositories[K]> } = {
    settings: sqliteSettings(db),
    users: sqliteUsers(db),
    sessions: sqliteSessions(db),
    appPasswords: sqliteAppPasswords(db),
    events: sqliteEvents(db),
    series: sqliteSeries(db),
    leases: sqliteLeases(db),
    venues: sqliteLinkedPosts(db, VENUE_TABLE),
    organizers: sqliteLinkedPosts(db, ORGANIZER_TABLE),
    idempotency: sqliteIdempotency(db),
    changes: sqliteChanges(db),
    terms: sqliteTerms(db),
    media: sqliteMedia(db),
    trash: sqliteTrash(db),
    caldav: sqliteCaldav(db),
    backupStatus: sqliteBackupStatus(db),
    importSources: sqliteImportSources(db),
    feeds: sqliteFeeds(db),
    savepoints: sqliteSavepoints(db),
    documentImport: sqliteDocumentImport(db),
    contentVersion: sqliteContentVersion(db),
  };
  const reading = readHandle(db);

  const outsideWrites = () => {
    if (db.inTransaction && unitScope.getStore()?.open !== true) throw new ReadInsideWrite();
  };
  const read: ReadRepositories = {
    settings: asyncRepository(sqliteSettingsReader(reading), outsideWrites),
    users: asyncRepository(sqliteUsersReader(reading), outsideWrites),
    sessions: asyncRepository(sqliteSessionsReader(reading), outsideWrites),
    appPasswords: asyncRepository(sqliteAppPasswordsReader(reading), outsideWrites),
    events: asyncRepository(sqliteEventsReader(reading), outsideWrites),
    series: asyncRepository(sqliteSeriesReader(reading), outsideWrites),
    venues: asyncRepository(sqliteLinkedPostsReader(db, VENUE_TABLE), outsideWrites),
    organizers: asyncRepository(sqliteLinkedPostsReader(db, ORGANIZER_TABLE), outsideWrites),
    idempotency: asyncRepository(sqliteIdempotencyReader(reading), outsideWrites),
    changes: asyncRepository(sqliteChangesReader(db), outsideWrites),
    listing: asyncRepository(sqliteListingReader(reading), outsideWrites),
    terms: asyncRepository(sqliteTermsReader(db), outsideWrites),
    media: asyncRepository(sqliteMediaReader(db), outsideWrites),
    trash: asyncRepository(sqliteTrashReader(db), outsideWrites),
    caldav: asyncRepository(sqliteCaldavReader(reading), outsideWrites),
    backupStatus: asyncRepository(sqliteBackupStatusReader(reading), outsideWrites),
    importSources: asyncRepository(sqliteImportSourcesReader(reading), outsideWrites),
    feeds: asyncRepository(sqliteFeedsReader(reading), outsideWrites),
    exports: sqliteExportReader(db, file, outsideWrites),
  };
  const counters = sqliteLimits(db);
  // A count is written in the next group transaction, as any other write of the connection; its
  // read goes through the read side's check.
  const limits: LimitsPort = {
    peek: asyncRepository<Pick<LimitsPort, 'peek'>>({ peek: counters.peek }, outsideWrites).peek,
    take: (key, now, windowMs) => writeInGroup(db, () => counters.take(key, now, windowMs)),
    clear: (key) => writeInGroup(db, () => counters.clear(key)),
    sweep: (now, max) => writeInGroup(db, () => counters.sweep(now, max)),
  };
  const leases = sqliteStreamLeases(db);
  // Writes of their own, in the next group transaction like the limits' counts.
  const streamLeases: StreamLeasesPort = {
    take: (client, id, max, now, until) =>
      writeInGroup(db, () => leases.take(client, id, max, now, until)),
    renew: (ids, until) => writeInGroup(db, () => leases.renew(ids, until)),
    release: (id) => writeInGroup(db, () => leases.release(id)),
    sweep: (now, max) => writeInGroup(db, () => leases.sweep(now, max)),
  };
  const version = contentVersionReader(db);
  const checkpointer =
    file === ':memory:' || options.checkpoints === false
      ? undefined
      : startCheckpointer(db, file, {
          onError: (error) => options.onCheckpointError?.(error),
        });
  return {
    db,
    contentVersionNow: version,
    sync: writers,
    read,
    limits,
    streamLeases,
    commits: sqliteCommitNotifier(db),
    write: (body) =>
      unitInGroup(db, (hooks) => {
        const unit = { open: true };
        const guard = () => {
          if (!unit.open) throw new UnitOfWorkClosed();
        };
        const uow: WriteRepositories = {
          settings: asyncRepository(writers.settings, guard),
          users: asyncRepository(writers.users, guard),
          sessions: asyncRepository(writers.sessions, guard),
          appPasswords: asyncRepository(writers.appPasswords, guard),
          events: asyncRepository(writers.events, guard),
          series: asyncRepository(writers.series, guard),
          leases: asyncRepository(writers.leases, guard),
          venues: asyncRepository(writers.venues, guard),
          organizers: asyncRepository(writers.organizers, guard),
          idempotency: asyncRepository(writers.idempotency, guard),
          changes: asyncRepository(writers.changes, guard),
          terms: asyncRepository(writers.terms, guard),
          media: asyncRepository(writers.media, guard),
          trash: asyncRepository(writers.trash, guard),
          caldav: asyncRepository(writers.caldav, guard),
          backupStatus: asyncRepository(writers.backupStatus, guard),
          importSources: asyncRepository(writers.importSources, guard),
          feeds: asyncRepository(writers.feeds, guard),
          savepoints: asyncRepository(writers.savepoints, guard),
          documentImport: asyncRepository(writers.documentImport, guard),
          contentVersion: asyncRepository(writers.contentVersion, guard),
        };
        // The hooks may read through the read side (a precondition's GET): within the unit's
        // scope those reads are the unit's own.
        const done = unitScope.run(unit, async () => {
          for (const hook of hooks) await hook.begin?.(uow);
          const value = await body(uow);
          for (const hook of hooks) await hook.end?.(uow);
          return value;
        });
        return {
          done,
          close() {
            unit.open = false;
          },
        };
      }),
    contentVersion() {
      try {
        outsideWrites();
        return Promise.resolve(version());
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
    async close() {
      await checkpointer?.close();
      db.close();
    },
  };
}
