/**
 * The backups folder: strict file names, paths that cannot leave the folder, and the listing.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { formatUtc } from '../../../shared/time.js';
import type { BackupFileWire } from '../../../shared/schemas/wire/admin.js';
import type { ServerConfig } from '../../config.js';

/** Letters, digits, `_`, `-` and inner dots, ending in `.db`: no separators, no `..`, no dotfiles. */
export const BACKUP_NAME = /^[A-Za-z0-9_-](?:[A-Za-z0-9_-]|\.(?!\.)){0,150}\.db$/;

export const isBackupName = (name: string): boolean => BACKUP_NAME.test(name);

export type BackupFile = BackupFileWire;

/** `<dataDir>/backups`, or next to the database file; none for an in-memory database. */
export function backupsDir(config: Pick<ServerConfig, 'dataDir' | 'dbPath'>): string | undefined {
  if (config.dataDir) return join(config.dataDir, 'backups');
  if (config.dbPath && config.dbPath !== ':memory:') return join(dirname(config.dbPath), 'backups');
  return undefined;
}

/** The file of a backup, or undefined when the name is not one a backup can have. */
export function backupPath(dir: string, name: string): string | undefined {
  if (!isBackupName(name)) return undefined;
  const root = resolve(dir);
  const file = resolve(root, name);
  return file.startsWith(root + sep) ? file : undefined;
}

/** `almanac-20260615T120000Z.db` for 2026-06-15 12:00:00 UTC, plus an optional suffix. */
export function timestampName(at: Date, suffix = ''): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `almanac-${stamp}${suffix}.db`;
}

const STAMP = /^almanac-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/;

/** When a backup was made: from its name when it carries a timestamp, else the file's time. */
export function createdUtc(name: string, mtime: Date): string {
  const m = STAMP.exec(name);
  return m ? `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}` : formatUtc(mtime);
}

export function describeBackup(dir: string, name: string): BackupFile | undefined {
  const file = backupPath(dir, name);
  if (file === undefined || !existsSync(file)) return undefined;
  const stat = statSync(file);
  if (!stat.isFile()) return undefined;
  return { name, size: stat.size, created_utc: createdUtc(name, stat.mtime) };
}

/** Every backup in the folder, newest first. */
export function listBackups(dir: string): BackupFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter(isBackupName)
    .map((name) => describeBackup(dir, name))
    .filter((file): file is BackupFile => file !== undefined)
    .sort(
      (a, b) =>
        b.created_utc.localeCompare(a.created_utc) ||
        sequence(b.name) - sequence(a.name) ||
        b.name.localeCompare(a.name),
    );
}

/** Backups made within the same second are told apart by a `-2`, `-3`… suffix. */
const sequence = (name: string): number => Number(/-(\d+)\.db$/.exec(name)?.[1] ?? 1);
