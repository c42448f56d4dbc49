/** SQL of the scheduled backups' last run, a JSON value in the settings table. */
import type { Db } from '../../db/open.js';
import { readHandle, type ReadDb } from '../../db/read.js';
import {
  BACKUP_STATUS_KEY,
  RESTORED_TABLES,
  type BackupRun,
  type BackupStatusReader,
  type BackupStatusRepository,
} from '../backup-status.js';
import type { Sync } from './repository.js';

export function sqliteBackupStatusReader(db: ReadDb): Sync<BackupStatusReader> {
  const read = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  return {
    last() {
      const row = read.get(BACKUP_STATUS_KEY);
      return row === undefined ? undefined : (JSON.parse(row.value) as BackupRun);
    },
  };
}

export function sqliteBackupStatus(db: Db): Sync<BackupStatusRepository> {
  const write = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const empty = RESTORED_TABLES.map((table) => db.prepare(`DELETE FROM ${table}`));
  return {
    ...sqliteBackupStatusReader(readHandle(db)),
    put: (run) => void write.run(BACKUP_STATUS_KEY, JSON.stringify(run)),
    emptyContents() {
      for (const statement of empty) statement.run();
    },
  };
}
