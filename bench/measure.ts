/**
 * Measuring one scenario against a running server: SQL statements per request from a short
 * sequential probe, then a warm-up and a measured load run per concurrency while the server's
 * memory is sampled.
 */
import { runLoad, type LoadResult, type RequestSource } from './load.js';
import type { Spawned } from './processes.js';
import type { Row } from './report.js';
import type { Scenario } from './scenarios.js';
import type { Fixture } from './fixture.js';
import type { AnswerMode, BenchOptions } from './options.js';

const MB = 2 ** 20;

/** Runs `count` requests one after another and returns the statements executed per request. */
export async function probeQueries(
  server: Spawned,
  source: RequestSource,
  count: number,
  offset: number,
  statements: () => Promise<number> = () => server.queryCount(),
): Promise<number> {
  const before = await statements();
  for (let i = 0; i < count; i++) {
    const spec = source(offset + i);
    const response = await fetch(server.url + spec.path, {
      method: spec.method,
      headers: spec.headers ?? {},
      ...(spec.body === undefined ? {} : { body: spec.body }),
    });
    await response.arrayBuffer();
  }
  const after = await statements();
  return (after - before) / count;
}

/** What a run is measured on: one server, or the nodes of one calendar together. */
type Servers = Spawned | readonly Spawned[];

const each = (servers: Servers): readonly Spawned[] =>
  Array.isArray(servers) ? servers : [servers as Spawned];
const sum = (servers: Servers, figure: (server: Spawned) => number) =>
  each(servers).reduce((total, server) => total + figure(server), 0);

/** Largest resident memory of the server(s) while `work` runs, sampled every 100 ms. */
export async function sampleRss<T>(servers: Servers, work: () => Promise<T>): Promise<[T, number]> {
  const rss = () => sum(servers, (server) => server.rss());
  let max = rss();
  const timer = setInterval(() => {
    max = Math.max(max, rss());
  }, 100);
  try {
    const result = await work();
    max = Math.max(max, rss());
    return [result, max];
  } finally {
    clearInterval(timer);
  }
}

const perRequest = (ms: number, requests: number) =>
  requests > 0 ? Math.round((ms / requests) * 1000) / 1000 : null;

/**
 * A load run with the server's CPU time per request measured around it (every node's), and the
 * database server's when it is another process.
 */
async function measured(
  servers: Servers,
  run: () => Promise<LoadResult>,
  database?: Database,
): Promise<LoadResult & { databaseCpuMsPerRequest?: number | null }> {
  const cpu = () => sum(servers, (server) => server.cpuMs());
  const before = cpu();
  const databaseBefore = database?.cpuMs();
  const result = await run();
  const used = cpu() - before;
  return {
    ...result,
    cpuMsPerRequest: perRequest(used, result.requests),
    ...(database && databaseBefore !== undefined
      ? { databaseCpuMsPerRequest: perRequest(database.cpuMs() - databaseBefore, result.requests) }
      : {}),
  };
}

/** A database server the nodes share (PostgreSQL), measured beside them. */
export interface Database {
  /** CPU time its processes used so far, in milliseconds. */
  cpuMs(): number;
  /** Statements it executed so far, for the statements per request of the probe. */
  statements(): Promise<number>;
}

export interface MeasureContext {
  options: BenchOptions;
  fixture: Fixture;
  auth: string;
  /** Whether the server measured remembers answers. */
  answers: AnswerMode;
  /** Ceiling throughput per concurrency, for the ratio column. */
  ceiling: Record<string, LoadResult>;
  /**
   * The ceiling's process: at the target concurrency it is measured again right before each
   * scenario, so that the ratio compares runs seconds apart (other load on the machine drifts).
   */
  ceilingProcess?: Spawned;
  /** The database server, when it is not in the server's process (PostgreSQL). */
  database?: Database;
  log: (line: string) => void;
}

/** Each scenario's requests start at a different offset, so runs do not revisit the same ids. */
const offsets = new Map<string, number>();

