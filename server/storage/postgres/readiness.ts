/**
 * PostgreSQL is selected by a database URL (--database-url / ALMANAC_DATABASE_URL), and served
 * only once every resource on the request path is behind the storage ports. Until then a server
 * asked for it refuses to start, in one line naming what still needs the SQLite connection,
 * rather than serve part of the calendar from a SQLite database the user did not ask for.
 */
import type { ServerConfig } from '../../config.js';

/**
 * What still reads or writes the SQLite connection synchronously (`core.db`,
 * `core.syncRepositories`, the synchronous content version); the same list is
 * in docs/architecture.md, "Storage ports". Empty once the server can run on PostgreSQL.
 */
export const NOT_YET_ON_POSTGRES: readonly string[] = ['the backups’ status and restore'];

export class PostgresNotReadyError extends Error {
  constructor(readonly missing: readonly string[] = NOT_YET_ON_POSTGRES) {
    super(
      'PostgreSQL (--database-url / ALMANAC_DATABASE_URL) is not yet complete in this version of ' +
        `Almanac: ${missing.join('; ')} still need the SQLite file. ` +
        'Start without it to use the SQLite file in the data folder.',
    );
    this.name = 'PostgresNotReadyError';
  }
}

/** Throws when the configuration asks for an engine this version cannot serve yet. */
export function refuseIncompleteEngine(config: Pick<ServerConfig, 'databaseUrl'>): void {
  if (config.databaseUrl !== undefined && NOT_YET_ON_POSTGRES.length > 0)
    throw new PostgresNotReadyError();
}
