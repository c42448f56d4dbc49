/**
 * What every service may be built from (server/services.ts builds it): configuration, clock,
 * log, the storage ports and the few services others use. Declared here, apart from
 * services.ts, so that a service importing this type does not import every other service.
 */
import type { Logger } from 'pino';
import type { AuthOptions, AuthService } from './auth/service.js';
import type { Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import type { Db } from './db/open.js';
import type { WriteGate } from './db/write-gate.js';
import type { Announcer } from './lan-announce.js';
import type { NetworkController } from './lan-sharing.js';
import type { SettingsService } from './resources/settings/service.js';
import type { SyncOptions } from './resources/sync/options.js';
import type { RemoteLimits } from './resources/transfer/remote-fetch.js';
import type { UsersService } from './resources/users/service.js';
import type { SqliteStorage } from './storage/sqlite/storage.js';
import type { Storage } from './storage/storage.js';

export interface ServiceOptions {
  auth?: AuthOptions;
  /** Change history and stream settings; tests shorten the heartbeat. */
  sync?: Partial<SyncOptions>;
  /** Bounds of the remote import; tests make them small. */
  remote?: RemoteLimits;
  /** Who announces the server on the LAN while sharing is on; multicast DNS by default. */
  announcer?: Announcer;
  /**
   * Tests only: serve PostgreSQL while resources remain outside the storage ports, giving them
   * a private in-memory SQLite database (storage/open.ts) instead of refusing to start. An
   * import's worker opens its storage the same way.
   */
  unconvertedInMemory?: boolean;
}

/**
 * What only the SQLite adapter offers, for the resources not yet behind the storage ports
 * (docs/architecture.md, "Storage ports", lists them); it goes once they all are.
 */
export type SqliteCapabilities = Pick<SqliteStorage, 'db' | 'sync' | 'contentVersionNow'>;

export interface CoreServices {
  /**
   * The connection, for the resources not yet behind the storage ports (docs/architecture.md,
   * "Storage ports"); converted services take narrowed `storage` instead.
   */
  db: Db;
  /** The storage ports; each converted service takes the part it uses (`StoragePorts`). */
  storage: Storage;
  /** Synchronous repositories for the transactions of those resources' stores. */
  syncRepositories: SqliteStorage['sync'];
  config: ServerConfig;
  clock: Clock;
  log: Logger;
  settings: SettingsService;
  auth: AuthService;
  users: UsersService;
  network: NetworkController;
  writeGate: WriteGate;
  /** The content version every cache is keyed by, read synchronously (db/content-version.ts). */
  contentVersion: () => string;
}
