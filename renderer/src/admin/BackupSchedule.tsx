/** The backup schedule: how the last scheduled backup went, when the next is due, and the settings. */
import type { BackupScheduleWire } from '../../../shared/schemas/wire';
import { useAdminRead } from '../api/hooks';
import { useStamp } from '../app/useStamp';
import { ErrorNote } from '../ui/ErrorNote';
import { useSettingsForm } from './useSettings';
import { type FieldSpec } from '../ui/FormFields';
import { FieldGrid, SubmitRow } from '../ui/FormLayout';

const FIELDS: FieldSpec[] = [
  {
    name: 'backup_schedule',
    label: 'Back up automatically',
    type: 'select',
    options: [
      ['daily', 'Every day'],
      ['weekly', 'Every week'],
      ['off', 'Never'],
    ],
  },
  {
    name: 'backup_keep',
    label: 'Automatic backups to keep',
    type: 'number',
    hint: 'Older automatic backups are removed; the ones you make stay.',
  },
  {
    name: 'backup_dir',
    label: 'Folder',
    wide: true,
    hint: 'The full path of a folder, such as a synced folder or a USB drive. Empty: the data folder’s backups.',
  },
];

export function useBackupSchedule() {
  return useAdminRead<BackupScheduleWire>('backup-schedule');
}

function LastRun({ status }: { status: BackupScheduleWire }) {
  const stampText = useStamp();
  const { last } = status;
  if (!last) return <p>No automatic backup has been made yet.</p>;
  if (last.ok === null)
    return <p>An automatic backup is being made (since {stampText(last.started_utc)}).</p>;
  if (last.ok) {
    return (
      <p className="note note--success" role="status">
        Last automatic backup: <strong>{last.name}</strong>,{' '}
        {stampText(last.finished_utc ?? last.started_utc)}.
      </p>
    );
  }
  return (
    <p className="note note--warning" role="alert">
      The last automatic backup failed ({stampText(last.finished_utc ?? last.started_utc)}):{' '}
      {last.error}
    </p>
  );
}

export function BackupSchedule() {
  const stampText = useStamp();
  const status = useBackupSchedule();
  const { settings, save, form, submit } = useSettingsForm(
    (s) => ({
      backup_schedule: s.backup_schedule,
      backup_keep: String(s.backup_keep),
      backup_dir: s.backup_dir,
    }),
    'Backup schedule saved.',
    () => void status.refetch(),
  );

  return (
    <form className="card" onSubmit={submit} noValidate aria-label="Backup schedule">
      <h2>Automatic backups</h2>
      <ErrorNote error={status.error ?? settings.error} />
      {status.data && (
        <>
          <LastRun status={status.data} />
          <p className="muted">
            {status.data.next_utc === null
              ? 'No automatic backup is scheduled.'
              : `Next one: ${stampText(status.data.next_utc)}, in ${status.data.folder ?? '(no folder)'}.`}
          </p>
        </>
      )}
      <FieldGrid fields={FIELDS} form={form} />
      <SubmitRow label="Save schedule" busy={save.isPending} disabled={!form.dirty} />
    </form>
  );
}
