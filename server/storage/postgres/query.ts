/**
 * How the PostgreSQL repositories reach the database: a function that runs one statement on the
 * connection they were given, the unit of work's transaction or the pool.
 */
import type pg from 'pg';

export type Query = <R extends pg.QueryResultRow = pg.QueryResultRow>(
  sql: string,
  values?: unknown[],
) => Promise<pg.QueryResult<R>>;

/** Statements run on `connection()`, asked again for each statement. */
export function queryOn(connection: () => pg.Pool | pg.PoolClient | Query): Query {
  return <R extends pg.QueryResultRow>(sql: string, values?: unknown[]) => {
    const on = connection();
    return typeof on === 'function' ? on<R>(sql, values) : on.query<R>(sql, values);
  };
}

/**
 * Statements on one client, one at a time. A repository may ask for several reads at once
 * (`Promise.all` while presenting a page inside a unit of work); node-postgres queues them on a
 * client itself but deprecates it, and its next major version refuses them.
 */
export function inTurn(client: pg.PoolClient): Query {
  let last: Promise<unknown> = Promise.resolve();
  return <R extends pg.QueryResultRow>(sql: string, values?: unknown[]) => {
    const next = last.then(() => client.query<R>(sql, values));
    last = next.catch(() => undefined);
    return next;
  };
}

/** The rows of a statement. */
export async function rowsOf<R extends pg.QueryResultRow>(
  q: Query,
  sql: string,
  values?: unknown[],
): Promise<R[]> {
  return (await q<R>(sql, values)).rows;
}

/** The first row of a statement, if any. */
export async function rowOf<R extends pg.QueryResultRow>(
  q: Query,
  sql: string,
  values?: unknown[],
): Promise<R | undefined> {
  return (await q<R>(sql, values)).rows[0];
}

/**
 * Runs `work` with statements that all read one snapshot (a page and its total): the unit of
 * work's transaction already is one; the read side takes a read-only REPEATABLE READ
 * transaction on one connection of the pool.
 */
export type Together = <T>(work: (q: Query) => Promise<T>) => Promise<T>;

export function togetherOn(pool: pg.Pool, unitQuery: () => Query | undefined): Together {
  return async (work) => {
    const unit = unitQuery();
    if (unit) return work(unit);
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const value = await work(inTurn(client));
      await client.query('COMMIT');
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => (broken = true));
      throw error;
    } finally {
      client.release(broken);
    }
  };
}
