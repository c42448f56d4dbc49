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

interface Restored {
  restored: BackupFileWire;
  safety_backup: BackupFileWire;
}

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export default function Backups() {
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
    onSuccess: (made) => toast({ tone: 'success', message: `Backup ${made.name} made.` }),
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
        message: `Restored from ${result.restored.name}. The data as it was is in ${result.safety_backup.name}.`,
      });
    },
  });
  const remove = useMutation({
    mutationFn: (name: string) =>
      api(admin(`backups/${encodeURIComponent(name)}`), { method: 'DELETE' }),
    onSuccess: () => toast({ tone: 'success', message: 'Backup deleted.' }),
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
        title="Backups"
        actions={
          <Button variant="primary" busy={create.isPending} onClick={() => create.mutate()}>
            Back up now
          </Button>
        }
      >
        Copies of the whole calendar (the database and the media files), made while Almanac keeps
        running. Restoring one replaces all the data, after backing up the data as it is.
      </PageHeader>
      <ErrorNote
        error={list.error ?? create.error ?? restore.error ?? remove.error ?? fetchFile.error}
      />
      <BackupSchedule />
      <DataTable
        caption="Backups, newest first"
        rows={backups}
        rowKey={(backup) => backup.name}
        pending={list.isPending}
        empty="No backup yet: make one with “Back up now”."
        columns={[
          { label: 'Backup', cell: (backup) => backup.name },
          { label: 'Made', cell: (backup) => stampText(backup.created_utc) },
          { label: 'Size', cell: (backup) => size(backup.size) },
        ]}
        actions={(backup) => [
          { label: 'Download', run: () => fetchFile.mutate(backup.name) },
          {
            label: 'Restore',
            busy: restore.isPending && restore.variables === backup.name,
            confirm: `Replace all the data with ${backup.name}? The data as it is now is backed up first, so this can be undone.`,
            run: () => restore.mutate(backup.name),
          },
          {
            label: 'Delete',
            danger: true,
            confirm: `Delete ${backup.name} for good?`,
            run: () => remove.mutate(backup.name),
          },
        ]}
      />
    </>
  );
}
