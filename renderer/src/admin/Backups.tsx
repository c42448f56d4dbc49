/** Backups: make one now, download, restore or delete one, and the automatic schedule. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BackupFileWire, BackupListWire } from '../../../shared/schemas/wire';
import { admin, api, download } from '../api/client';
import { useStamp } from '../app/useStamp';
import { useAdminRead } from '../api/hooks';
import { Button } from '../ui/Button';
import { ErrorNote } from '../ui/ErrorNote';
import { PageHeader } from '../ui/PageHeader';
import { DataTable } from '../ui/DataTable';
import { useToast } from '../ui/toasts';
import { BackupSchedule } from './BackupSchedule';
import { consoleLocale, useCatalogue, useT } from '../i18n';

interface Restored {
  restored: BackupFileWire;
  safety_backup: BackupFileWire;
}

/** A file's size in the console's locale ("1.5 MB", "1,5 Mo"). */
function size(bytes: number): string {
  const [value, unit, digits] =
    bytes < 1024 * 1024
      ? [Math.max(1, Math.round(bytes / 1024)), 'kilobyte', 0]
      : [bytes / (1024 * 1024), 'megabyte', 1];
  return new Intl.NumberFormat(consoleLocale(), {
    style: 'unit',
    unit,
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(value);
}

export default function Backups() {
  useCatalogue('admin');
  const t = useT();
  const stampText = useStamp();
  const client = useQueryClient();
  const toast = useToast();
  const list = useAdminRead<BackupListWire>('backups');
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['backups'] });
    void client.invalidateQueries({ queryKey: ['backup-schedule'] });
  };
  const create = useMutation({
    mutationFn: () => api<BackupFileWire>(admin('backups'), { method: 'POST' }),
    onSuccess: (made) =>
      toast({ tone: 'success', message: t('backups.made', { name: made.name }) }),
    onSettled: refresh,
  });
  const restore = useMutation({
    mutationFn: (name: string) =>
      api<Restored>(admin(`backups/${encodeURIComponent(name)}/restore`), { method: 'POST' }),
    onSuccess: (result) => {
      // Everything may have changed: every list and screen reads again.
      void client.invalidateQueries();
      toast({
        tone: 'success',
        message: t('backups.restored', {
          name: result.restored.name,
          safety: result.safety_backup.name,
        }),
      });
    },
  });
  const remove = useMutation({
    mutationFn: (name: string) =>
      api(admin(`backups/${encodeURIComponent(name)}`), { method: 'DELETE' }),
    onSuccess: () => toast({ tone: 'success', message: t('backups.deleted') }),
    onSettled: refresh,
  });
  const fetchFile = useMutation({
    mutationFn: (name: string) =>
      download(admin(`backups/${encodeURIComponent(name)}/download`), name),
  });
  const backups = list.data?.backups ?? [];
  return (
    <>
      <PageHeader
        title={t('nav.backups')}
        actions={
          <Button variant="primary" busy={create.isPending} onClick={() => create.mutate()}>
            {t('backups.now')}
          </Button>
        }
      >
        {t('backups.lead')}
      </PageHeader>
      <ErrorNote
        error={list.error ?? create.error ?? restore.error ?? remove.error ?? fetchFile.error}
      />
      <BackupSchedule />
      <DataTable
        caption={t('backups.caption')}
        rows={backups}
        rowKey={(backup) => backup.name}
        pending={list.isPending}
        empty={t('backups.none')}
        columns={[
          {
            label: 'backups.backup',
            // A file's name: data, not the console's words.
            cell: (backup) => <span translate="no">{backup.name}</span>,
          },
          { label: 'backups.madeAt', cell: (backup) => stampText(backup.created_utc) },
          { label: 'backups.size', cell: (backup) => size(backup.size) },
        ]}
        actions={(backup) => [
          { label: t('backups.download'), run: () => fetchFile.mutate(backup.name) },
          {
            label: t('backups.restore'),
            busy: restore.isPending && restore.variables === backup.name,
            confirm: t('backups.confirmRestore', { name: backup.name }),
            run: () => restore.mutate(backup.name),
          },
          {
            label: t('common.delete'),
            danger: true,
            confirm: t('backups.confirmDelete', { name: backup.name }),
            run: () => remove.mutate(backup.name),
          },
        ]}
      />
    </>
  );
}
