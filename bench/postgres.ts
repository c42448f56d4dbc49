/**
 * `npm run bench -- --postgres`: the same scenarios on PostgreSQL, in the same run as SQLite and
 * the ceiling, on one node and on two. The seeded SQLite calendar is moved (`almanac migrate`)
 * into a database of a throwaway cluster (bench/pg-calendar.ts), and two server processes are
 * started with its URL. Each scenario runs against the first node alone, then (the main reads
 * and the creates) against both at once with the connections shared out, back to back on the
 * same processes, so that drift on the machine hits both alike. Every read runs before any
 * write changes the data; remembered answers are off throughout.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureScenario, type MeasureContext } from './measure.js';
import {
  dropDatabase,
  moveInto,
  startBenchCluster,
  startNodes,
  summariseProfiles,
  watchDatabase,
  type BenchCluster,
  type ClusterDatabase,
  type MovedCalendar,
} from './pg-calendar.js';
import type { Row } from './report.js';
import type { Scenario } from './scenarios.js';

export interface PostgresEntry {
  /** The cluster's version and the time the move of the seeded calendar took. */
  version: string;
  copySeconds: number;
  /** One node's rows (`workers` 1) and two nodes' (`workers` 2). */
  rows: Row[];
  /**
   * With `--profile`: the nodes' CPU profiles summarised, and per scenario the statements that
   * took PostgreSQL's time.
   */
  profiles: string[];
}

/** Measured on two nodes as well as one: the reads issue 30 sets targets for, and creates. */
export const TWO_NODE_SCENARIOS: readonly string[] = [
  'events.list',
  'events.list.filtered',
  'events.list.search',
  'events.list.deep',
  'events.get',
  'events.create',
];

const DATABASE = 'almanac_bench';

/**
 * The context of runs on PostgreSQL: statements counted by the database, answers off, and the
 * sync pages asked for in the moved calendar's epoch.
 */
const onPostgres = (
  ctx: MeasureContext,
  database: ClusterDatabase,
  calendar: MovedCalendar,
): MeasureContext => ({
  ...ctx,
  fixture: { ...ctx.fixture, sync: calendar.sync },
  database,
  answers: 'off',
});

/**
 * Runs `measure` with the database's statements profiled: with a profile folder, the statements
 * that took its time are written to `<dir>/<name>.txt`.
 */
async function profiled<T>(
  database: ClusterDatabase,
  dir: string | undefined,
  name: string,
  written: string[],
  measure: () => Promise<T>,
): Promise<T> {
  if (dir === undefined) return measure();
  await database.reset();
  const result = await measure();
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.txt`);
  writeFileSync(file, `${await database.topStatements()}\n`);
  written.push(file);
  return result;
}

export async function measurePostgres(
  file: string,
  scenarios: readonly Scenario[],
  ctx: MeasureContext,
): Promise<PostgresEntry> {
  const { options, log } = ctx;
  const bench = await startBenchCluster();
  const profileDir = options.profileDir && join(options.profileDir, 'postgres');
  try {
    const calendar = await moveInto(bench, file, DATABASE, join(options.dataDir, 'postgres-media'));
    log(`PostgreSQL ${bench.version}: calendar moved in ${calendar.copySeconds} s.`);
    const { rows, profiles } = await measureNodes(bench, calendar, scenarios, ctx, profileDir);
    return { version: bench.version, copySeconds: calendar.copySeconds, rows, profiles };
  } finally {
    bench.stop();
  }
}

async function measureNodes(
  bench: BenchCluster,
  calendar: MovedCalendar,
  scenarios: readonly Scenario[],
  ctx: MeasureContext,
  profileDir: string | undefined,
): Promise<{ rows: Row[]; profiles: string[] }> {
  const { options, log } = ctx;
  const target = options.connections[options.connections.length - 1]!;
  const database = await watchDatabase(bench, calendar);
  const profiles: string[] = [];
  const nodes = await startNodes(calendar, 2, options, profileDir).catch(async (error) => {
    await database.close();
    throw error;
  });
  const rows: Row[] = [];
  const measured = onPostgres(ctx, database, calendar);
  try {
    log(
      `Almanac on PostgreSQL, remembered answers off: node 1 ${nodes[0]!.url}, node 2 ${nodes[1]!.url}:`,
    );
    const reads = scenarios.filter((s) => s.kind === 'read');
    for (const scenario of [...reads, ...scenarios.filter((s) => s.kind !== 'read')]) {
      rows.push(
        ...(await profiled(database, profileDir, `${scenario.name}.1-node`, profiles, () =>
          measureScenario(nodes[0]!, scenario, measured, options.connections),
        )),
      );
      if (!TWO_NODE_SCENARIOS.includes(scenario.name)) continue;
      if (target < 2) {
        log(`  ${scenario.name}: two nodes need at least 2 connections; not measured.`);
        continue;
      }
      rows.push(
        ...(await profiled(database, profileDir, `${scenario.name}.2-nodes`, profiles, () =>
          measureScenario(nodes, scenario, measured, [target]),
        )),
      );
    }
  } catch (error) {
    for (const node of nodes) log(node.output().slice(-4000));
    throw error;
  } finally {
    await Promise.all(nodes.map((node) => node.stop()));
    await database.close();
  }
  if (profileDir) profiles.push(...summariseProfiles(profileDir));
  return { rows, profiles };
}

/** The scaling run's PostgreSQL rows at one size: one node, the same reads as SQLite's. */
export async function measurePostgresSize(
  bench: BenchCluster,
  file: string,
  events: number,
  scenarios: readonly Scenario[],
  ctx: MeasureContext,
): Promise<{ copySeconds: number; rows: Row[] }> {
  const { options, log } = ctx;
  const name = `almanac_bench_${events}`;
  try {
    const calendar = await moveInto(bench, file, name, join(options.dataDir, 'postgres-media'));
    log(`PostgreSQL: ${events.toLocaleString('en')} events moved in ${calendar.copySeconds} s.`);
    const database = await watchDatabase(bench, calendar);
    const profileDir = options.profileDir && join(options.profileDir, `postgres-${events}`);
    const [node] = await startNodes(calendar, 1, options, profileDir).catch(async (error) => {
      await database.close();
      throw error;
    });
    const rows: Row[] = [];
    try {
      log(`Almanac on PostgreSQL at ${events.toLocaleString('en')} events (${node!.url}):`);
      for (const scenario of scenarios)
        rows.push(
          ...(await measureScenario(
            node!,
            scenario,
            onPostgres(ctx, database, calendar),
            options.connections,
          )),
        );
    } finally {
      await node!.stop();
      await database.close();
    }
    if (profileDir) summariseProfiles(profileDir);
    return { copySeconds: calendar.copySeconds, rows };
  } finally {
    await dropDatabase(bench, name);
  }
}
