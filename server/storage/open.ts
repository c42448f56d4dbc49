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
  /**
   * Tests only, while resources remain outside the storage ports (postgres/readiness.ts): on
   * PostgreSQL, those resources get a private in-memory SQLite database of this process (never a
   * file, never shared with another node), so that what the ports cover can be served and tested
   * on PostgreSQL. What is kept there is lost on close and unseen by other nodes.
   */
  unconvertedInMemory?: boolean;
}

export async function openStorage(
  config: Pick<ServerConfig, 'dbPath' | 'databaseUrl'>,
  options: OpenOptions,
): Promise<ServiceStorage> {
  if (config.databaseUrl === undefined) return openSqliteStorage(config.dbPath, options);
  const postgres = await openPostgresStorage(config.databaseUrl, {
    migrate: options.migrate !== false,
  });
  if (!options.unconvertedInMemory) return postgres;
  const scratch = openSqliteStorage(':memory:', {
    checkpoints: false,
    ...(options.image ? { image: options.image } : {}),
  });
  let counter = 0;
  return {
    read: postgres.read,
    limits: postgres.limits,
    streamLeases: postgres.streamLeases,
    commits: postgres.commits,
    write: (body) => postgres.write(body),
    contentVersion: () => postgres.contentVersion(),
    db: scratch.db,
    sync: scratch.sync,
    // The synchronous version cannot see another node's commits: a new value at every call, so
    // that nothing keyed by it is ever reused.
    contentVersionNow: () => `unknown-${++counter}`,
    async close() {
      await Promise.all([postgres.close(), scratch.close()]);
    },
  };
}
