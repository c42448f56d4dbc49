/** The counts at the head of an import's report, in the words of a dry run or of a real import. */
import { TermList } from './TermList';
import { useT } from '../i18n';

interface Counted {
  created: number;
  updated: number;
  unchanged: number;
  skipped: readonly unknown[];
  errors: readonly unknown[];
}

export function ImportCounts({ report, dryRun }: { report: Counted; dryRun: boolean }) {
  const t = useT();
  const counts = [
    [t(dryRun ? 'importCounts.wouldCreate' : 'importCounts.created'), report.created],
    [t(dryRun ? 'importCounts.wouldUpdate' : 'importCounts.updated'), report.updated],
    [t('importCounts.unchanged'), report.unchanged],
    [t('importCounts.skipped'), report.skipped.length],
    [t('importCounts.errors'), report.errors.length],
  ] as const;
  return <TermList className="import-report__counts" items={counts} />;
}
