/** Savepoints of a unit of work (../savepoints.ts) in its PostgreSQL transaction. */
import type { SavepointsRepository } from '../savepoints.js';
import type { Query } from './query.js';

// One name for every level: PostgreSQL releases and rolls back to the latest savepoint of a name.
const NAME = 'almanac_step';

export function pgSavepoints(q: Query): SavepointsRepository {
  return {
    async begin() {
      await q(`SAVEPOINT ${NAME}`);
    },
    async release() {
      await q(`RELEASE SAVEPOINT ${NAME}`);
    },
    async rollback() {
      // After a failed statement the transaction accepts nothing until this rollback.
      await q(`ROLLBACK TO SAVEPOINT ${NAME}`);
      await q(`RELEASE SAVEPOINT ${NAME}`);
    },
  };
}
