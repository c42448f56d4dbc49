/**
 * PostgreSQL is selected by a database URL (--database-url / ALMANAC_DATABASE_URL), and served
 * only once its adapter covers every storage port. Until then a server asked for it refuses to
 * start, in one line, rather than serve the calendar from a SQLite file the user did not ask for.
 */
import type { ServerConfig } from '../../config.js';

export class PostgresNotReadyError extends Error {
  constructor() {
    super(
      'PostgreSQL (--database-url / ALMANAC_DATABASE_URL) is not yet complete in this version of ' +
        'Almanac: start without it to use the SQLite file in the data folder.',
    );
    this.name = 'PostgresNotReadyError';
  }
}

/** Throws when the configuration asks for an engine this version cannot serve yet. */
export function refuseIncompleteEngine(config: Pick<ServerConfig, 'databaseUrl'>): void {
  if (config.databaseUrl !== undefined) throw new PostgresNotReadyError();
}
