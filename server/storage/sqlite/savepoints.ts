/** Savepoints of a unit of work (../savepoints.ts) on SQLite's connection. */
import type { Db } from '../../db/open.js';
import type { SavepointsRepository } from '../savepoints.js';
import type { Sync } from './repository.js';

const NAME = 'almanac_step';

export function sqliteSavepoints(db: Db): Sync<SavepointsRepository> {
  return {
    begin: () => void db.exec(`SAVEPOINT ${NAME}`),
    release: () => void db.exec(`RELEASE ${NAME}`),
    rollback() {
      // Some errors (a full disk) end the whole transaction: then there is nothing to undo here,
      // and the unit's own end reports it.
      if (!db.inTransaction) return;
      db.exec(`ROLLBACK TO ${NAME}`);
      db.exec(`RELEASE ${NAME}`);
    },
  };
}
