/**
 * The backups folder: strict file names, paths that cannot leave the folder, only regular files
 * (a link named like a backup is neither listed nor sent), and the listing.
 */
import { existsSync, lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { formatUtc } from '../../../shared/time.js';
import type { BackupFileWire } from '../../../shared/schemas/wire/admin.js';
import type { ServerConfig } from '../../config.js';

/**
 * Letters, digits, `_`, `-` and inner dots, ending in `.db` (a copy of the SQLite database) or
 * `.json` (the export document a PostgreSQL calendar is backed up as): no separators, no `..`,
 * no dotfiles.
 */
export const BACKUP_NAME = /^[A-Za-z0-9_-](?:[A-Za-z0-9_-]|\.(?!\.)){0,150}\.(?:db|json)$/;

export const isBackupName = (name: string): boolean => BACKUP_NAME.test(name);

/** What a backup holds: an SQLite database file, or an export document (and media). */
export type BackupFormat = 'database' | 'document';

/** The file's ending for each format. */
export const BACKUP_EXTENSION: Record<BackupFormat, string> = { database: 'db', document: 'json' };

export const formatOf = (name: string): BackupFormat =>
  name.endsWith('.json') ? 'document' : 'database';

export type BackupFile = BackupFileWire;

/** `<dataDir>/backups`, or next to the database file; none for an in-memory database. */
export function backupsDir(config: Pick<ServerConfig, 'dataDir' | 'dbPath'>): string | undefined {
  if (config.dataDir) return join(config.dataDir, 'backups');
  if (config.dbPath && config.dbPath !== ':memory:') return join(dirname(config.dbPath), 'backups');
  return undefined;
}

/** Folders of the operating system (macOS's `/etc` is `/private/etc`); `/lib*` and `/root` below. */
const SYSTEM_FOLDERS = [
  '/etc',
  '/proc',
  '/sys',
  '/dev',
  '/boot',
  '/usr',
  '/bin',
  '/sbin',
  '/private/etc',
];

const inside = (path: string, root: string) => path === root || path.startsWith(`${root}/`);

/** The path with every link resolved, for a path whose last parts may not exist yet. */
function withoutLinks(path: string): string {
  const missing: string[] = [];
  let current = resolve(path);
  for (;;) {
    try {
      return join(realpathSync.native(current), ...missing.reverse());
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const parent = dirname(current);
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || parent === current) throw error;
      missing.push(basename(current));
      current = parent;
    }
  }
}

/**
 * Why a folder cannot hold backups (setting `backup_dir`), or undefined when it can: it must be
 * an absolute path without `..`, a folder when it exists, and, once links are resolved, neither
 * `/` nor inside a system folder (`/etc`, `/proc`, `/sys`, `/dev`, `/boot`, `/usr`, `/bin`,
 * `/sbin`, `/lib*`, and `/root` unless that is the home folder of the user the server runs as).
 * Backups are written, listed, sent and read back from there: such a folder would let an
 * administrator's request write into the system or read its files.
 */
export function backupDirProblem(dir: string, home = homedir()): string | undefined {
  if (!isAbsolute(dir)) return 'must be the absolute path of a folder.';
  if (dir.split(/[\\/]/).includes('..')) return 'must not contain "..".';
  let real: string;
  try {
    real = withoutLinks(dir);
  } catch (error) {
    return `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`;
  }
  if (existsSync(real) && !statSync(real).isDirectory()) return 'must be a folder, not a file.';
  const shown = real === resolve(dir) ? real : `${dir}, which is ${real},`;
  if (real === '/') return 'must not be the root folder /.';
  const system =
    SYSTEM_FOLDERS.find((root) => inside(real, root)) ??
    /^\/lib[^/]*/.exec(real)?.[0] ??
    (inside(real, '/root') && !inside(real, home) ? '/root' : undefined);
  return system === undefined
    ? undefined
    : `must not be a system folder: ${shown} is in ${system}.`;
}

/** The file of a backup, or undefined when the name is not one a backup can have. */
export function backupPath(dir: string, name: string): string | undefined {
  if (!isBackupName(name)) return undefined;
  const root = resolve(dir);
  const file = resolve(root, name);
  return file.startsWith(root + sep) ? file : undefined;
}

/** `almanac-20260615T120000Z.db` for 2026-06-15 12:00:00 UTC, plus an optional suffix. */
export function timestampName(at: Date, suffix = '', format: BackupFormat = 'database'): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `almanac-${stamp}${suffix}.${BACKUP_EXTENSION[format]}`;
}

const STAMP = /^almanac-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/;

/** When a backup was made: from its name when it carries a timestamp, else the file's time. */
export function createdUtc(name: string, mtime: Date): string {
  const m = STAMP.exec(name);
  return m ? `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}` : formatUtc(mtime);
}

export function describeBackup(dir: string, name: string): BackupFile | undefined {
  const file = backupPath(dir, name);
  if (file === undefined) return undefined;
  let stat;
  try {
    stat = lstatSync(file);
  } catch {
    return undefined;
  }
  if (!stat.isFile()) return undefined;
  return { name, size: stat.size, created_utc: createdUtc(name, stat.mtime) };
}

/** Every backup in the folder, newest first. */
export function listBackups(dir: string): BackupFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
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
const sequence = (name: string): number => Number(/-(\d+)\.(?:db|json)$/.exec(name)?.[1] ?? 1);
