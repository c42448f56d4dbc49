/**
 * Import an .ics file: choose it and what every imported event gets (status, category,
 * organizer), read the dry run's report in people's words (each event by title and date, what
 * the import would do with it and why, series counted by their occurrences), then import it.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { admin, api, messageOf } from '../api/client';
import { invalidate, useAll } from '../api/hooks';
import { decodeEntities } from '../api/resources';
import { Button } from '../ui/Button';
import { ErrorNote } from '../ui/ErrorNote';
import { PageHeader } from '../ui/PageHeader';
import { useToast } from '../ui/toasts';
import { useCatalogue, useT } from '../i18n';
import type { IcsImportReport, ImportOptions } from '../../../shared/schemas/feed';
import { ImportItems, totalEvents } from './ImportItems';

const MAX_BYTES = 20 * 1024 * 1024;

function send(file: File, dryRun: boolean, options: ImportOptions): Promise<IcsImportReport> {
  return api<IcsImportReport>(admin('import/ics'), {
    method: 'POST',
    raw: file,
    headers: { 'content-type': 'text/calendar' },
    query: {
      ...(dryRun ? { dry_run: 'true' } : {}),
      ...(options.status ? { status: options.status } : {}),
      ...(options.category ? { category: options.category } : {}),
      ...(options.organizer ? { organizer: options.organizer } : {}),
    },
  });
}

const STATUSES = [
  ['', 'imports.statusFile'],
  ['draft', 'imports.statusDraft'],
  ['pending', 'imports.statusPending'],
  ['private', 'imports.statusPrivate'],
] as const;

export default function ImportScreen() {
  useCatalogue('imports');
  const t = useT();
  const client = useQueryClient();
  const toast = useToast();
  const categories = useAll('categories', { hide_empty: false });
  const organizers = useAll('organizers');
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState<ImportOptions>({});
  const [tooLarge, setTooLarge] = useState<Error | null>(null);
  const preview = useMutation({
    mutationFn: ({ chosen, with: opts }: { chosen: File; with: ImportOptions }) =>
      send(chosen, true, opts),
  });
  const commit = useMutation({
    mutationFn: (chosen: File) => send(chosen, false, options),
    onSuccess: (report) => {
      preview.reset();
      invalidate(client, 'events', 'venues', 'organizers', 'categories');
      toast({
        tone: 'success',
        message: t('imports.imported', { created: report.created, updated: report.updated }),
      });
    },
    onError: (failure) => toast({ tone: 'error', message: messageOf(failure) }),
  });
  const busy = preview.isPending || commit.isPending;

  function check(chosen: File | null, opts: ImportOptions) {
    preview.reset();
    commit.reset();
    setTooLarge(null);
    if (!chosen) return;
    if (chosen.size > MAX_BYTES) setTooLarge(new Error(t('imports.tooLarge')));
    // The report depends on the options (a category to add changes events found unchanged).
    else preview.mutate({ chosen, with: opts });
  }

  function choose(chosen: File | null) {
    setFile(chosen);
    check(chosen, options);
  }

  function option(patch: ImportOptions) {
    const next = { ...options, ...patch };
    setOptions(next);
    check(file, next);
  }

  const numberOf = (value: string) => (value === '' ? undefined : Number(value));
  const total = preview.data ? totalEvents(preview.data.items) : { count: 0, endless: false };
  const changes = preview.data ? preview.data.created + preview.data.updated : 0;
  return (
    <>
      <PageHeader title={t('imports.title')}>{t('imports.lead')}</PageHeader>
      <div className="card">
        <label className="field">
          <span>{t('imports.file')}</span>
          <input
            type="file"
            accept=".ics,text/calendar"
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
        </label>
        <fieldset className="import-options">
          <legend>{t('imports.options')}</legend>
          <label className="field">
            <span>{t('imports.status')}</span>
            <select
              value={options.status ?? ''}
              onChange={(e) =>
                option({ status: (e.target.value || undefined) as ImportOptions['status'] })
              }
            >
              {STATUSES.map(([value, label]) => (
                <option key={value} value={value}>
                  {t(label)}
                </option>
              ))}
            </select>
            <small className="field__hint">{t('imports.statusHint')}</small>
          </label>
          <label className="field">
            <span>{t('imports.category')}</span>
            <select
              value={options.category ?? ''}
              onChange={(e) => option({ category: numberOf(e.target.value) })}
            >
              <option value="">{t('imports.none')}</option>
              {(categories.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {decodeEntities(c.name)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('imports.organizer')}</span>
            <select
              value={options.organizer ?? ''}
              onChange={(e) => option({ organizer: numberOf(e.target.value) })}
            >
              <option value="">{t('imports.none')}</option>
              {(organizers.data ?? []).map((o) => (
                <option key={o.id} value={o.id}>
                  {decodeEntities(o.organizer ?? '')}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
        {busy && <p className="muted">{t('imports.reading')}</p>}
        <ErrorNote error={tooLarge ?? preview.error ?? commit.error} />
      </div>
      {preview.data && (
        <div className="card">
          <h2>{t('imports.wouldDo')}</h2>
          <ImportItems items={preview.data.items} />
          <div className="import-report__actions">
            <Button
              variant="primary"
              busy={busy}
              disabled={changes === 0}
              onClick={() => file && commit.mutate(file)}
            >
              {changes === 0
                ? t('imports.nothing')
                : total.endless
                  ? t('imports.commitEndless', { count: total.count })
                  : t('imports.commit', { count: total.count })}
            </Button>
            <Button onClick={() => choose(null)}>{t('common.cancel')}</Button>
          </div>
        </div>
      )}
      {commit.data && (
        <div className="card">
          <h2>{t('imports.done')}</h2>
          <ImportItems items={commit.data.items} />
        </div>
      )}
    </>
  );
}
