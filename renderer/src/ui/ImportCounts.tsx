/** The counts at the head of an import's report, in the words of a dry run or of a real import. */
import { TermList } from './TermList';

interface Counted {
  created: number;
  updated: number;
  unchanged: number;
  skipped: readonly unknown[];
  errors: readonly unknown[];
}

export function ImportCounts({ report, dryRun }: { report: Counted; dryRun: boolean }) {
  const verb = dryRun ? 'Would be' : 'Were';
  const counts = [
    [`${verb} created`, report.created],
    [`${verb} updated`, report.updated],
    ['Unchanged', report.unchanged],
    ['Skipped', report.skipped.length],
    ['Errors', report.errors.length],
  ] as const;
  return <TermList className="import-report__counts" items={counts} />;
}
