/**
 * Where scheduled backups stand, in the database so that every server process (`--workers`)
 * reads the same state and only one of them makes each backup: the claim of a due backup and
 * its result are written in write transactions.
 */
import type { BackupRunWire } from '../../../shared/schemas/wire/admin.js';
import type { Db } from '../../db/open.js';

export type BackupRun = BackupRunWire;

const KEY = 'backup_last_run';

export function createBackupStatusStore(db: Db) {
  const read = db.prepare<[string], string>('SELECT value FROM settings WHERE key = ?').pluck();
  const write = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const get = (): BackupRun | undefined => {
    const value = read.get(KEY);
    return value === undefined ? undefined : (JSON.parse(value) as BackupRun);
  };
  return {
    get,
    put(run: BackupRun): void {
      write.run(KEY, JSON.stringify(run));
    },
    /** Records `run` only when `due(last)` still holds with the write lock taken. */
    claim: db.transaction((run: BackupRun, due: (last: BackupRun | undefined) => boolean) => {
      if (!due(get())) return false;
      write.run(KEY, JSON.stringify(run));
      return true;
    }),
  };
}

export type BackupStatusStore = ReturnType<typeof createBackupStatusStore>;
