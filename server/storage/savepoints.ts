/**
 * Savepoints inside a unit of work: a writer that puts many objects in one unit (an import) lets
 * each object fail alone, undoing only that object's writes, while the others go on and commit
 * together. The savepoints of one unit nest and never interleave: its body awaits only its
 * repositories, one call after another.
 */

export interface SavepointsRepository {
  /** Opens a savepoint inside the unit's transaction (nested in any open one). */
  begin(): Promise<void>;
  /** Keeps what was written since the latest open savepoint, and closes it. */
  release(): Promise<void>;
  /** Undoes what was written since the latest open savepoint, and closes it. */
  rollback(): Promise<void>;
}

/**
 * Runs `body` in a savepoint of the unit: kept when `body` resolves, undone when it rejects
 * (and its error thrown again).
 */
export async function inSavepoint<T>(
  uow: { savepoints: SavepointsRepository },
  body: () => Promise<T>,
): Promise<T> {
  await uow.savepoints.begin();
  let value: T;
  try {
    value = await body();
  } catch (error) {
    await uow.savepoints.rollback();
    throw error;
  }
  await uow.savepoints.release();
  return value;
}
