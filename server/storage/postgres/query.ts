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
