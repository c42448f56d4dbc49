/** PostgreSQL's SQL of the scheduled backups' last run, a JSON value in the settings table. */
import {
  BACKUP_STATUS_KEY,
  RESTORED_TABLES,
  type BackupRun,
  type BackupStatusReader,
  type BackupStatusRepository,
} from '../backup-status.js';
import { rowOf, type Query } from './query.js';

export function pgBackupStatusReader(q: Query): BackupStatusReader {
  return {
    async last() {
      const row = await rowOf<{ value: string }>(q, 'SELECT value FROM settings WHERE key = $1', [
        BACKUP_STATUS_KEY,
      ]);
      return row === undefined ? undefined : (JSON.parse(row.value) as BackupRun);
    },
  };
}

export function pgBackupStatus(q: Query): BackupStatusRepository {
  return {
    ...pgBackupStatusReader(q),
    async put(run) {
      await q(
        `INSERT INTO settings (key, value) VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        [BACKUP_STATUS_KEY, JSON.stringify(run)],
      );
    },
    async emptyContents() {
      for (const table of RESTORED_TABLES) await q(`DELETE FROM ${table}`);
    },
  };
}
