/**
 * The benchmark's report: the machine it ran on, one row per scenario and concurrency, the
 * targets of issue 8 with their verdicts, printed as a table and written as JSON and Markdown.
 */
import { cpus, freemem, loadavg, platform, release, totalmem } from 'node:os';
import type { LoadResult } from './load.js';
import type { AnswerMode } from './options.js';
import type { SeedResult } from './seed.js';
import type { PostgresEntry } from './postgres.js';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  freeMemoryGb: number;
  node: string;
  os: string;
  loadAverage: number[];
}

export function describeMachine(): Machine {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGb: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    freeMemoryGb: Math.round((freemem() / 2 ** 30) * 10) / 10,
    node: process.version,
    os: `${platform()} ${release()}`,
    loadAverage: loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

/** The fields every report opens with: when, how long, and the machine before and after. */
export function reportHead(started: number, machine: Machine) {
  const after = describeMachine();
  return {
    version: 1 as const,
    startedAt: new Date(started).toISOString(),
    seconds: Math.round((Date.now() - started) / 1000),
    machine,
    machineAfter: { loadAverage: after.loadAverage, freeMemoryGb: after.freeMemoryGb },
  };
}

export interface Row extends LoadResult {
  scenario: string;
  label: string;
  /** Remembered answers on or off in the server measured. */
  answers: AnswerMode;
  /** Server processes serving (1 unless a multi-core row). */
  workers: number;
  /** The ceiling this row is compared with (measured just before it at the target concurrency). */
  ceilingRps: number | null;
  /** Throughput as a share of the bare-Express ceiling at the same concurrency. */
  ratio: number | null;
  /**
   * The ceiling's server CPU per request over this scenario's: the share of the ceiling's
   * throughput the endpoint would reach with the CPU to itself (independent of other load).
   */
  cpuRatio: number | null;
  /** Highest resident memory of the server process tree sampled during the run, in MB. */
  rssMb: number;
  queriesPerRequest: number | null;
  /** CPU of the database server's processes per request (PostgreSQL rows only). */
  databaseCpuMsPerRequest?: number | null;
}

export interface Startup {
  /** Median wall time from spawning the server as `npm start` runs it to its "listening" line. */
  startMs: number;
  /** The same for Node running a script that only prints: the runtime's share. */
  bootMs: number;
  /** startMs − bootMs: the server's own start (opening, checking and warming the database). */
  serverMs: number;
}

export interface Target {
  id: string;
  description: string;
  expected: string;
  actual: string;
  met: boolean | null;
}

export interface Report {
  version: 1;
  startedAt: string;
  seconds: number;
  machine: Machine;
  machineAfter: Pick<Machine, 'loadAverage' | 'freeMemoryGb'>;
  options: Record<string, unknown>;
  seed: SeedResult | null;
  /** The ceiling per concurrency, and the same measured again at the end (drift). */
  ceiling: Record<string, LoadResult>;
  ceilingEnd: LoadResult | null;
  serverPeakRssMb: number;
  startup: Startup | null;
  /** The Content-Encoding of a listing when gzip and brotli are accepted (null: uncompressed). */
  compression: string | null;
  rows: Row[];
  multicore: Array<{ scenario: string; workers: number; rps1: number; rpsN: number; gain: number }>;
  scaling: ScalingEntry[] | null;
  /** The same scenarios on PostgreSQL, one node (`--postgres`); absent or null otherwise. */
  postgres?: PostgresEntry | null;
  targets: Target[];
}

export interface ScalingEntry {
  events: number;
  seedSeconds: number;
  serverPeakRssMb: number;
  startup: Startup;
  rows: Row[];
  /** The same reads on PostgreSQL, one node (`--scaling --postgres`). */
  postgres?: { version: string; copySeconds: number; rows: Row[] };
}

const fmt = (n: number | null, digits = 0) =>
  n === null
    ? '—'
    : n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * The rows as a table; PostgreSQL's count nodes instead of worker processes and add the
 * database server's CPU per request.
 */
export function rowsTable(rows: Row[], engine: 'sqlite' | 'postgres' = 'sqlite'): string {
  const postgres = engine === 'postgres';
  const header = [
    'Scenario',
    'Answers',
    postgres ? 'Nodes' : 'Workers',
    'Conns',
    'req/s',
    '× ceiling',
    'p50 ms',
    'p99 ms',
    'Errors',
    'RSS MB',
    'Queries/req',
    'CPU ms/req',
    '× ceiling (CPU)',
    ...(postgres ? ['PostgreSQL CPU ms/req'] : []),
  ];
  const lines = rows.map((r) => [
    r.label,
    r.answers,
    String(r.workers),
    String(r.connections),
    fmt(r.rps),
    r.ratio === null ? '—' : `${fmt(r.ratio * 100, 0)}%`,
    fmt(r.latencyMs.p50, 2),
    fmt(r.latencyMs.p99, 2),
    String(r.errors),
    fmt(r.rssMb),
    r.queriesPerRequest === null ? '—' : fmt(r.queriesPerRequest, 1),
    fmt(r.cpuMsPerRequest, 3),
    r.cpuRatio === null ? '—' : `${fmt(r.cpuRatio * 100, 0)}%`,
    ...(postgres ? [fmt(r.databaseCpuMsPerRequest ?? null, 3)] : []),
  ]);
  return markdownTable(header, lines);
}

export function markdownTable(header: string[], lines: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [row(header), rule, ...lines.map(row)].join('\n');
}

export function targetsTable(targets: Target[]): string {
  return markdownTable(
    ['Target', 'Expected', 'Measured', 'Met'],
    targets.map((t) => [
      t.description,
      t.expected,
      t.actual,
      t.met === null ? 'n/a' : t.met ? 'yes' : 'NO',
    ]),
  );
}

export function toMarkdown(report: Report): string {
  const m = report.machine;
  const parts = [
    `# Almanac benchmark — ${report.startedAt}`,
    '',
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB RAM, Node ${m.node}, ${m.os}. ` +
      `Load average at start ${m.loadAverage.join(' / ')}, at end ${report.machineAfter.loadAverage.join(' / ')}.`,
    '',
    report.seed
      ? `Data: ${fmt(report.seed.events)} events, ${fmt(report.seed.venues)} venues, ${fmt(report.seed.organizers)} organizers, ` +
        `${report.seed.categories} categories, ${report.seed.tags} tags; seeded in ${fmt(report.seed.ms.total! / 1000, 1)} s ` +
        `(${fmt(report.seed.bytes / 2 ** 20)} MB).`
      : 'Data: existing database.',
    '',
    `Ceiling (bare Express, one JSON route): ${Object.entries(report.ceiling)
      .map(([c, r]) => `${fmt(r.rps)} req/s at ${c} connection${c === '1' ? '' : 's'}`)
      .join(', ')}` +
      (report.ceilingEnd ? `; ${fmt(report.ceilingEnd.rps)} req/s at 32 again at the end.` : '.'),
    `Server peak RSS over the run: ${fmt(report.serverPeakRssMb)} MB. Run time ${fmt(report.seconds)} s. ` +
      'Answers: remembered answers (server/http/answer-cache.ts) `off` (every request runs its queries; the targets use these rows) or `on`. ' +
      'Queries vary per request (windows, filters, pages, search words drawn from the data).',
    report.startup
      ? `Start to listening: ${fmt(report.startup.startMs)} ms (Node alone ${fmt(report.startup.bootMs)} ms). `
      : '',
    report.compression !== undefined && !report.scaling
      ? `Listing answered with Accept-Encoding \`gzip, deflate, br\`: ${report.compression ?? 'uncompressed'}.`
      : '',
    '',
    rowsTable(report.rows),
    '',
  ];
  if (report.multicore.length > 0) {
    parts.push(
      '## Multi-core',
      '',
      'Read throughput at the target concurrency, one process and N worker processes (`--workers`) measured back to back on the same data.',
      '',
      markdownTable(
        ['Scenario', 'Workers', '1 process req/s', 'N processes req/s', 'Gain'],
        report.multicore.map((x) => [
          x.scenario,
          String(x.workers),
          fmt(x.rps1),
          fmt(x.rpsN),
          `×${fmt(x.gain, 2)}`,
        ]),
      ),
      '',
    );
  }
  if (report.scaling) {
    parts.push('## Scaling', '');
    for (const s of report.scaling) {
      parts.push(
        `### ${fmt(s.events)} events (seeded in ${fmt(s.seedSeconds, 1)} s, server peak RSS ${fmt(s.serverPeakRssMb)} MB, start to listening ${fmt(s.startup.startMs)} ms of which Node alone ${fmt(s.startup.bootMs)} ms)`,
        '',
        rowsTable(s.rows),
        '',
      );
      if (s.postgres)
        parts.push(
          `#### PostgreSQL ${s.postgres.version}, 1 node (moved in ${fmt(s.postgres.copySeconds, 1)} s)`,
          '',
          rowsTable(s.postgres.rows, 'postgres'),
          '',
        );
    }
  }
  if (report.postgres) parts.push(...postgresMarkdown(report.postgres));
  parts.push('## Targets', '', targetsTable(report.targets), '');
  return parts.join('\n');
}

/** The report's PostgreSQL section. */
export function postgresMarkdown(entry: PostgresEntry): string[] {
  return [
    `## PostgreSQL ${entry.version}, 1 and 2 nodes`,
    '',
    `The seeded calendar moved into a throwaway cluster in ${fmt(entry.copySeconds, 1)} s ` +
      '(`almanac migrate`); two server processes started with its `--database-url`, remembered answers off. ' +
      'A 1-node row loads the first node alone; a 2-node row loads both at once, the connections shared out, ' +
      'right after it. Queries/req: statements PostgreSQL ran per request (pg_stat_statements, BEGIN and COMMIT included), ' +
      'from requests sent one at a time to one node. PostgreSQL CPU: its processes’ CPU per request, from /proc.',
    '',
    rowsTable(entry.rows, 'postgres'),
    '',
    ...(entry.profiles.length > 0
      ? ['Profiles:', '', ...entry.profiles.map((file) => `- ${file}`), '']
      : []),
  ];
}
