/**
 * Data in and out (docs/export-import.md): the whole calendar as a JSON export, the events as
 * CSV, and an import from another site that serves the reference API, checked first by a dry
 * run whose report says what would change.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ImportReport } from '../../../shared/schemas/transfer';
import { admin, api, download } from '../api/client';
import { Button } from '../ui/Button';
import { ErrorNote } from '../ui/ErrorNote';
import { type FieldSpec } from '../ui/FormFields';
import { FieldGrid, SubmitRow } from '../ui/FormLayout';
import { ImportCounts } from '../ui/ImportCounts';
import { PageHeader } from '../ui/PageHeader';
import { useToast } from '../ui/toasts';
import { useCatalogue, useT } from '../i18n';

// A type, not an interface: the form's field grid reads it as a record of values.
type Site = {
  url: string;
  username: string;
  password: string;
};

const SITE_FIELDS: FieldSpec[] = [
  {
    name: 'url',
    label: 'transfer.url',
    type: 'url',
    wide: true,
    placeholder: 'https://example.org',
  },
  { name: 'username', label: 'transfer.username', autoComplete: 'off' },
  {
    name: 'password',
    label: 'transfer.password',
    type: 'password',
    autoComplete: 'new-password',
  },
];

function Report({ report }: { report: ImportReport }) {
  const problems = [
    ...report.skipped.map((s) => ({
      key: `s${s.kind}${s.id}`,
      what: `${s.kind} ${s.id}`,
      text: s.reason,
    })),
    ...report.errors.map((e, i) => ({
      key: `e${i}`,
      what: `${e.kind} ${e.id ?? ''}`,
      text: e.message,
    })),
  ];
  return (
    <div className="import-report">
      <ImportCounts report={report} dryRun={report.dry_run} />
      {problems.length > 0 && (
        <ul className="import-report__problems">
          {problems.map((p) => (
            <li key={p.key}>
              <strong>{p.what}</strong>: {p.text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Seconds since `since`, ticking while a long request runs. */
function useElapsed(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.round((now - since) / 1000));
}

export default function Transfer() {
  useCatalogue('admin');
  const t = useT();
  const client = useQueryClient();
  const toast = useToast();
  const [site, setSite] = useState<Site>({ url: '', username: '', password: '' });
  const [report, setReport] = useState<ImportReport | null>(null);
  const [started, setStarted] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const elapsed = useElapsed(started);

  async function run(dryRun: boolean) {
    setError(null);
    setStarted(Date.now());
    try {
      const body = {
        url: site.url,
        dry_run: dryRun,
        ...(site.username ? { username: site.username, password: site.password } : {}),
      };
      const result = await api<ImportReport>(admin('import/remote'), { method: 'POST', body });
      setReport(result);
      if (!dryRun) {
        void client.invalidateQueries();
        toast({
          tone: 'success',
          message: t('transfer.importedToast', {
            created: result.created,
            updated: result.updated,
          }),
        });
      }
    } catch (failure) {
      setError(failure);
    } finally {
      setStarted(null);
    }
  }

  const check = (event: FormEvent) => {
    event.preventDefault();
    void run(true);
  };
  const set = (name: string, value: string) => {
    setSite({ ...site, [name]: value });
    setReport(null);
  };
  const today = new Date().toISOString().slice(0, 10);
  const [saving, setSaving] = useState<unknown>(null);
  const save = (path: string, name: string) =>
    download(admin(path), name).catch((failure: unknown) => setSaving(failure));
  return (
    <>
      <PageHeader title={t('nav.transfer')}>{t('transfer.lead')}</PageHeader>
      <section className="card" aria-labelledby="export-title">
        <h2 id="export-title">{t('transfer.export')}</h2>
        <p className="muted">{t('transfer.exportText')}</p>
        <div className="form-actions">
          <Button onClick={() => void save('export', `almanac-export-${today}.json`)}>
            {t('transfer.json')}
          </Button>
          <Button onClick={() => void save('export/events.csv', `almanac-events-${today}.csv`)}>
            {t('transfer.csv')}
          </Button>
        </div>
        <ErrorNote error={saving} />
      </section>
      <form className="card" onSubmit={check} aria-labelledby="remote-title" noValidate>
        <h2 id="remote-title">{t('transfer.remote')}</h2>
        <p className="muted">{t('transfer.remoteText')}</p>
        <FieldGrid fields={SITE_FIELDS} form={{ values: site, errors: {}, set }} />
        <SubmitRow label={t('transfer.check')} busy={started !== null} disabled={site.url === ''} />
        {started !== null && (
          <p className="muted" role="status">
            {t('transfer.reading', { url: site.url, seconds: elapsed })}
          </p>
        )}
        <ErrorNote error={error} />
      </form>
      {report && (
        <section className="card" aria-labelledby="report-title">
          <h2 id="report-title">
            {report.dry_run ? t('transfer.wouldDo') : t('transfer.imported')}
          </h2>
          <Report report={report} />
          {report.dry_run && (
            <div className="import-report__actions">
              <Button
                variant="primary"
                busy={started !== null}
                disabled={report.created + report.updated === 0}
                onClick={() => void run(false)}
              >
                {report.created + report.updated === 0
                  ? t('transfer.nothing')
                  : t('transfer.import')}
              </Button>
            </div>
          )}
        </section>
      )}
    </>
  );
}
