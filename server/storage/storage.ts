/**
 * The storage ports (docs/architecture.md, "Storage ports"): what services may ask of storage,
 * whatever engine stands behind it (the embedded SQLite adapter in `sqlite/`, PostgreSQL in
 * `postgres/`). Everything is asynchronous, because a networked engine answers later.
 *
 * - A **unit of work** is one write transaction: `write(body)` runs `body` with a repository
 *   per aggregate, commits when it resolves and rolls back when it rejects. The request's write
 *   hooks (write-hooks.ts: its precondition, its permission again, its idempotency key) run
 *   first and last inside it. Its body awaits only its repositories, never other I/O (a fetch,
 *   a file, a timer): on SQLite the transaction holds the connection for the whole body, and a
 *   body still pending once its turn's microtasks are done fails with `UnitOfWorkEscaped`.
 * - The **read side** answers committed data only: a read never sees a unit of work in flight.
 *
 * This module is a leaf: it imports nothing from the resources, which import their row and
 * repository types from here.
 */
import type { ChangesReader, ChangesRepository, CommitNotifier } from './changes.js';
import type { BackupStatusReader, BackupStatusRepository } from './backup-status.js';
import type { CaldavReader, CaldavRepository } from './caldav.js';
import type { EventsReader, EventsRepository } from './events.js';
import type { FeedsReader, FeedsRepository } from './feeds.js';
import type { ExportReader } from './export.js';
import type { ImportSourcesReader, ImportSourcesRepository } from './import-sources.js';
import type { IdempotencyReader, IdempotencyRepository } from './idempotency.js';
import type { LeasesRepository } from './leases.js';
import type { LimitsPort } from './limits.js';
import type { StreamLeasesPort } from './stream-leases.js';
import type { DocumentImportRepository } from './document-import.js';
import type { ContentVersionRepository } from './content-version.js';
import type { SavepointsRepository } from './savepoints.js';
import type { ListingReader } from './listing.js';
import type {
  LinkedPostsReader,
  LinkedPostsRepository,
  OrganizerRow,
  VenueRow,
} from './linked-posts.js';
import type { SeriesReader, SeriesRepository } from './series.js';
import type { MediaReader, MediaRepository } from './media.js';
import type { SettingsReader, SettingsRepository } from './settings.js';
import type { TermsReader, TermsRepository } from './terms.js';
import type { TrashReader, TrashRepository } from './trash.js';
import type {
  AppPasswordsReader,
  AppPasswordsRepository,
  SessionsReader,
  SessionsRepository,
  UsersReader,
  UsersRepository,
} from './users.js';

/** The repositories a unit of work offers, by aggregate: reads see the unit's own writes. */
export interface WriteRepositories {
  settings: SettingsRepository;
  users: UsersRepository;
  sessions: SessionsRepository;
  appPasswords: AppPasswordsRepository;
  events: EventsRepository;
  series: SeriesRepository;
  leases: LeasesRepository;
  venues: LinkedPostsRepository<VenueRow>;
  organizers: LinkedPostsRepository<OrganizerRow>;
  idempotency: IdempotencyRepository;
  changes: ChangesRepository;
  terms: TermsRepository;
  media: MediaRepository;
  trash: TrashRepository;
  caldav: CaldavRepository;
  backupStatus: BackupStatusRepository;
  feeds: FeedsRepository;
  importSources: ImportSourcesRepository;
  /** Savepoints inside the unit: a part that fails alone (savepoints.ts). */
  savepoints: SavepointsRepository;
  /** The export document's records as an import writes them (write only). */
  documentImport: DocumentImportRepository;
  /** Moving the content version by hand (a restore's, content-version.ts). */
  contentVersion: ContentVersionRepository;
}

/** The read side, by aggregate: committed data. */
export interface ReadRepositories {
  settings: SettingsReader;
  users: UsersReader;
  sessions: SessionsReader;
  appPasswords: AppPasswordsReader;
  events: EventsReader;
  series: SeriesReader;
  venues: LinkedPostsReader<VenueRow>;
  organizers: LinkedPostsReader<OrganizerRow>;
  idempotency: IdempotencyReader;
  changes: ChangesReader;
  /** Event listings and search (read only: there is no write side). */
  listing: ListingReader;
  terms: TermsReader;
  media: MediaReader;
  trash: TrashReader;
  caldav: CaldavReader;
  backupStatus: BackupStatusReader;
  importSources: ImportSourcesReader;
  feeds: FeedsReader;
  /** The export document's reads, in one snapshot per export (read only). */
  exports: ExportReader;
}

export type UnitOfWork = WriteRepositories;

export interface Storage {
  /** Runs `body` as one unit of work (one write transaction); resolves once it has committed. */
  write<T>(body: (uow: UnitOfWork) => Promise<T>): Promise<T>;
  readonly read: ReadRepositories;
  /** Counters that limit clients, shared by every process of the calendar (limits.ts). */
  readonly limits: LimitsPort;
  /** Leases of open change streams, shared by every process of the calendar (stream-leases.ts). */
  readonly streamLeases: StreamLeasesPort;
  /**
   * The content version every cache is keyed by (docs/architecture.md, "One content version"):
   * a value that moves on every committed change to content, by any process.
   */
  contentVersion(): Promise<string>;
  /** Tells when changes may have been committed, by any process or node (the live stream). */
  readonly commits: CommitNotifier;
  /** Stops background work and closes the connections. */
  close(): Promise<void>;
}

/**
 * What a service receives: the read side and units of work narrowed to the aggregates it uses.
 * `Storage` itself is one (its `write` hands a body every repository).
 */
export interface StoragePorts<
  R extends keyof ReadRepositories = never,
  W extends keyof WriteRepositories = never,
> {
  readonly read: Pick<ReadRepositories, R>;
  write<T>(body: (uow: Pick<WriteRepositories, W>) => Promise<T>): Promise<T>;
  contentVersion(): Promise<string>;
}
