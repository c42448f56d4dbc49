/**
 * An import's report in people's words: the file's entries grouped by what the import does with
 * them (new, updated, unchanged, skipped, failed), each named by its title and date, with what it
 * is (one event, a series and how many events it makes, one occurrence of a series) and why.
 */
import { DateTime } from 'luxon';
import { dayAndTime } from '../app/clock';
import { useT } from '../i18n';
import { DataTable, type Column } from '../ui/DataTable';
import type { ImportItem } from '../../../shared/schemas/feed';
import { IMPORT_ACTIONS } from '../../../shared/schemas/feed';

/** How many events the new and updated entries make: a series counts its occurrences. */
export function totalEvents(items: readonly ImportItem[]): { count: number; endless: boolean } {
  let count = 0;
  let endless = false;
  for (const item of items) {
    if (item.action !== 'created' && item.action !== 'updated') continue;
    if (item.occurrences === null) endless = true;
    else count += item.occurrences;
  }
  return { count, endless };
}

function useWhen() {
  const t = useT();
  return (item: ImportItem): string => {
    if (item.start_date === '') return t('imports.noDate');
    const at = DateTime.fromFormat(item.start_date, 'yyyy-MM-dd HH:mm:ss', { zone: 'UTC' });
    if (!at.isValid) return item.start_date;
    return item.all_day
      ? t('imports.allDay', { date: at.toFormat('EEE d LLL yyyy') })
      : dayAndTime(at);
  };
}

export function ImportItems({ items }: { items: readonly ImportItem[] }) {
  const t = useT();
  const when = useWhen();
  const what = (item: ImportItem): string => {
    if (item.kind === 'occurrence') return t('imports.occurrence');
    if (item.kind === 'event') return t('imports.event');
    return item.occurrences === null
      ? t('imports.endless')
      : t('imports.series', { count: item.occurrences });
  };
  const columns: Array<Column<ImportItem>> = [
    { label: t('imports.when'), cell: when },
    { label: t('imports.what'), cell: what },
    {
      label: t('imports.why'),
      cell: (item) => (
        <>
          {item.reason}
          {item.line > 0 && item.action === 'error' && (
            <span className="muted"> {t('imports.line', { line: item.line })}</span>
          )}
        </>
      ),
    },
  ];
  const titled: Array<Column<ImportItem>> = [
    {
      label: t('editor.title'),
      cell: (item) => <strong>{item.title || t('imports.untitled')}</strong>,
    },
    ...columns,
  ];
  const firstImportUpdate = items.some(
    (item) => item.action === 'updated' && item.kind === 'occurrence',
  );
  return (
    <div className="import-report">
      <p>{t('imports.summary', { count: items.length })}</p>
      {IMPORT_ACTIONS.map((action) => {
        const rows = items.filter((item) => item.action === action);
        if (rows.length === 0) return null;
        const group = t(`imports.group.${action}`);
        return (
          <section key={action} aria-label={group}>
            <h3>{t('imports.groupCount', { group, count: rows.length })}</h3>
            {action === 'updated' && firstImportUpdate && (
              <p className="field__hint">{t('imports.firstImportUpdate')}</p>
            )}
            <DataTable
              rows={rows}
              rowKey={(row, index) => `${row.line}-${index}`}
              columns={titled}
            />
          </section>
        );
      })}
    </div>
  );
}
