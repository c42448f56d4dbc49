/**
 * Import an .ics file: choose it, see the dry run's report (what would be created, updated,
 * left as it is, skipped and why), then confirm to import it for real.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { admin, api, messageOf } from '../api/client';
import { invalidate } from '../api/hooks';
import { Button } from '../ui/Button';
import { DataTable } from '../ui/DataTable';
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

function ReportView({ report, dryRun }: { report: IcsImportReport; dryRun: boolean }) {
  const verb = dryRun ? 'Would be' : 'Were';
  return (
    <div className="import-report">
      <dl className="import-report__counts">
        <div>
          <dt>{verb} created</dt>
          <dd>{report.created}</dd>
        </div>
        <div>
          <dt>{verb} updated</dt>
          <dd>{report.updated}</dd>
        </div>
        <div>
          <dt>Unchanged</dt>
          <dd>{report.unchanged}</dd>
        </div>
        <div>
          <dt>Skipped</dt>
          <dd>{report.skipped.length}</dd>
        </div>
        <div>
          <dt>Errors</dt>
          <dd>{report.errors.length}</dd>
        </div>
      </dl>
      {report.skipped.length > 0 && (
        <>
          <h2>Skipped</h2>
          <DataTable
            rows={report.skipped}
            rowKey={(item, i) => `${item.uid}-${i}`}
            columns={[
              { label: 'UID', cell: (item) => item.uid, className: 'import-report__uid' },
              { label: 'Why', cell: (item) => item.reason },
            ]}
          />
        </>
      )}
      {report.errors.length > 0 && (
        <>
          <h2>Errors</h2>
          <DataTable
            rows={report.errors}
            rowKey={(item, i) => `${item.line}-${i}`}
            columns={[
              { label: 'Line', cell: (item) => item.line },
              { label: 'UID', cell: (item) => item.uid ?? '—', className: 'import-report__uid' },
              { label: 'Problem', cell: (item) => item.message },
            ]}
          />
        </>
      )}
    </div>
  );
}

export default function ImportScreen() {
  const client = useQueryClient();
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<IcsImportReport | null>(null);
  const [done, setDone] = useState<IcsImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function choose(chosen: File | null) {
    setFile(chosen);
    setPreview(null);
    setDone(null);
    setError(null);
    if (!chosen) return;
    if (chosen.size > MAX_BYTES) {
      setError(new Error('The file is larger than 20 MB.'));
      return;
    }
    setBusy(true);
    try {
      setPreview(await send(chosen, true));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (!file) return;
    setBusy(true);
    try {
      const report = await send(file, false);
      setDone(report);
      setPreview(null);
      invalidate(client, 'events', 'venues', 'organizers', 'categories');
      toast({
        tone: 'success',
        message: `Imported: ${report.created} created, ${report.updated} updated.`,
      });
    } catch (failure) {
      toast({ tone: 'error', message: messageOf(failure) });
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  const changes = preview ? preview.created + preview.updated : 0;
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
            onChange={(e) => void choose(e.target.files?.[0] ?? null)}
          />
        </label>
        {busy && <p className="muted">Reading the file…</p>}
        <ErrorNote error={error} />
      </div>
      {preview && (
        <div className="card">
          <h2>What this file would do</h2>
          <ReportView report={preview} dryRun />
          <div className="import-report__actions">
            <Button
              variant="primary"
              busy={busy}
              disabled={changes === 0}
              onClick={() => void confirm()}
            >
              {changes === 0
                ? 'Nothing to import'
                : `Import ${changes} event${changes === 1 ? '' : 's'}`}
            </Button>
            <Button onClick={() => void choose(null)}>Cancel</Button>
          </div>
        </div>
      )}
      {done && (
        <div className="card">
          <h2>Imported</h2>
          <ReportView report={done} dryRun={false} />
        </div>
      )}
    </>
  );
}
