/**
 * The targets (issue 19, with issue 8's listing p99), checked against a report's figures: the
 * read, write and mixed ratios use the rows without remembered answers, at the last
 * concurrency, one server process.
 */
import type { Report, Row, ScalingEntry, Target } from './report.js';

const pct = (ratio: number) => `${Math.round(ratio * 100)}%`;

function at(rows: Row[], scenario: string, connections: number, workers = 1): Row | undefined {
  const matching = rows.filter(
    (r) => r.scenario === scenario && r.connections === connections && r.workers === workers,
  );
  return matching.find((r) => r.answers === 'off') ?? matching[0];
}

/** Share of the ceiling each scenario must reach, without remembered answers. */
const RATIOS: ReadonlyArray<readonly [string, string, number]> = [
  ['list-ratio', 'events.list', 0.3],
  ['get-ratio', 'events.get', 0.5],
  ['filtered-ratio', 'events.list.filtered', 0.25],
  ['search-ratio', 'events.list.search', 0.2],
  ['deep-ratio', 'events.list.deep', 0.2],
  ['mixed-ratio', 'mixed', 0.25],
];

const THROUGHPUTS: ReadonlyArray<readonly [string, string, number]> = [
  ['create-rps', 'events.create', 1500],
  ['update-rps', 'events.update', 2000],
];

export function mainTargets(report: Report, connections: number): Target[] {
  const targets: Target[] = [];
  const rows = report.rows;
  const measured = (row: Row | undefined, text: (r: Row) => string, ok: (r: Row) => boolean) => ({
    actual: row ? text(row) : 'not measured',
    met: row ? ok(row) && row.errors === 0 : null,
  });
  for (const [id, scenario, min] of RATIOS) {
    const row = at(rows, scenario, connections);
    targets.push({
      id,
      description: `${row?.label ?? scenario}, answers ${row?.answers ?? 'off'}, ${connections} connections`,
      expected: `≥ ${pct(min)} of ceiling`,
      ...measured(
        row,
        (r) =>
          `${pct(r.ratio ?? 0)} (${r.rps} req/s, p50 ${r.latencyMs.p50} ms; by CPU per request ${r.cpuRatio === null ? '—' : pct(r.cpuRatio)})`,
        (r) => (r.ratio ?? 0) >= min,
      ),
    });
  }
  const list = at(rows, 'events.list', connections);
  targets.push({
    id: 'list-p99',
    description: `${list?.label ?? 'events.list'} p99, ${connections} connections`,
    expected: '< 25 ms',
    ...measured(
      list,
      (r) => `${r.latencyMs.p99} ms`,
      (r) => r.latencyMs.p99 < 25,
    ),
  });
  for (const [id, scenario, min] of THROUGHPUTS) {
    const row = at(rows, scenario, connections);
    targets.push({
      id,
      description: `${row?.label ?? scenario}, ${connections} connections, one process`,
      expected: `≥ ${min.toLocaleString('en')} req/s`,
      ...measured(
        row,
        (r) => `${r.rps} req/s`,
        (r) => r.rps >= min,
      ),
    });
  }
  // Compared by server CPU per request, which other load on the machine does not move.
  const plain = at(rows, 'events.list', connections);
  const compressed = at(rows, 'events.list.compressed', connections);
  const share =
    plain?.cpuMsPerRequest && compressed?.cpuMsPerRequest
      ? plain.cpuMsPerRequest / compressed.cpuMsPerRequest
      : null;
  targets.push({
    id: 'compressed-ratio',
    description: `Listing with gzip/brotli accepted vs without, by server CPU per request (answered: ${report.compression ?? 'uncompressed'})`,
    expected: '≥ 80% of uncompressed',
    actual:
      share === null
        ? 'not measured'
        : `${pct(share)} (${compressed!.cpuMsPerRequest} vs ${plain!.cpuMsPerRequest} ms; ${compressed!.rps} vs ${plain!.rps} req/s)`,
    // A server that does not compress has nothing to compare yet.
    met:
      share === null || report.compression === null
        ? null
        : share >= 0.8 && compressed!.errors === 0,
  });
  if (report.startup)
    targets.push({
      id: 'startup',
      description: `Start to listening at ${(report.options.events as number).toLocaleString('en')} events (informative; the target is at 1M: --scaling)`,
      expected: '< 1 s',
      actual: `${report.startup.startMs} ms (Node alone ${report.startup.bootMs} ms)`,
      met: report.startup.startMs < 1000,
    });
  const mixed = rows.filter((r) => r.scenario === 'mixed');
  targets.push({
    id: 'mixed-errors',
    description: 'Mixed 90/10 workload, every mode, concurrency and process count',
    expected: '0 errors',
    actual: mixed.length
      ? `${mixed.reduce((n, r) => n + r.errors, 0)} errors in ${mixed.reduce((n, r) => n + r.requests, 0)} requests`
      : 'not measured',
    met: mixed.length ? mixed.every((r) => r.errors === 0) : null,
  });
  const failing = rows.filter((r) => r.errors > 0);
  targets.push({
    id: 'no-errors',
    description: 'Every scenario',
    expected: '0 errors',
    actual:
      failing.length === 0
        ? '0 errors'
        : failing
            .map((r) => `${r.scenario} ${r.answers} c${r.connections} w${r.workers}: ${r.errors}`)
            .join('; '),
    met: rows.length > 0 ? failing.length === 0 : null,
  });
  if (report.multicore.length > 0) {
    const gains = report.multicore.map((m) => `${m.scenario} ×${m.gain.toFixed(2)}`).join(', ');
    targets.push({
      id: 'multicore',
      description: `Read throughput with ${report.multicore[0]!.workers} worker processes vs 1`,
      expected: 'measured (gain > 1)',
      actual: gains,
      met: report.multicore.every((m) => m.gain > 1),
    });
  }
  return targets;
}

export function scalingTargets(entries: ScalingEntry[], connections: number[]): Target[] {
  if (entries.length === 0) return [];
  const small = entries[0]!;
  const large = entries[entries.length - 1]!;
  const targets: Target[] = [];
  const scenarios = [...new Set(small.rows.map((r) => r.scenario))];
  for (const scenario of entries.length > 1 ? scenarios : []) {
    for (const c of connections) {
      const a = at(small.rows, scenario, c);
      const b = at(large.rows, scenario, c);
      if (!a || !b) continue;
      const ratio = a.latencyMs.p50 > 0 ? b.latencyMs.p50 / a.latencyMs.p50 : Infinity;
      targets.push({
        id: `scaling-${scenario}-c${c}`,
        description: `${a.label} p50 at ${large.events.toLocaleString('en')} vs ${small.events.toLocaleString('en')} events, ${c} connection${c === 1 ? '' : 's'}`,
        expected: '≤ 2×',
        actual: `${b.latencyMs.p50} ms vs ${a.latencyMs.p50} ms (×${ratio.toFixed(2)})`,
        met: ratio <= 2 && a.errors === 0 && b.errors === 0,
      });
    }
  }
  targets.push(
    {
      id: 'scaling-rss',
      description: `Server peak RSS at ${large.events.toLocaleString('en')} events`,
      expected: '< 300 MB',
      actual: `${large.serverPeakRssMb} MB`,
      met: large.serverPeakRssMb < 300,
    },
    {
      id: 'scaling-startup',
      description: `Start to listening at ${large.events.toLocaleString('en')} events`,
      expected: '< 1 s',
      actual: `${large.startup.startMs} ms (Node alone ${large.startup.bootMs} ms; the server's own ${large.startup.serverMs} ms)`,
      met: large.startup.startMs < 1000,
    },
  );
  return targets;
}
