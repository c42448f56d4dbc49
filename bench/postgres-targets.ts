/**
 * The PostgreSQL targets (issue 26's benchmark, issue 30's listing on one node), checked against
 * the rows of `--postgres` at the last concurrency, and their part of the report.
 */
import type { PostgresEntry } from './postgres.js';
import { TWO_NODE_SCENARIOS } from './postgres.js';
import type { Row, ScalingEntry, Target } from './report.js';

/** Issue 30: a listing on one node at this share of the ceiling. */
const LIST_RATIO = 0.2;
/** Issue 26: one node's reads at this share of SQLite's throughput. */
const OF_SQLITE = 0.5;
/** Issue 26: two nodes' throughput over one node's. */
const TWO_NODE_GAIN = 1.4;
/** Issue 26: creates per second across two nodes. */
const TWO_NODE_CREATES = 1000;
/** Issue 26: a listing's p50 at the largest size over the smallest. */
const SCALING = 2;

const pct = (ratio: number) => `${Math.round(ratio * 100)}%`;
const rps = (n: number) => `${n.toLocaleString('en')} req/s`;
const ms = (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${n} ms`);

const at = (rows: Row[], scenario: string, connections: number, nodes = 1) =>
  rows.find(
    (r) =>
      r.scenario === scenario &&
      r.connections === connections &&
      r.workers === nodes &&
      r.answers === 'off',
  );

/** The CPU a request cost, the nodes' and PostgreSQL's. */
const cpu = (r: Row) =>
  `CPU per request: nodes ${ms(r.cpuMsPerRequest)}, PostgreSQL ${ms(r.databaseCpuMsPerRequest)}`;

export function postgresTargets(
  entry: PostgresEntry | null,
  sqlite: Row[],
  connections: number,
  profileDir?: string,
): Target[] {
  if (entry === null) return [];
  const rows = entry.rows;
  const targets: Target[] = [];
  const where = profileDir ? `; profiles in ${profileDir}/postgres` : '';
  const verdict = (met: boolean | null, actual: string) => ({
    actual: met === false ? `${actual}${where}` : actual,
    met,
  });
  const list = at(rows, 'events.list', connections);
  targets.push({
    id: 'postgres-list-ratio',
    description: `On PostgreSQL, 1 node: ${list?.label ?? 'events.list'}, answers off, ${connections} connections`,
    expected: `≥ ${pct(LIST_RATIO)} of ceiling`,
    ...(list
      ? verdict(
          (list.ratio ?? 0) >= LIST_RATIO && list.errors === 0,
          `${pct(list.ratio ?? 0)} (${rps(list.rps)}, p50 ${list.latencyMs.p50} ms; ${cpu(list)})`,
        )
      : { actual: 'not measured', met: null }),
  });
  const reads = TWO_NODE_SCENARIOS.filter((name) => name !== 'events.create');
  for (const scenario of reads) {
    const pg = at(rows, scenario, connections);
    const lite = at(sqlite, scenario, connections);
    const share = pg && lite && lite.rps > 0 ? pg.rps / lite.rps : null;
    targets.push({
      id: `postgres-vs-sqlite-${scenario}`,
      description: `On PostgreSQL, 1 node: ${pg?.label ?? scenario} vs SQLite, answers off, ${connections} connections`,
      expected: `≥ ${pct(OF_SQLITE)} of SQLite`,
      ...(pg && lite && share !== null
        ? verdict(
            share >= OF_SQLITE && pg.errors === 0,
            `${pct(share)} (${rps(pg.rps)} vs ${rps(lite.rps)}; ceiling just before ` +
              `${rps(pg.ceilingRps ?? 0)} vs ${rps(lite.ceilingRps ?? 0)}; ${cpu(pg)})`,
          )
        : { actual: 'not measured', met: null }),
    });
  }
  for (const scenario of reads) {
    const one = at(rows, scenario, connections);
    const two = at(rows, scenario, connections, 2);
    const gain = one && two && one.rps > 0 ? two.rps / one.rps : null;
    targets.push({
      id: `postgres-two-nodes-${scenario}`,
      description: `On PostgreSQL: ${two?.label ?? scenario} on 2 nodes vs 1, ${connections} connections`,
      expected: `≥ ×${TWO_NODE_GAIN}`,
      ...(one && two && gain !== null
        ? verdict(
            gain >= TWO_NODE_GAIN && two.errors === 0,
            `×${gain.toFixed(2)} (${rps(two.rps)} vs ${rps(one.rps)}; 2 nodes' ${cpu(two)})`,
          )
        : { actual: 'not measured', met: null }),
    });
  }
  const creates = at(rows, 'events.create', connections, 2);
  const single = at(rows, 'events.create', connections);
  targets.push({
    id: 'postgres-two-nodes-creates',
    description: `On PostgreSQL, 2 nodes: ${creates?.label ?? 'events.create'}, ${connections} connections`,
    expected: `≥ ${rps(TWO_NODE_CREATES)}`,
    ...(creates
      ? verdict(
          creates.rps >= TWO_NODE_CREATES && creates.errors === 0,
          `${rps(creates.rps)} (1 node ${single ? rps(single.rps) : '—'}; p50 ${creates.latencyMs.p50} ms; ` +
            `statements per create ${single?.queriesPerRequest ?? '—'}; ${cpu(creates)})`,
        )
      : { actual: 'not measured', met: null }),
  });
  const failing = rows.filter((r) => r.errors > 0);
  targets.push({
    id: 'postgres-no-errors',
    description: 'Every scenario on PostgreSQL, 1 and 2 nodes',
    expected: '0 errors',
    actual:
      failing.length === 0
        ? '0 errors'
        : failing
            .map((r) => `${r.scenario} c${r.connections} ${r.workers} node(s): ${r.errors}`)
            .join('; '),
    met: rows.length > 0 ? failing.length === 0 : null,
  });
  return targets;
}

/** Issue 26's listing p50 at the largest size within 2× of the smallest, on PostgreSQL. */
export function postgresScalingTargets(entries: ScalingEntry[], connections: number[]): Target[] {
  const measured = entries.filter((e) => e.postgres);
  if (measured.length < 2) return [];
  const small = measured[0]!;
  const large = measured[measured.length - 1]!;
  const targets: Target[] = [];
  for (const scenario of [...new Set(small.postgres!.rows.map((r) => r.scenario))])
    for (const c of connections) {
      const a = at(small.postgres!.rows, scenario, c);
      const b = at(large.postgres!.rows, scenario, c);
      if (!a || !b) continue;
      const ratio = a.latencyMs.p50 > 0 ? b.latencyMs.p50 / a.latencyMs.p50 : Infinity;
      targets.push({
        id: `scaling-postgres-${scenario}-c${c}`,
        description: `On PostgreSQL, 1 node: ${a.label} p50 at ${large.events.toLocaleString('en')} vs ${small.events.toLocaleString('en')} events, ${c} connection${c === 1 ? '' : 's'}`,
        expected: `≤ ${SCALING}×`,
        actual:
          `${b.latencyMs.p50} ms vs ${a.latencyMs.p50} ms (×${ratio.toFixed(2)}; ` +
          `PostgreSQL CPU per request ${ms(b.databaseCpuMsPerRequest)} vs ${ms(a.databaseCpuMsPerRequest)})`,
        met: ratio <= SCALING && a.errors === 0 && b.errors === 0,
      });
    }
  return targets;
}
