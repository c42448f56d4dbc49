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
export function queryOn(connection: () => pg.Pool | pg.PoolClient): Query {
  return <R extends pg.QueryResultRow>(sql: string, values?: unknown[]) =>
    connection().query<R>(sql, values);
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

export function togetherOn(pool: pg.Pool, unitClient: () => pg.PoolClient | undefined): Together {
  return async (work) => {
    const unit = unitClient();
    if (unit) return work((sql, values) => unit.query(sql, values));
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const value = await work((sql, values) => client.query(sql, values));
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
