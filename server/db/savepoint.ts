/**
 * A savepoint around asynchronous work inside a transaction already open on the connection (a
 * unit of work's, storage/sqlite/group-commit.ts): what `db.transaction` does for a synchronous
 * body, for a body that awaits the services' promises. Such a body answers within the microtasks
 * of its unit, which holds the connection meanwhile, so the savepoints of one connection nest
 * and never interleave.
 */
import type { Db } from './open.js';

const NAME = 'almanac_step';

/** Runs `body` in a savepoint: it is released when `body` resolves and rolled back when it rejects. */
export async function inSavepoint<T>(db: Db, body: () => Promise<T>): Promise<T> {
  if (!db.inTransaction) throw new Error('A savepoint needs an open transaction.');
  db.exec(`SAVEPOINT ${NAME}`);
  let value: T;
  try {
    value = await body();
  } catch (error) {
    if (db.inTransaction) {
      db.exec(`ROLLBACK TO ${NAME}`);
      db.exec(`RELEASE ${NAME}`);
    }
    throw error;
  }
  db.exec(`RELEASE ${NAME}`);
  return value;
}
