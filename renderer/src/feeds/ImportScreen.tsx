/**
 * Import an .ics file: choose it, see the dry run's report (what would be created, updated,
 * left as it is, skipped and why), then confirm to import it for real.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { admin, api, messageOf } from '../api/client';
import { invalidate } from '../api/hooks';
import { Button } from '../ui/Button';
import { DataTable, type Column } from '../ui/DataTable';
import { ImportCounts } from '../ui/ImportCounts';
import { ErrorNote } from '../ui/ErrorNote';
import { PageHeader } from '../ui/PageHeader';
import { useToast } from '../ui/toasts';
import type { IcsImportReport } from '../../../shared/schemas/feed';

const MAX_BYTES = 20 * 1024 * 1024;

function send(file: File, dryRun: boolean): Promise<IcsImportReport> {
  return api<IcsImportReport>(admin('import/ics'), {
    method: 'POST',
    raw: file,
    headers: { 'content-type': 'text/calendar' },
    query: dryRun ? { dry_run: 'true' } : {},
  });
}

type Skipped = IcsImportReport['skipped'][number];
type Failed = IcsImportReport['errors'][number];

const SKIPPED_COLUMNS: Array<Column<Skipped>> = [
  { label: 'UID', cell: (item) => item.uid, className: 'import-report__uid' },
  { label: 'Why', cell: (item) => item.reason },
];
const ERROR_COLUMNS: Array<Column<Failed>> = [
  { label: 'Line', cell: (item) => item.line },
  { label: 'UID', cell: (item) => item.uid ?? '—', className: 'import-report__uid' },
  { label: 'Problem', cell: (item) => item.message },
];

/** A titled table of the report's skipped or failed entries, absent when there are none. */
function Entries<T>({
  title,
  rows,
  columns,
}: {
  title: string;
  rows: T[];
  columns: Array<Column<T>>;
}) {
  if (rows.length === 0) return null;
  return (
    <>
      <h2>{title}</h2>
      <DataTable rows={rows} rowKey={(_row, index) => index} columns={columns} />
    </>
  );
}

function ReportView({ report, dryRun }: { report: IcsImportReport; dryRun: boolean }) {
  return (
    <div className="import-report">
      <ImportCounts report={report} dryRun={dryRun} />
      <Entries title="Skipped" rows={report.skipped} columns={SKIPPED_COLUMNS} />
      <Entries title="Errors" rows={report.errors} columns={ERROR_COLUMNS} />
    </div>
  );
}

export default function ImportScreen() {
  const client = useQueryClient();
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState<Error | null>(null);
  const preview = useMutation({ mutationFn: (chosen: File) => send(chosen, true) });
  const commit = useMutation({
    mutationFn: (chosen: File) => send(chosen, false),
    onSuccess: (report) => {
      preview.reset();
      invalidate(client, 'events', 'venues', 'organizers', 'categories');
      toast({
        tone: 'success',
        message: `Imported: ${report.created} created, ${report.updated} updated.`,
      });
    },
    onError: (failure) => toast({ tone: 'error', message: messageOf(failure) }),
  });
  const busy = preview.isPending || commit.isPending;

  function choose(chosen: File | null) {
    setFile(chosen);
    preview.reset();
    commit.reset();
    setTooLarge(null);
    if (!chosen) return;
    if (chosen.size > MAX_BYTES) setTooLarge(new Error('The file is larger than 20 MB.'));
    else preview.mutate(chosen);
  }

  const changes = preview.data ? preview.data.created + preview.data.updated : 0;
  return (
    <>
      <PageHeader title="Import">
        Bring events in from an .ics file exported by Google Calendar, Outlook, Apple Calendar,
        Thunderbird or another Almanac. Importing the same file again changes nothing.
      </PageHeader>
      <div className="card">
        <label className="field">
          <span>iCalendar file (.ics, up to 20 MB)</span>
          <input
            type="file"
            accept=".ics,text/calendar"
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
        </label>
        {busy && <p className="muted">Reading the file…</p>}
        <ErrorNote error={tooLarge ?? preview.error ?? commit.error} />
      </div>
      {preview.data && (
        <div className="card">
          <h2>What this file would do</h2>
          <ReportView report={preview.data} dryRun />
          <div className="import-report__actions">
            <Button
              variant="primary"
              busy={busy}
              disabled={changes === 0}
              onClick={() => file && commit.mutate(file)}
            >
              {changes === 0
                ? 'Nothing to import'
                : `Import ${changes} event${changes === 1 ? '' : 's'}`}
            </Button>
            <Button onClick={() => choose(null)}>Cancel</Button>
          </div>
        </div>
      )}
      {commit.data && (
        <div className="card">
          <h2>Imported</h2>
          <ReportView report={commit.data} dryRun={false} />
        </div>
      )}
    </>
  );
}
