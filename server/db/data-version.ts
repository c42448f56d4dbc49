/**
 * A value that changes whenever the data may have: SQLite's own bookkeeping. `total_changes()`
 * moves with every row this connection writes (triggers included) and `PRAGMA data_version` with
 * every commit of another connection (other server processes, a restore).
 */
import type { Db } from './open.js';

export function dataVersion(db: Db): () => string {
  const statement = db
    .prepare<[], [number, number]>('SELECT total_changes(), data_version FROM pragma_data_version')
    .raw();
  return () => statement.get()!.join(':');
}
