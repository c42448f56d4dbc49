/**
 * The benchmark run: seed, start the bare-Express ceiling and the Almanac server as separate
 * processes, measure every scenario at every concurrency from this process, compare one and N
 * server processes on the same data, and put the figures and verdicts in a report.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { readFixture } from './fixture.js';
import type { LoadResult } from './load.js';
import { measureCeiling, measureScenario, type MeasureContext } from './measure.js';
import type { BenchOptions } from './options.js';
import { spawnCeiling, spawnServer, type Spawned } from './processes.js';
import { describeMachine, type Report, type Row, type ScalingEntry } from './report.js';
import { ALL_SCENARIOS, MIXED, type Scenario } from './scenarios.js';
import { seedDatabase, type SeedResult } from './seed.js';
import { mainTargets, scalingTargets } from './targets.js';

const MB = 2 ** 20;
/** Read scenarios compared between one and N server processes. */
const MULTICORE_READS = ['events.list', 'events.get', 'events.list.filtered', 'events.list.search'];

const basicAuth = (password: string) =>
  `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;

function seededCount(file: string): number {
  if (!existsSync(file)) return -1;
  const db = new Database(file, { fileMustExist: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
  } catch {
    return -1;
  } finally {
    db.close();
  }
}

async function prepareData(
  options: BenchOptions,
  events: number,
  log: (line: string) => void,
): Promise<{ file: string; seed: SeedResult | null }> {
  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, `bench-${events}.db`);
  if (options.reuse && seededCount(file) >= events) {
    log(`Reusing ${file}.`);
    return { file, seed: null };
  }
  log(`Seeding ${events.toLocaleString('en')} events into ${file}…`);
  const seed = await seedDatabase({ file, events, adminPassword: options.adminPassword, log });
  log(`Seeded in ${(seed.ms.total! / 1000).toFixed(1)} s (${Math.round(seed.bytes / MB)} MB).`);
  return { file, seed };
}

const selected = (options: BenchOptions, scenarios: readonly Scenario[]) =>
  options.only.length === 0
    ? scenarios
    : scenarios.filter((s) =>
        options.only.some((word) =>
          word.endsWith('$') ? s.name === word.slice(0, -1) : s.name.includes(word),
        ),
      );

async function ceilings(
  ceiling: Spawned,
  options: BenchOptions,
  log: (line: string) => void,
): Promise<Record<string, LoadResult>> {
  const result: Record<string, LoadResult> = {};
  const target = options.connections[options.connections.length - 1];
  for (const c of options.connections) {
    const seconds = c === target ? options.targetSeconds : options.seconds;
    result[String(c)] = await measureCeiling(ceiling, c, seconds, options.warmupSeconds);
    log(
      `  ceiling c${c}: ${result[String(c)]!.rps} req/s, p99 ${result[String(c)]!.latencyMs.p99} ms`,
    );
  }
  return result;
}

export async function runBenchmark(
  options: BenchOptions,
  log: (line: string) => void = () => undefined,
): Promise<Report> {
  const started = Date.now();
  const machine = describeMachine();
  const { file, seed } = await prepareData(options, options.events, log);
  const fixture = readFixture(file);
  const auth = basicAuth(options.adminPassword);
  const scenarios = selected(options, ALL_SCENARIOS);
  const target = options.connections[options.connections.length - 1]!;

  const ceiling = await spawnCeiling();
  const noAnswerCache = options.noAnswerCache ?? false;
  const server = await spawnServer({
    db: file,
    adminPassword: options.adminPassword,
    countQueries: true,
    cpuProfDir: options.profileDir,
    noAnswerCache,
  });
  const rows: Row[] = [];
  const multicore: Report['multicore'] = [];
  let ceilingEnd: LoadResult | null;
  let ceiling1: Record<string, LoadResult>;
  try {
    log('Ceiling (bare Express):');
    ceiling1 = await ceilings(ceiling, options, log);
    const ctx: MeasureContext = {
      options,
      fixture,
      auth,
      ceiling: ceiling1,
      ceilingProcess: ceiling,
      log,
    };
    log(`Almanac (${server.url}, pid ${server.pid}):`);
    for (const scenario of scenarios.filter((s) => s.kind === 'read'))
      rows.push(...(await measureScenario(server, scenario, ctx, options.connections)));

    // Several processes on the same data, before any write changes it.
    // Quick mode only checks that the cluster serves; the full run compares four listings.
    const names = options.quick ? ['events.get'] : MULTICORE_READS;
    const reads = scenarios.filter((s) => names.includes(s.name));
    if (options.workers > 1 && reads.length > 0) {
      const cluster = await spawnServer({
        db: file,
        adminPassword: options.adminPassword,
        workers: options.workers,
        noAnswerCache,
      });
      try {
        log(`Almanac with ${options.workers} worker processes (${cluster.url}):`);
        for (const scenario of reads) {
          // One process and N processes measured back to back, so that other load on the
          // machine affects both alike; the one-process figure here is that fresh measurement.
          const quiet = { ...ctx, ceilingProcess: undefined };
          const [single] = await measureScenario(server, scenario, quiet, [target], 1);
          const [row] = await measureScenario(cluster, scenario, ctx, [target], options.workers);
          rows.push(row!);
          if (single!.rps > 0)
            multicore.push({
              scenario: scenario.name,
              workers: options.workers,
              rps1: single!.rps,
              rpsN: row!.rps,
              gain: Math.round((row!.rps / single!.rps) * 100) / 100,
            });
        }
      } finally {
        await cluster.stop();
      }
    }

    for (const scenario of scenarios.filter((s) => s.kind !== 'read'))
      rows.push(...(await measureScenario(server, scenario, ctx, options.connections)));

    if (options.workers > 1 && scenarios.includes(MIXED) && !options.quick) {
      const cluster = await spawnServer({
        db: file,
        adminPassword: options.adminPassword,
        workers: options.workers,
        noAnswerCache,
      });
      try {
        log(`Mixed workload with ${options.workers} worker processes:`);
        rows.push(...(await measureScenario(cluster, MIXED, ctx, [target], options.workers)));
      } finally {
        await cluster.stop();
      }
    }
    ceilingEnd = await measureCeiling(ceiling, target, options.seconds, 0);
    log(`  ceiling again c${target}: ${ceilingEnd.rps} req/s`);
  } catch (error) {
    log(server.output().slice(-4000));
    throw error;
  } finally {
    server.peakRss();
    await server.stop();
    await ceiling.stop();
  }

  const after = describeMachine();
  const report: Report = {
    version: 1,
    startedAt: new Date(started).toISOString(),
    seconds: Math.round((Date.now() - started) / 1000),
    machine,
    machineAfter: { loadAverage: after.loadAverage, freeMemoryGb: after.freeMemoryGb },
    options: {
      events: options.events,
      connections: options.connections,
      seconds: options.seconds,
      targetSeconds: options.targetSeconds,
      workers: options.workers,
      quick: options.quick,
      answerCache: !noAnswerCache,
    },
    seed,
    ceiling: ceiling1,
    ceilingEnd,
    serverPeakRssMb: Math.round(server.peakRss() / MB),
    rows,
    multicore,
    scaling: null,
    targets: [],
  };
  report.targets = mainTargets(report, target);
  return report;
}

/** Listings at each size (10k and 1M by default): p50 latency and memory as the data grows. */
export async function runScaling(
  options: BenchOptions,
  log: (line: string) => void = () => undefined,
): Promise<Report> {
  const started = Date.now();
  const machine = describeMachine();
  const scenarios = selected(
    options,
    ALL_SCENARIOS.filter((s) => s.listing),
  );
  const entries: ScalingEntry[] = [];
  const ceiling = await spawnCeiling();
  let ceiling1: Record<string, LoadResult>;
  try {
    log('Ceiling (bare Express):');
    ceiling1 = await ceilings(ceiling, options, log);
    for (const events of options.sizes) {
      const { file, seed } = await prepareData(options, events, log);
      const fixture = readFixture(file);
      const server = await spawnServer({
        db: file,
        adminPassword: options.adminPassword,
        countQueries: true,
        noAnswerCache: options.noAnswerCache ?? true,
      });
      const ctx: MeasureContext = {
        options,
        fixture,
        auth: basicAuth(options.adminPassword),
        ceiling: ceiling1,
        log,
      };
      const rows: Row[] = [];
      try {
        log(`Almanac at ${events.toLocaleString('en')} events:`);
        for (const scenario of scenarios)
          rows.push(...(await measureScenario(server, scenario, ctx, options.connections)));
      } finally {
        await server.stop();
      }
      entries.push({
        events,
        seedSeconds: seed ? seed.ms.total! / 1000 : 0,
        serverPeakRssMb: Math.round(server.peakRss() / MB),
        rows,
      });
    }
  } finally {
    await ceiling.stop();
  }
  const after = describeMachine();
  return {
    version: 1,
    startedAt: new Date(started).toISOString(),
    seconds: Math.round((Date.now() - started) / 1000),
    machine,
    machineAfter: { loadAverage: after.loadAverage, freeMemoryGb: after.freeMemoryGb },
    options: {
      sizes: options.sizes,
      connections: options.connections,
      seconds: options.seconds,
      answerCache: !(options.noAnswerCache ?? true),
    },
    seed: null,
    ceiling: ceiling1,
    ceilingEnd: null,
    serverPeakRssMb: Math.max(...entries.map((e) => e.serverPeakRssMb)),
    rows: [],
    multicore: [],
    scaling: entries,
    targets: scalingTargets(entries, options.connections),
  };
}
