/** The backup schedule: how the last scheduled backup went, when the next is due, and the settings. */
import type { BackupScheduleWire } from '../../../shared/schemas/wire';
import { useAdminRead } from '../api/hooks';
import { useStamp } from '../app/useStamp';
import { ErrorNote } from '../ui/ErrorNote';
import { useSettingsForm } from './useSettings';
import { type FieldSpec } from '../ui/FormFields';
import { FieldGrid, SubmitRow } from '../ui/FormLayout';
import { useT } from '../i18n';
import { Rich } from '../connect/Rich';

const FIELDS: FieldSpec[] = [
  {
    name: 'backup_schedule',
    label: 'schedule.auto',
    type: 'select',
    options: [
      ['daily', 'schedule.daily'],
      ['weekly', 'schedule.weekly'],
      ['off', 'common.never'],
    ],
  },
  {
    name: 'backup_keep',
    label: 'schedule.keep',
    type: 'number',
    hint: 'schedule.keepHint',
  },
  {
    name: 'backup_dir',
    label: 'schedule.folder',
    wide: true,
    hint: 'schedule.folderHint',
  },
];

export function useBackupSchedule() {
  return useAdminRead<BackupScheduleWire>('backup-schedule');
}

function LastRun({ status }: { status: BackupScheduleWire }) {
  const stampText = useStamp();
  const t = useT();
  const { last } = status;
  if (!last) return <p>{t('schedule.noneYet')}</p>;
  if (last.ok === null)
    return <p>{t('schedule.running', { when: stampText(last.started_utc) })}</p>;
  if (last.ok) {
    return (
      <p className="note note--success" role="status">
        <Rich
          k="schedule.last"
          values={{
            name: last.name ?? '',
            when: stampText(last.finished_utc ?? last.started_utc),
          }}
        />
      </p>
    );
  }
  return (
    <p className="note note--warning" role="alert">
      {t('schedule.failed', {
        when: stampText(last.finished_utc ?? last.started_utc),
        error: last.error ?? '',
      })}
    </p>
  );
}

export function BackupSchedule() {
  const stampText = useStamp();
  const t = useT();
  const status = useBackupSchedule();
  const { settings, save, form, submit } = useSettingsForm(
    (s) => ({
      backup_schedule: s.backup_schedule,
      backup_keep: String(s.backup_keep),
      backup_dir: s.backup_dir,
    }),
    t('schedule.saved'),
    () => void status.refetch(),
  );

  return (
    <form className="card" onSubmit={submit} noValidate aria-label={t('schedule.label')}>
      <h2>{t('schedule.title')}</h2>
      <ErrorNote error={status.error ?? settings.error} />
      {status.data && (
        <>
          <LastRun status={status.data} />
          <p className="muted">
            {status.data.next_utc === null ? (
              t('schedule.notScheduled')
            ) : (
              <Rich
                k="schedule.next"
                values={{
                  when: stampText(status.data.next_utc),
                  folder: status.data.folder ?? t('schedule.noFolder'),
                }}
              />
            )}
          </p>
        </>
      )}
      <FieldGrid fields={FIELDS} form={form} />
      <SubmitRow label={t('schedule.save')} busy={save.isPending} disabled={!form.dirty} />
    </form>
  );
}
