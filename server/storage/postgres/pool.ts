/**
 * Connections to a PostgreSQL calendar. Every BIGINT Almanac stores (ids, including those of
 * computed occurrences below 2^53, counts, the content version) is read as a JavaScript number,
 * as better-sqlite3 reads SQLite's integers; a value a number cannot hold exactly is an error,
 * never a silently rounded id.
 */
import pg from 'pg';

const INT8_OID = 20;

function readInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`Integer ${text} exceeds 2^53.`);
  return value;
}

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? readInt8
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

export interface PoolOptions {
  /** Connections this process keeps at most. */
  max?: number;
  /** Names the connections in pg_stat_activity. */
  applicationName?: string;
  /** Told of an idle connection that failed (already replaced); ignored when absent. */
  onIdleError?: (error: Error) => void;
}

export function createPool(url: string, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'almanac',
    types,
  });
  // An idle connection the server ends (a restart, an administrator, a dropped network) is
  // reported here. The pool has already discarded it and the next query opens another; without a
  // listener, Node would turn the event into an uncaught exception and stop the whole process.
  pool.on('error', (error) => options.onIdleError?.(error));
  // A connection checked out of the pool has no listener of the pool's: one that the server ends
  // between two statements of a unit of work would also stop the process. Each connection keeps
  // one of its own; the unit's next statement then fails (the unit rolls back and its request
  // gets an error answer), and the pool discards the connection when it is given back.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

/** A client of `url` outside any pool (migrations, listening for notifications). */
export function createClient(url: string): pg.Client {
  return new pg.Client({ connectionString: url, application_name: 'almanac', types });
}
