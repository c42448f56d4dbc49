/**
 * `npm run bench -- --scaling`: the reads without remembered answers at each size (10k, 100k and
 * 1M events by default), with each size's start to listening and peak memory, so that the p50
 * of 1M can be compared with 10k's. With `--postgres`, each size's calendar is then moved into
 * a database of one throwaway cluster and the same reads run on one node there.
 */
import { readFixture } from './fixture.js';
import type { LoadResult } from './load.js';
import { measureScenario, type MeasureContext } from './measure.js';
import type { BenchOptions } from './options.js';
import { spawnCeiling } from './processes.js';
import { describeMachine, reportHead, type Report, type Row, type ScalingEntry } from './report.js';
import { ALL_SCENARIOS, SCENARIOS } from './scenarios.js';
import { scalingTargets } from './targets.js';
import { startBenchCluster, type BenchCluster } from './pg-calendar.js';
import { measurePostgresSize } from './postgres.js';
import { postgresScalingTargets } from './postgres-targets.js';
import {
  basicAuth,
  ceilings,
  MB,
  measureStartup,
  prepareData,
  selected,
  spawnMeasured,
} from './harness.js';

export async function runScaling(
  options: BenchOptions,
  log: (line: string) => void = () => undefined,
): Promise<Report> {
  const started = Date.now();
  const machine = describeMachine();
  const scenarios = selected(
    options,
    options.only.length > 0 ? ALL_SCENARIOS : SCENARIOS.filter((s) => s.listing),
  );
  const answers = options.answers.length === 1 ? options.answers[0]! : 'off';
  const entries: ScalingEntry[] = [];
  const ceiling = await spawnCeiling();
  let ceiling1: Record<string, LoadResult>;
  let bench: BenchCluster | undefined;
  try {
    if (options.postgres) bench = await startBenchCluster();
    log('Ceiling (bare Express):');
    ceiling1 = await ceilings(ceiling, options, log);
    for (const events of options.sizes) {
      const { file, seed } = await prepareData(options, events, log);
      const fixture = readFixture(file);
      const startup = await measureStartup(file, options);
      log(`Start to listening at ${events.toLocaleString('en')}: ${startup.startMs} ms`);
      const server = await spawnMeasured(file, options, answers);
      const ctx: MeasureContext = {
        options,
        fixture,
        auth: basicAuth(options.adminPassword),
        answers,
        ceiling: ceiling1,
        ceilingProcess: ceiling,
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
      const postgres = bench && {
        version: bench.version,
        ...(await measurePostgresSize(bench, file, events, scenarios, ctx)),
      };
      entries.push({
        events,
        seedSeconds: seed ? seed.ms.total! / 1000 : 0,
        serverPeakRssMb: Math.round(server.peakRss() / MB),
        startup,
        rows,
        ...(postgres ? { postgres } : {}),
      });
    }
  } finally {
    bench?.stop();
    await ceiling.stop();
  }
  return {
    ...reportHead(started, machine),
    options: {
      sizes: options.sizes,
      connections: options.connections,
      seconds: options.seconds,
      answers: [answers],
      postgres: options.postgres,
    },
    seed: null,
    ceiling: ceiling1,
    ceilingEnd: null,
    serverPeakRssMb: Math.max(...entries.map((e) => e.serverPeakRssMb)),
    startup: entries[entries.length - 1]?.startup ?? null,
    compression: null,
    rows: [],
    multicore: [],
    scaling: entries,
    targets: [
      ...scalingTargets(entries, options.connections),
      ...postgresScalingTargets(entries, options.connections),
    ],
  };
}
