/**
 * The benchmark run: seed, start the bare-Express ceiling and the Almanac server as separate
 * processes, measure every scenario at every concurrency from this process, without and with
 * remembered answers, compare one and N server processes on the same data, and put the figures
 * and verdicts in a report.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { readFixture } from './fixture.js';
import type { LoadResult } from './load.js';
import { measureCeiling, measureScenario, type MeasureContext } from './measure.js';
import type { AnswerMode, BenchOptions } from './options.js';
import { measureBoot, spawnCeiling, spawnServer, type Spawned } from './processes.js';
import { describeMachine, reportHead, type Report, type Row, type Startup } from './report.js';
import { ACCEPT_COMPRESSED, ALL_SCENARIOS, MIXED, NS, type Scenario } from './scenarios.js';
import { seedDatabase, type SeedResult } from './seed.js';
import { mainTargets } from './targets.js';
import { measurePostgres, type PostgresEntry } from './postgres.js';
import { postgresTargets } from './postgres-targets.js';

export const MB = 2 ** 20;
/** Read scenarios compared between one and N server processes. */
const MULTICORE_READS = ['events.list', 'events.get'];

export const basicAuth = (password: string) =>
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

export async function prepareData(
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

export const selected = (options: BenchOptions, scenarios: readonly Scenario[]) =>
  options.only.length === 0
    ? scenarios
    : scenarios.filter((s) =>
        options.only.some((word) =>
          word.endsWith('$') ? s.name === word.slice(0, -1) : s.name.includes(word),
        ),
      );

export async function ceilings(
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

/** Starts and stops the server a few times on `file`: the median start, and the runtime's part. */
export async function measureStartup(
  file: string,
  options: BenchOptions,
  times = 3,
): Promise<Startup> {
  const starts: number[] = [];
  for (let k = 0; k < times; k++) {
    const server = await spawnServer({ db: file, adminPassword: options.adminPassword });
    starts.push(server.startMs);
    await server.stop();
  }
  const bootMs = await measureBoot();
  const startMs = [...starts].sort((a, b) => a - b)[Math.floor(starts.length / 2)]!;
  return { startMs, bootMs, serverMs: Math.max(0, startMs - bootMs) };
}

/** The server as measured: one process, SQL statements counted, profiled on request. */
export const spawnMeasured = (file: string, options: BenchOptions, answers: AnswerMode) =>
  spawnServer({
    db: file,
    adminPassword: options.adminPassword,
    countQueries: true,
    cpuProfDir: options.profileDir,
    noAnswerCache: answers === 'off',
  });

/** The encoding the server answers a listing with when compression is accepted (null: none). */
async function answeredEncoding(server: Spawned): Promise<string | null> {
  const response = await fetch(`${server.url}${NS}/events`, {
    headers: { 'accept-encoding': ACCEPT_COMPRESSED },
  });
  await response.arrayBuffer();
  return response.headers.get('content-encoding');
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
  const startup = await measureStartup(file, options, options.quick ? 1 : 3);
  log(`Start to listening: ${startup.startMs} ms (Node alone: ${startup.bootMs} ms).`);

  const ceiling = await spawnCeiling();
  const rows: Row[] = [];
  const multicore: Report['multicore'] = [];
  let peakRss = 0;
  let compression: string | null = null;
  let ceilingEnd: LoadResult | null;
  let ceiling1: Record<string, LoadResult>;
  let postgres: PostgresEntry | null = null;
  const serve = async (answers: AnswerMode, phase: (server: Spawned) => Promise<void>) => {
    const server = await spawnMeasured(file, options, answers);
    log(`Almanac, remembered answers ${answers} (${server.url}, pid ${server.pid}):`);
    try {
      await phase(server);
    } catch (error) {
      log(server.output().slice(-4000));
      throw error;
    } finally {
      await server.stop();
      peakRss = Math.max(peakRss, server.peakRss());
    }
  };
  try {
    log('Ceiling (bare Express):');
    ceiling1 = await ceilings(ceiling, options, log);
    const ctx = (answers: AnswerMode): MeasureContext => ({
      options,
      fixture,
      auth,
      answers,
      ceiling: ceiling1,
      ceilingProcess: ceiling,
      log,
    });
    const measureAll = async (server: Spawned, answers: AnswerMode, list: readonly Scenario[]) => {
      for (const scenario of list)
        rows.push(...(await measureScenario(server, scenario, ctx(answers), options.connections)));
    };
    // Every mode's reads before any write changes the data they read.
    const reads = scenarios.filter((s) => s.kind === 'read');
    for (const answers of reads.length > 0 ? options.answers : [])
      await serve(answers, async (server) => {
        compression ??= await answeredEncoding(server);
        await measureAll(server, answers, reads);
        if (answers === options.answers[0])
          await compareProcesses(server, answers, file, ctx(answers), multicore, rows, scenarios);
      });
    const writes = scenarios.filter((s) => s.kind !== 'read');
    for (const answers of writes.length > 0 ? options.answers : [])
      await serve(answers, (server) => measureAll(server, answers, writes));

    if (options.workers > 1 && scenarios.includes(MIXED) && !options.quick) {
      const cluster = await spawnServer({
        db: file,
        adminPassword: options.adminPassword,
        workers: options.workers,
        noAnswerCache: options.answers[0] === 'off',
      });
      try {
        log(`Mixed workload with ${options.workers} worker processes:`);
        const c = ctx(options.answers[0]!);
        rows.push(...(await measureScenario(cluster, MIXED, c, [target], options.workers)));
      } finally {
        await cluster.stop();
      }
    }
    if (options.postgres) postgres = await measurePostgres(file, scenarios, ctx('off'));
    ceilingEnd = await measureCeiling(ceiling, target, options.seconds, 0);
    log(`  ceiling again c${target}: ${ceilingEnd.rps} req/s`);
  } finally {
    await ceiling.stop();
  }

  const report: Report = {
    ...reportHead(started, machine),
    options: {
      events: options.events,
      connections: options.connections,
      seconds: options.seconds,
      targetSeconds: options.targetSeconds,
      workers: options.workers,
      quick: options.quick,
      answers: options.answers,
    },
    seed,
    ceiling: ceiling1,
    ceilingEnd,
    serverPeakRssMb: Math.round(peakRss / MB),
    startup,
    compression,
    rows,
    multicore,
    scaling: null,
    postgres,
    targets: [],
  };
  report.targets = [
    ...mainTargets(report, target),
    ...postgresTargets(postgres, rows, target, options.profileDir),
  ];
  return report;
}

/** Several processes on the same data: one and N measured back to back, so drift hits both. */
async function compareProcesses(
  server: Spawned,
  answers: AnswerMode,
  file: string,
  ctx: MeasureContext,
  multicore: Report['multicore'],
  rows: Row[],
  scenarios: readonly Scenario[],
) {
  const { options, log } = ctx;
  const target = options.connections[options.connections.length - 1]!;
  // Quick mode only checks that the cluster serves.
  const names = options.quick ? ['events.get'] : MULTICORE_READS;
  const reads = scenarios.filter((s) => names.includes(s.name));
  if (options.workers <= 1 || reads.length === 0) return;
  const cluster = await spawnServer({
    db: file,
    adminPassword: options.adminPassword,
    workers: options.workers,
    noAnswerCache: answers === 'off',
  });
  try {
    log(`Almanac with ${options.workers} worker processes (${cluster.url}):`);
    for (const scenario of reads) {
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
