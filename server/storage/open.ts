/**
 * Opens the storage the configuration names: the SQLite file in the data folder by default, the
 * PostgreSQL database of --database-url / ALMANAC_DATABASE_URL otherwise.
 */
import type { ServerConfig } from '../config.js';
import type { ServiceStorage } from '../services.js';
import { openPostgresStorage } from './postgres/storage.js';
import { openSqliteStorage, type SqliteOptions } from './sqlite/storage.js';

export interface OpenOptions extends SqliteOptions {
  /** A database prepared by another process: no migrations. */
  migrate?: boolean;
}

export async function openStorage(
  config: Pick<ServerConfig, 'dbPath' | 'databaseUrl'>,
  options: OpenOptions,
): Promise<ServiceStorage> {
  if (config.databaseUrl === undefined) return openSqliteStorage(config.dbPath, options);
  return openPostgresStorage(config.databaseUrl, { migrate: options.migrate !== false });
}
