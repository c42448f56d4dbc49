/**
 * What every service may be built from (server/services.ts builds it): configuration, clock,
 * log, the storage ports and the few services others use. Declared here, apart from
 * services.ts, so that a service importing this type does not import every other service.
 */
import type { Logger } from 'pino';
import type { AuthOptions, AuthService } from './auth/service.js';
import type { Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import type { WriteGate } from './db/write-gate.js';
import type { Announcer } from './lan-announce.js';
import type { NetworkController } from './lan-sharing.js';
import type { SettingsService } from './resources/settings/service.js';
import type { SyncOptions } from './resources/sync/options.js';
import type { RemoteLimits } from './resources/transfer/remote-fetch.js';
import type { UsersService } from './resources/users/service.js';
import type { Storage } from './storage/storage.js';

export interface ServiceOptions {
  auth?: AuthOptions;
  /** Change history and stream settings; tests shorten the heartbeat. */
  sync?: Partial<SyncOptions>;
  /** Bounds of the remote import; tests make them small. */
  remote?: RemoteLimits;
  /** Who announces the server on the LAN while sharing is on; multicast DNS by default. */
  announcer?: Announcer;
}

export interface CoreServices {
  /** The storage ports; each converted service takes the part it uses (`StoragePorts`). */
  storage: Storage;
  config: ServerConfig;
  clock: Clock;
  log: Logger;
  settings: SettingsService;
  auth: AuthService;
  users: UsersService;
  network: NetworkController;
  writeGate: WriteGate;
}
