/**
 * The benchmark's history: every run appends one JSON line per figure (scenario, mode, size) to
 * bench/results/history.jsonl, with the commit and date, so that a regression shows as a diff of
 * that file and can be found with `grep`.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './processes.js';
import type { Report, Row, Target } from './report.js';

export interface HistoryLine {
  date: string;
  commit: string;
  run: 'main' | 'scaling' | 'quick';
  events: number;
  scenario: string;
  /** Present on PostgreSQL's rows (`--postgres`), whose workers are nodes. */
  engine?: 'postgres';
  answers?: string;
  workers?: number;
  connections?: number;
  rps?: number;
  ratio?: number | null;
  p50?: number;
  p99?: number;
  errors?: number;
  load?: number;
  actual?: string;
  met?: boolean | null;
}

function commit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT })
      .toString()
      .trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: ROOT,
    })
      .toString()
      .trim();
    return dirty === '' ? head : `${head}+changes`;
  } catch {
    return 'unknown';
  }
}

function baseOf(report: Report) {
  return {
    date: report.startedAt,
    commit: commit(),
    run: report.scaling ? 'scaling' : report.options.quick ? 'quick' : 'main',
    load: report.machine.loadAverage[0],
  } as const;
}

/** The lines of targets measured beside a report (feeds, recurrence). */
export const targetLines = (report: Report, targets: Target[]): HistoryLine[] =>
  targets.map((t) => ({
    ...baseOf(report),
    events: Number(report.options.events ?? 0),
    scenario: `target:${t.id}`,
    actual: t.actual,
    met: t.met,
  }));

export function historyLines(report: Report): HistoryLine[] {
  const base = baseOf(report);
  const row = (events: number, r: Row, engine?: 'postgres'): HistoryLine => ({
    ...base,
    events,
    scenario: r.scenario,
    ...(engine ? { engine } : {}),
    answers: r.answers,
    workers: r.workers,
    connections: r.connections,
    rps: r.rps,
    ratio: r.ratio,
    p50: r.latencyMs.p50,
    p99: r.latencyMs.p99,
    errors: r.errors,
  });
  const events = Number(report.options.events ?? 0);
  const lines = report.rows.map((r) => row(events, r));
  lines.push(...(report.postgres?.rows ?? []).map((r) => row(events, r, 'postgres')));
  for (const entry of report.scaling ?? []) {
    lines.push(...entry.rows.map((r) => row(entry.events, r)));
    lines.push(...(entry.postgres?.rows ?? []).map((r) => row(entry.events, r, 'postgres')));
    lines.push({
      ...base,
      events: entry.events,
      scenario: 'startup+rss',
      actual: `start ${entry.startup.startMs} ms, peak RSS ${entry.serverPeakRssMb} MB`,
    });
  }
  return [...lines, ...targetLines(report, report.targets)];
}

/** Appends lines to `<outDir>/history.jsonl`; returns the file's path. */
export function appendHistory(outDir: string, lines: HistoryLine[]): string {
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, 'history.jsonl');
  if (lines.length > 0) appendFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  return file;
}
