/**
 * Scheduled backups (docs/contract/extensions.md §E4): daily or weekly per the settings, kept
 * `backup_keep` deep, each one checked after writing. Every server process looks once a minute;
 * the process that claims a due backup (in a unit of work, storage/backup-status.ts) makes it,
 * so `--workers` never make two. The last run's result is kept for the console and logged.
 */
import type { BackupSchedule } from '../../../shared/schemas/settings.js';
import type { BackupScheduleWire } from '../../../shared/schemas/wire/admin.js';
import { formatUtc } from '../../../shared/time.js';
import type { CoreServices } from '../../core.js';
import type { BackupRun } from '../../storage/backup-status.js';
import type { StoragePorts } from '../../storage/storage.js';
import type { BackupService } from './service.js';

const HOUR_MS = 3_600_000;
const PERIOD_MS: Record<Exclude<BackupSchedule, 'off'>, number> = {
  daily: 24 * HOUR_MS,
  weekly: 7 * 24 * HOUR_MS,
};
/** After a failure, the next attempt comes this much later rather than a whole period. */
const RETRY_MS = HOUR_MS;
/** A claimed run that never finished (its process died) is given up after this long. */
const STALE_MS = 6 * HOUR_MS;
const CHECK_EVERY_MS = 60_000;

const ms = (utc: string) => Date.parse(`${utc.replace(' ', 'T')}Z`);

export type BackupScheduleStatus = BackupScheduleWire;

export function createBackupScheduler(
  storage: StoragePorts<'backupStatus', 'backupStatus'>,
  core: Pick<CoreServices, 'settings' | 'clock' | 'log' | 'writeGate'>,
  backups: BackupService,
) {
  const finish = (run: BackupRun) => storage.write((uow) => uow.backupStatus.put(run));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  /** When the next backup is due after `last`, in ms; undefined when none is scheduled. */
  function dueAt(last: BackupRun | undefined): number | undefined {
    const { backup_schedule: schedule } = core.settings.get();
    if (schedule === 'off' || !backups.available()) return undefined;
    if (!last) return 0;
    if (last.finished_utc === null) return ms(last.started_utc) + STALE_MS;
    return ms(last.started_utc) + (last.ok ? PERIOD_MS[schedule] : RETRY_MS);
  }

  async function run(started: string): Promise<void> {
    const { backup_keep: keep } = await core.settings.current();
    try {
      const made = await backups.scheduled(keep);
      const finished = formatUtc(core.clock.now());
      await finish({
        started_utc: started,
        finished_utc: finished,
        ok: true,
        name: made.name,
        error: null,
      });
      core.log.info({ backup: made.name }, 'scheduled backup made');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const finished = formatUtc(core.clock.now());
      await finish({
        started_utc: started,
        finished_utc: finished,
        ok: false,
        name: null,
        error: message,
      });
      core.log.error({ err: error }, 'scheduled backup failed');
    }
  }

  return {
    /** Makes the backup if one is due and no other process has claimed it; resolves when done. */
    tick(): Promise<void> {
      running ??= (async () => {
        await core.settings.current();
        const now = core.clock.now();
        const started = formatUtc(now);
        // Claimed only when still due with the write lock taken: another process may have
        // claimed it meanwhile.
        const claimed = await storage.write(async (uow) => {
          const due = dueAt(await uow.backupStatus.last());
          if (due === undefined || due > now.getTime()) return false;
          await uow.backupStatus.put({
            started_utc: started,
            finished_utc: null,
            ok: null,
            name: null,
            error: null,
          });
          return true;
        });
        if (claimed) await run(started);
      })().finally(() => {
        running = undefined;
      });
      return running;
    },
    /** Looks once a minute from now on; the first look waits a minute, out of the start's way. */
    start(): void {
      if (timer) return;
      // Through the write gate (db/write-gate.ts): while an import writes from its worker, a
      // claim would wait for SQLite's lock with the whole process, then fail.
      timer = setInterval(() => {
        void core.writeGate.enter().then(async (release) => {
          try {
            await this.tick();
          } catch (error) {
            core.log.error({ err: error }, 'scheduled backup failed');
          } finally {
            release();
          }
        });
      }, CHECK_EVERY_MS);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    async status(): Promise<BackupScheduleStatus> {
      const settings = await core.settings.current();
      const last = await storage.read.backupStatus.last();
      const due = dueAt(last);
      return {
        schedule: settings.backup_schedule,
        keep: settings.backup_keep,
        folder: backups.folder() ?? null,
        next_utc:
          due === undefined ? null : formatUtc(new Date(Math.max(due, core.clock.now().getTime()))),
        last: last ?? null,
      };
    },
  };
}

export type BackupScheduler = ReturnType<typeof createBackupScheduler>;
