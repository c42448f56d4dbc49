/**
 * The recurrence benchmark's figures (bench/recurrence.ts): one figure per kind of request, the
 * targets they are checked against and the Markdown table of recurrence.md.
 */
import type { Target } from './report.js';

/** Weekly occurrences per series: a year. */
export const WEEKS = 52;

export interface RecurrenceFigure {
  name: string;
  label: string;
  samples: number;
  /** Every answer's status was the expected one. */
  ok: boolean;
  p50: number;
  p95: number;
  max: number;
  /** The server's CPU time per request (user + system): steadier than latency on a busy machine. */
  cpuMs: number;
}

export interface RecurrenceReport {
  events: number;
  series: number;
  /** Occurrences of the weekly series in the database once every window was listed. */
  occurrences: number;
  figures: RecurrenceFigure[];
  targets: Target[];
  /** One-minute load average before seeding and at the end: other work inflates every figure. */
  load: { start: number; end: number };
}

export const round = (ms: number) => Math.round(ms * 10) / 10;

export function figure(
  name: string,
  label: string,
  times: number[],
  ok: boolean,
  cpuMs: number,
): RecurrenceFigure {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return {
    name,
    label,
    samples: times.length,
    ok,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    max: round(sorted[sorted.length - 1]!),
    cpuMs: round(cpuMs / times.length),
  };
}

/** Listing and read targets are the main run's listing latency target (p99 < 25 ms there). */
export function recurrenceTargets(
  figures: RecurrenceFigure[],
  series: number,
  occurrences: number,
): Target[] {
  const find = (name: string) => figures.find((f) => f.name === name);
  const targets: Target[] = [
    {
      id: 'recurrence-occurrences',
      description: `Occurrences of ${series} weekly series once every year was listed`,
      expected: `${(series * WEEKS).toLocaleString('en')}`,
      actual: occurrences.toLocaleString('en'),
      met: occurrences === series * WEEKS,
    },
  ];
  for (const name of [
    'list.default',
    'list.ahead',
    'list.filtered',
    'list.series',
    'get.occurrence',
    'list.daily.default',
    'list.daily.deep',
    'list.daily.far',
  ]) {
    const f = find(name);
    targets.push({
      id: `recurrence-${name}`,
      description: `${f?.label ?? name}, one at a time`,
      expected: 'p95 < 25 ms',
      actual: f ? `${f.p95} ms` : 'not measured',
      met: f ? f.ok && f.p95 < 25 : null,
    });
  }
  const daily = find('series.create.daily');
  targets.push({
    id: 'recurrence-create-daily',
    description: 'POST /events with a daily two-year series (731 events)',
    expected: 'p95 < 300 ms',
    actual: daily ? `${daily.p95} ms` : 'not measured',
    met: daily ? daily.ok && daily.p95 < 300 : null,
  });
  targets.push({
    id: 'recurrence-errors',
    description: 'Every request of the recurrence scenario',
    expected: 'expected status',
    actual: figures.every((f) => f.ok)
      ? 'all as expected'
      : figures
          .filter((f) => !f.ok)
          .map((f) => f.name)
          .join(', '),
    met: figures.every((f) => f.ok),
  });
  return targets;
}

export function recurrenceMarkdown(report: RecurrenceReport): string {
  const rows = report.figures.map(
    (f) =>
      `| ${f.label} | ${f.ok ? 'yes' : 'NO'} | ${f.p50} | ${f.p95} | ${f.max} | ${f.cpuMs} | ${f.samples} |`,
  );
  const targets = report.targets.map(
    (t) =>
      `| ${t.description} | ${t.expected} | ${t.actual} | ${t.met === null ? '–' : t.met ? 'met' : 'MISSED'} |`,
  );
  return [
    `# Recurrence: ${report.series} weekly series (${report.occurrences.toLocaleString('en')} occurrences) among ${report.events.toLocaleString('en')} events`,
    '',
    `Load average (1 min): ${report.load.start} before seeding, ${report.load.end} at the end.`,
    '',
    '| Request | Status as expected | p50 ms | p95 ms | max ms | server CPU ms/req | samples |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    '| Target | Expected | Actual | |',
    '|---|---|---|---|',
    ...targets,
    '',
  ].join('\n');
}
