/**
 * `npm run bench -- --postgres`: the same scenarios on PostgreSQL, in the same run as SQLite and
 * the ceiling. The seeded SQLite calendar is moved (`almanac migrate`, server/migrate) into a
 * database of a throwaway cluster (test/helpers/pg-cluster.ts, Debian's postgresql package, on a
 * loopback port, removed at the end), and one server process started with `--database-url` is
 * measured without remembered answers: every read first, then the writes.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { moveCalendar } from '../server/migrate/command.js';
import { adminQuery, startCluster } from '../test/helpers/pg-cluster.js';
import { measureScenario, type MeasureContext } from './measure.js';
import { spawnServer } from './processes.js';
import type { Row, Target } from './report.js';
import type { Scenario } from './scenarios.js';

export interface PostgresEntry {
  /** The cluster's major version and the time the move of the seeded calendar took. */
  version: string;
  copySeconds: number;
  rows: Row[];
}

/** Issue 30's PostgreSQL target: a listing on one node at this share of the ceiling. */
const LIST_RATIO = 0.2;

const pct = (ratio: number) => `${Math.round(ratio * 100)}%`;

export async function measurePostgres(
  file: string,
  scenarios: readonly Scenario[],
  ctx: MeasureContext,
): Promise<PostgresEntry> {
  const { options, log } = ctx;
  const cluster = await startCluster();
  const dataDir = join(options.dataDir, 'postgres-node');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  try {
    await adminQuery(cluster, 'CREATE DATABASE almanac_bench');
    const url = cluster.url('almanac_bench');
    const version = String(
      (await adminQuery(cluster, 'SHOW server_version')).rows[0]?.server_version ?? '?',
    );
    const started = performance.now();
    await moveCalendar({
      from: file,
      to: url,
      fromMedia: join(dirname(file), 'media'),
      toMedia: join(dataDir, 'media'),
    });
    const copySeconds = Math.round((performance.now() - started) / 100) / 10;
    log(`PostgreSQL ${version}: calendar moved in ${copySeconds} s.`);
    const server = await spawnServer({
      db: join(dataDir, 'unused.db'),
      databaseUrl: url,
      adminPassword: options.adminPassword,
      noAnswerCache: true,
    });
    // The statement counter counts SQLite's statements only: no probe on PostgreSQL.
    const measured: MeasureContext = {
      ...ctx,
      options: { ...options, probeRequests: 0 },
      answers: 'off',
    };
    const rows: Row[] = [];
    log(`Almanac on PostgreSQL, 1 node, remembered answers off (${server.url}):`);
    try {
      for (const kind of ['read', 'other'] as const)
        for (const scenario of scenarios.filter((s) => (s.kind === 'read') === (kind === 'read')))
          rows.push(...(await measureScenario(server, scenario, measured, options.connections)));
    } catch (error) {
      log(server.output().slice(-4000));
      throw error;
    } finally {
      await server.stop();
    }
    return { version, copySeconds, rows };
  } finally {
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The PostgreSQL targets, at the last concurrency: issue 30's listing share of the ceiling. */
export function postgresTargets(
  entry: PostgresEntry | null,
  sqlite: Row[],
  connections: number,
): Target[] {
  if (entry === null) return [];
  const at = (rows: Row[], scenario: string) =>
    rows.find(
      (r) =>
        r.scenario === scenario &&
        r.connections === connections &&
        r.workers === 1 &&
        r.answers === 'off',
    );
  const list = at(entry.rows, 'events.list');
  const onSqlite = at(sqlite, 'events.list');
  const targets: Target[] = [
    {
      id: 'postgres-list-ratio',
      description: `On PostgreSQL, 1 node: ${list?.label ?? 'events.list'}, answers off, ${connections} connections`,
      expected: `≥ ${pct(LIST_RATIO)} of ceiling`,
      actual: list
        ? `${pct(list.ratio ?? 0)} (${list.rps} req/s, p50 ${list.latencyMs.p50} ms` +
          `${onSqlite ? `; SQLite ${onSqlite.rps} req/s in the same run` : ''})`
        : 'not measured',
      met: list ? (list.ratio ?? 0) >= LIST_RATIO && list.errors === 0 : null,
    },
  ];
  const failing = entry.rows.filter((r) => r.errors > 0);
  targets.push({
    id: 'postgres-no-errors',
    description: 'Every scenario on PostgreSQL',
    expected: '0 errors',
    actual:
      failing.length === 0
        ? '0 errors'
        : failing.map((r) => `${r.scenario} c${r.connections}: ${r.errors}`).join('; '),
    met: entry.rows.length > 0 ? failing.length === 0 : null,
  });
  return targets;
}
