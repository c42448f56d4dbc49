/**
 * Where scheduled backups stand (docs/contract/extensions.md §E4): the last run, claimed before
 * it starts and finished with its result. Kept in the database so that every server process
 * reads the same state; a claim is made in a unit of work, so only one process makes each backup.
 */
import type { BackupRunWire } from '../../shared/schemas/wire/admin.js';

export type BackupRun = BackupRunWire;

export interface BackupStatusReader {
  /** The last run claimed, finished or not. */
  last(): Promise<BackupRun | undefined>;
}

export interface BackupStatusRepository extends BackupStatusReader {
  /** Records `run` as the last one. */
  put(run: BackupRun): Promise<void>;
}

/** The settings key the last run is kept under (migration 0001's key-value table). */
export const BACKUP_STATUS_KEY = 'backup_last_run';
