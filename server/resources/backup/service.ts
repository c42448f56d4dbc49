/**
 * Online backups of the calendar into `<dataDir>/backups/`, and restoring one into the running
 * server. One backup operation runs at a time; requests keep being served throughout. On SQLite
 * a backup is a copy of the database file (`.db`, sqlite.ts); on PostgreSQL it is the export
 * document (`.json`, document.ts). Both keep the media files beside it (`.media/`).
 */
import { copyFileSync, existsSync, mkdirSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { NotFound, Refused, Unavailable } from '../../errors.js';
import { copyRegularFiles } from '../../files.js';
import type { CoreServices } from '../../core.js';
import type { Db } from '../../db/open.js';
import {
  backupDirProblem,
  backupPath,
  backupsDir,
  describeBackup,
  formatOf,
  listBackups,
  timestampName,
  type BackupFile,
  type BackupFormat,
} from './folder.js';
import { readDocumentBackup, writeDocumentBackup } from './document.js';
import { schemaProblems, summary } from './schema-check.js';
import {
  backupTo,
  checkBackup,
  copyProblems,
  restoreInto,
  upgradeCopy,
  type BackupProblem,
} from './sqlite.js';
import type { ImportInput } from '../transfer/import.js';

/** The name part of scheduled backups, which retention applies to (manual ones stay). */
export const SCHEDULED = '-scheduled';

export const backupNotFound = (): NotFound =>
  new NotFound('almanac_backup_not_found', 'There is no backup with that name.');

const unavailable = (): Unavailable =>
  new Unavailable(
    'almanac_backups_unavailable',
    'Backups need a database file; this server runs on an in-memory database.',
  );

const noDataFolder = (): Unavailable =>
  new Unavailable(
    'almanac_backups_unavailable',
    'Backups need a folder: set --data-dir, or the setting backup_dir.',
  );

export interface RestoreResult {
  restored: BackupFile;
  /** The backup of the data as it was just before the restore, to undo it. */
  safety_backup: BackupFile;
}

export interface BackupDeps {
  /** SQLite: the connection whose file a backup copies. Without it, backups are documents. */
  database?: Db;
  /** Runs once the restored data is live (the change history starts anew). */
  afterRestore?: () => void | Promise<void>;
  /**
   * PostgreSQL: replaces the calendar's contents with a document's and starts a new change
   * history, all or nothing (one unit of work). Without it, document backups are made but not
   * restored. `afterRestore` is not run after it: the unit did its work.
   */
  restoreDocument?: (doc: ImportInput) => Promise<void>;
}

export function createBackupService(core: CoreServices, deps: BackupDeps = {}) {
  const { config, clock, log } = core;
  const db = deps.database;
  /** The SQLite connection, which a database-file backup needs. */
  const database = (): Db => {
    if (db === undefined) throw unavailable();
    return db;
  };
  // What this engine's backups are: a copy of the SQLite file, or PostgreSQL's export document.
  const format: BackupFormat = db === undefined ? 'document' : 'database';
  const defaultDir = backupsDir(config);
  const live =
    format === 'database' && config.dbPath !== ':memory:' && config.dbPath !== ''
      ? config.dbPath
      : undefined;
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs backup operations one after the other. */
  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  /** The chosen folder (setting `backup_dir`), else the data folder's `backups/`. */
  function currentDir(): string | undefined {
    if (format === 'database' && live === undefined) return undefined;
    return core.settings.get().backup_dir || defaultDir;
  }

  /**
   * The folder to use, checked again at each use: a folder chosen before the check existed, or a
   * link changed since, must not make a backup request reach a system folder.
   */
  function checkedDir(): string | undefined {
    const dir = currentDir();
    if (dir === undefined || dir === defaultDir) return dir;
    const problem = backupDirProblem(dir);
    if (problem !== undefined) {
      throw new Refused('almanac_backup_dir_refused', `The setting backup_dir ${problem}`);
    }
    return dir;
  }

  function folder(): string {
    const dir = checkedDir();
    if (dir === undefined) throw format === 'database' ? unavailable() : noDataFolder();
    return dir;
  }

  /** A backup's copy of the media files: `almanac-….db` (or `.json`) → `almanac-….media/`. */
  const mediaOf = (target: string, name: string) =>
    join(target, name.replace(/\.(?:db|json)$/, '.media'));

  /** A name no backup (nor its media) has yet, from "now" (one second's next get `-2`, `-3`…). */
  function freshName(suffix: string): string {
    const base = timestampName(clock.now(), suffix, format);
    const taken = (name: string) =>
      existsSync(join(folder(), name)) || existsSync(mediaOf(folder(), name));
    let name = base;
    for (let n = 2; taken(name); n++) name = base.replace(/\.(db|json)$/, `-${n}.$1`);
    return name;
  }

  /** Reads a backup back: why it cannot be used, or undefined when it can. */
  function problemOf(file: string): BackupProblem | undefined {
    const check = formatOf(file) === 'document' ? readDocumentBackup(file) : checkBackup(file);
    return 'kind' in check ? check : undefined;
  }

  async function create(suffix = ''): Promise<BackupFile> {
    const target = folder();
    mkdirSync(target, { recursive: true });
    const name = freshName(suffix);
    // Written under a dot-name the listing ignores, then renamed: a half-made backup never shows.
    const partial = join(target, `.${name}.partial`);
    const partialMedia = join(target, `.${name}.media.partial`);
    try {
      if (format === 'document') await writeDocumentBackup(core, partial);
      else await backupTo(database(), partial);
      // The media files with the database: restoring a backup brings back the images it names.
      // Only regular files: a link in the media folder is not followed into the backup.
      if (config.mediaDir !== '' && existsSync(config.mediaDir)) {
        // The configured folder itself may be a link (to another disk, say): that one is followed.
        await copyRegularFiles(realpathSync(config.mediaDir), partialMedia);
        mkdirSync(partialMedia, { recursive: true });
        renameSync(partialMedia, mediaOf(target, name));
      }
      renameSync(partial, join(target, name));
    } catch (error) {
      rmSync(mediaOf(target, name), { recursive: true, force: true });
      throw error;
    } finally {
      rmSync(partial, { force: true });
      rmSync(partialMedia, { recursive: true, force: true });
    }
    log.info({ backup: name }, 'backup created');
    return describeBackup(target, name)!;
  }

  function invalid(message: string): Refused {
    return new Refused('almanac_backup_invalid', message);
  }

  /** Puts the safety copy back after a restore that left the server unusable. */
  async function rollBack(safety: BackupFile, cause: unknown): Promise<void> {
    log.error({ err: cause, safety_backup: safety.name }, 'restored data unusable; rolling back');
    await restoreInto(backupPath(folder(), safety.name)!, live!);
    await deps.afterRestore?.();
    log.warn(
      { safety_backup: safety.name },
      'database rolled back to its state before the restore',
    );
  }

  async function restore(name: string): Promise<RestoreResult> {
    const target = folder();
    if (!describeBackup(target, name)) throw backupNotFound();
    if (formatOf(name) !== format) throw otherEngine(name);
    if (format === 'document') return restoreDocument(name);
    if (live === undefined) throw unavailable();
    const file = backupPath(target, name)!;
    // Checked in a private copy: SQLite leaves `-shm`/`-wal` files beside a WAL file it reads,
    // even read-only, and the backups folder keeps only what the user put there.
    const probe = join(target, `.${name}.check`);
    try {
      copyFileSync(file, probe);
      return await restoreChecked(name, probe);
    } finally {
      for (const suffix of ['', '-shm', '-wal', '-journal'])
        rmSync(`${probe}${suffix}`, { force: true });
    }
  }

  /** A backup made on the other engine: a file copy and a document are restored differently. */
  function otherEngine(name: string): Refused {
    return invalid(
      formatOf(name) === 'database'
        ? `${name} is a copy of an SQLite database, and this calendar runs on PostgreSQL: move it with almanac migrate --from <file> (docs/scaling.md).`
        : `${name} is an export document, the backup of a calendar on PostgreSQL: import it with POST /import, or move to PostgreSQL with almanac migrate.`,
    );
  }

  function refusal(problem: BackupProblem): Refused {
    if (problem.kind === 'too_new')
      return invalid(
        `This backup was written by a newer version of Almanac (schema ${problem.version}; this version understands up to ${problem.supported}).`,
      );
    if (problem.kind === 'not_almanac')
      return invalid(
        format === 'database'
          ? 'This file is not an Almanac database.'
          : 'This file is not an Almanac export document.',
      );
    if (problem.kind === 'corrupt')
      return invalid(
        format === 'database'
          ? `This backup is damaged (integrity check: ${problem.message}).`
          : `This backup is damaged: ${problem.message}`,
      );
    return invalid(`This backup cannot be read: ${problem.message}`);
  }

  /**
   * PostgreSQL: the document checked whole, the data as it is backed up first, then the
   * calendar's contents replaced by the document's in one unit of work (all or nothing), and the
   * media files it lacks copied back.
   */
  async function restoreDocument(name: string): Promise<RestoreResult> {
    const target = folder();
    const restored = describeBackup(target, name)!;
    if (!deps.restoreDocument)
      throw new Unavailable(
        'almanac_backups_unavailable',
        'Restoring a backup on PostgreSQL is not available in this version; import the document with POST /import.',
      );
    const check = readDocumentBackup(backupPath(target, name)!);
    if ('kind' in check) throw refusal(check);
    const safety = await create('-before-restore');
    try {
      await deps.restoreDocument(check.doc);
    } catch (error) {
      throw invalid(
        `This backup could not be restored (${(error as Error).message}); the data is as it was.`,
      );
    }
    if (config.mediaDir !== '') await copyRegularFiles(mediaOf(target, name), config.mediaDir);
    log.warn({ backup: name, safety_backup: safety.name }, 'calendar restored from a backup');
    return { restored, safety_backup: safety };
  }

  async function restoreChecked(name: string, file: string): Promise<RestoreResult> {
    const target = folder();
    const restored = describeBackup(target, name)!;
    const check = checkBackup(file);
    if ('kind' in check) throw refusal(check);
    const pageSize = database().pragma('page_size', { simple: true }) as number;
    const working = join(target, `.${name}.restore`);
    let safety: BackupFile;
    try {
      // Always migrated and checked in a copy: the file's user_version may claim tables it lacks.
      await upgradeCopy(file, working, pageSize).catch((error: unknown) => {
        throw invalid(`This backup could not be brought up to date: ${(error as Error).message}`);
      });
      const problems = copyProblems(working);
      if (problems.length > 0) {
        throw invalid(`This backup does not hold a usable Almanac database: ${summary(problems)}.`);
      }
      // Only once the backup is known to be usable: the data as it is now, to undo the restore.
      safety = await create('-before-restore');
      await restoreInto(working, live!);
      try {
        const after = schemaProblems(database());
        if (after.length > 0) throw new Error(summary(after));
        // Media files the backup holds and the live folder lacks come back; none is removed.
        // Only regular files directly in a real folder: a link (to /etc/hostname, say) or a
        // linked folder in a backup would otherwise be served under /media/.
        if (config.mediaDir !== '') await copyRegularFiles(mediaOf(target, name), config.mediaDir);
        await deps.afterRestore?.();
      } catch (error) {
        await rollBack(safety, error);
        throw invalid(
          `The restored data could not be used (${(error as Error).message}); the data as it was before the restore is back.`,
        );
      }
    } finally {
      rmSync(working, { force: true });
    }
    log.warn({ backup: name, safety_backup: safety.name }, 'database restored from a backup');
    return { restored, safety_backup: safety };
  }

  return {
    /** Whether this server can make backups at all (a database file, or a folder on PostgreSQL). */
    available: (): boolean => currentDir() !== undefined,
    /** The folder backups go to now. */
    folder: currentDir,
    list: (): BackupFile[] => {
      const dir = checkedDir();
      return dir === undefined ? [] : listBackups(dir);
    },
    find: (name: string): BackupFile | undefined => {
      const dir = checkedDir();
      return dir === undefined ? undefined : describeBackup(dir, name);
    },
    /** Why a folder cannot be the setting `backup_dir`, or undefined when it can. */
    folderProblem: (dir: string): string | undefined =>
      dir === '' ? undefined : backupDirProblem(dir),
    /** The file to send for a download. */
    path(name: string): string {
      const file = describeBackup(folder(), name) && backupPath(folder(), name);
      if (!file) throw backupNotFound();
      return file;
    },
    create: (): Promise<BackupFile> => exclusive(() => create()),
    /** A scheduled backup: made, checked, then the oldest scheduled ones beyond `keep` removed. */
    scheduled: (keep: number): Promise<BackupFile> =>
      exclusive(async () => {
        const made = await create(SCHEDULED);
        const problem = problemOf(join(folder(), made.name));
        if (problem !== undefined) {
          rmSync(join(folder(), made.name), { force: true });
          rmSync(mediaOf(folder(), made.name), { recursive: true, force: true });
          throw new Refused(
            'almanac_backup_unverified',
            `The backup just written does not read back (${problem.kind}).`,
          );
        }
        const old = listBackups(folder()).filter((file) => file.name.includes(SCHEDULED));
        for (const file of old.slice(keep)) {
          rmSync(join(folder(), file.name), { force: true });
          rmSync(mediaOf(folder(), file.name), { recursive: true, force: true });
        }
        return made;
      }),
    restore: (name: string): Promise<RestoreResult> => exclusive(() => restore(name)),
    remove: (name: string): Promise<BackupFile> =>
      exclusive(async () => {
        const found = describeBackup(folder(), name);
        if (!found) throw backupNotFound();
        rmSync(backupPath(folder(), name)!);
        rmSync(mediaOf(folder(), name), { recursive: true, force: true });
        return found;
      }),
  };
}

export type BackupService = ReturnType<typeof createBackupService>;
