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
  /**
   * The first step of restoring a document backup (PostgreSQL's): deletes the calendar's
   * contents that the document brings back (every post: events, venues, organizers and media,
   * with their links, trash records and iCalendar data; terms, series and their exceptions,
   * CalDAV's names and kept lines, and where imported objects came from). Users, credentials,
   * settings, the change log and the limits' counters stay. Run in the unit of work that imports
   * the document, so the calendar is replaced whole or not at all.
   */
  emptyContents(): Promise<void>;
}

/** What `emptyContents` deletes, in this order (the foreign keys cascade to the rest). */
export const RESTORED_TABLES = [
  'posts',
  'series',
  'terms',
  'caldav_names',
  'event_ical_kept',
  'import_sources',
] as const;

/** The settings key the last run is kept under (migration 0001's key-value table). */
export const BACKUP_STATUS_KEY = 'backup_last_run';
