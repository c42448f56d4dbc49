/** The targets of issue 8, checked against a report's figures. */
import type { Report, Row, ScalingEntry, Target } from './report.js';

const pct = (ratio: number) => `${Math.round(ratio * 100)}%`;

function at(rows: Row[], scenario: string, connections: number, workers = 1): Row | undefined {
  return rows.find(
    (r) => r.scenario === scenario && r.connections === connections && r.workers === workers,
  );
}

export function mainTargets(report: Report, connections: number): Target[] {
  const targets: Target[] = [];
  const rows = report.rows;
  const ratioTarget = (id: string, scenario: string, min: number, what: string) => {
    const row = at(rows, scenario, connections);
    targets.push({
      id,
      description: `${what}, ${connections} connections`,
      expected: `≥ ${pct(min)} of ceiling`,
      actual: row?.ratio != null ? `${pct(row.ratio)} (${row.rps} req/s)` : 'not measured',
      met: row?.ratio != null ? row.ratio >= min && row.errors === 0 : null,
    });
  };
  ratioTarget('list-ratio', 'events.list', 0.3, 'GET /events default window page 1');
  const list = at(rows, 'events.list', connections);
  targets.push({
    id: 'list-p99',
    description: `GET /events default window page 1 p99, ${connections} connections`,
    expected: '< 25 ms',
    actual: list ? `${list.latencyMs.p99} ms` : 'not measured',
    met: list ? list.latencyMs.p99 < 25 : null,
  });
  ratioTarget('get-ratio', 'events.get', 0.5, 'GET /events/<id>');
  ratioTarget(
    'filtered-ratio',
    'events.list.filtered',
    0.2,
    'GET /events filtered (categories + venue)',
  );
  ratioTarget('search-ratio', 'events.list.search', 0.2, 'GET /events?search=');
  const create = at(rows, 'events.create', connections);
  targets.push({
    id: 'create-rps',
    description: `POST /events, ${connections} connections`,
    expected: '≥ 1,500 req/s',
    actual: create ? `${create.rps} req/s` : 'not measured',
    met: create ? create.rps >= 1500 && create.errors === 0 : null,
  });
  const mixed = rows.filter((r) => r.scenario === 'mixed');
  targets.push({
    id: 'mixed-errors',
    description: 'Mixed 90/10 workload, every concurrency and process count',
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
            .map((r) => `${r.scenario} c${r.connections} w${r.workers}: ${r.errors}`)
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
  if (entries.length < 2) return [];
  const small = entries[0]!;
  const large = entries[entries.length - 1]!;
  const targets: Target[] = [];
  const scenarios = [...new Set(small.rows.map((r) => r.scenario))];
  for (const scenario of scenarios) {
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
  targets.push({
    id: 'scaling-rss',
    description: `Server peak RSS at ${large.events.toLocaleString('en')} events`,
    expected: '< 300 MB',
    actual: `${large.serverPeakRssMb} MB`,
    met: large.serverPeakRssMb < 300,
  });
  return targets;
}