function nextOffset(name: string, by: number): number {
  const at = offsets.get(name) ?? 0;
  offsets.set(name, at + by);
  return at;
}

/**
 * Measures `scenario` on one server (`workers`: its processes), or on several nodes of one
 * calendar at once, the connections shared out between them (then the nodes are the workers).
 */
export async function measureScenario(
  servers: Servers,
  scenario: Scenario,
  ctx: MeasureContext,
  connections: number[],
  workers = each(servers).length,
): Promise<Row[]> {
  const nodes = each(servers);
  const server = nodes[0]!;
  const urls = nodes.map((node) => node.url);
  const base = scenario.source(ctx.fixture, ctx.auth);
  const shifted =
    (start: number): RequestSource =>
    (i) =>
      base(start + i);
  const queries =
    workers === 1 && ctx.options.probeRequests > 0
      ? await probeQueries(
          server,
          base,
          ctx.options.probeRequests,
          nextOffset(scenario.name, ctx.options.probeRequests),
          ctx.database?.statements,
        )
      : null;
  const rows: Row[] = [];
  const target = ctx.options.connections[ctx.options.connections.length - 1];
  for (const c of connections) {
    const seconds = c === target ? ctx.options.targetSeconds : ctx.options.seconds;
    const adjacent =
      c === target && ctx.ceilingProcess && ctx.options.adjacentCeilingSeconds > 0
        ? await measureCeiling(ctx.ceilingProcess, c, ctx.options.adjacentCeilingSeconds, 0)
        : undefined;
    if (ctx.options.warmupSeconds > 0)
      await runLoad(
        urls,
        shifted(nextOffset(scenario.name, 100_000)),
        c,
        ctx.options.warmupSeconds,
      );
    const [result, rss] = await sampleRss(nodes, () =>
      measured(
        nodes,
        () => runLoad(urls, shifted(nextOffset(scenario.name, 1_000_000)), c, seconds),
        ctx.database,
      ),
    );
    const ceiling = adjacent ?? ctx.ceiling[String(c)];
    const row: Row = {
      ...result,
      scenario: scenario.name,
      label: scenario.label,
      answers: ctx.answers,
      workers,
      ceilingRps: ceiling?.rps ?? null,
      ratio:
        ceiling && ceiling.rps > 0 ? Math.round((result.rps / ceiling.rps) * 1000) / 1000 : null,
      cpuRatio:
        ceiling?.cpuMsPerRequest && result.cpuMsPerRequest
          ? Math.round((ceiling.cpuMsPerRequest / result.cpuMsPerRequest) * 1000) / 1000
          : null,
      rssMb: Math.round(rss / MB),
      queriesPerRequest: queries === null ? null : Math.round(queries * 10) / 10,
    };
    rows.push(row);
    ctx.log(
      `  ${scenario.name.padEnd(22)} ${ctx.answers.padEnd(3)} w${workers} c${String(c).padEnd(3)} ${String(row.rps).padStart(6)} req/s` +
        `  p50 ${row.latencyMs.p50.toFixed(2)} ms  p99 ${row.latencyMs.p99.toFixed(2)} ms` +
        `  ${row.ratio === null ? '' : `${Math.round(row.ratio * 100)}% of ceiling`}` +
        `  cpu ${row.cpuMsPerRequest ?? '?'} ms/req` +
        (row.databaseCpuMsPerRequest === undefined
          ? ''
          : `  database cpu ${row.databaseCpuMsPerRequest ?? '?'} ms/req`) +
        `  errors ${row.errors}${row.errors > 0 ? ` ${JSON.stringify(row.statuses)}` : ''}`,
    );
  }
  return rows;
}

export async function measureCeiling(
  ceiling: Spawned,
  connections: number,
  seconds: number,
  warmup: number,
): Promise<LoadResult> {
  const source: RequestSource = () => ({ method: 'GET', path: '/ping' });
  if (warmup > 0) await runLoad(ceiling.url, source, connections, warmup);
  return measured(ceiling, () => runLoad(ceiling.url, source, connections, seconds));
}
