/**
 * The PostgreSQL side of the benchmark (`--postgres`): a throwaway cluster of Debian's
 * postgresql package (test/helpers/pg-cluster.ts) with pg_stat_statements loaded, the seeded
 * SQLite calendar moved into one of its databases with `almanac migrate` (server/migrate), the
 * nodes started on it, and what the database server did: its processes' CPU from /proc and the
 * statements it ran.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { moveCalendar } from '../server/migrate/command.js';
import { adminQuery, startCluster, type PgCluster } from '../test/helpers/pg-cluster.js';
import type { Database } from './measure.js';
import type { BenchOptions } from './options.js';
import { serverCpuMs, spawnServer, type Spawned } from './processes.js';
import { summarise, unbundle, type Profile } from './profile-summary.js';

/** Where pg_stat_statements' objects go: outside the schema the move and the nodes look at. */
const STATS_SCHEMA = 'bench_stats';

export interface BenchCluster {
  cluster: PgCluster;
  /** The server's version as it reports it. */
  version: string;
  stop(): void;
}

export async function startBenchCluster(): Promise<BenchCluster> {
  const cluster = await startCluster({ settings: ['shared_preload_libraries=pg_stat_statements'] });
  try {
    const version = String(
      (await adminQuery(cluster, 'SHOW server_version')).rows[0]?.server_version ?? '?',
    );
    return { cluster, version, stop: () => cluster.stop() };
  } catch (error) {
    cluster.stop();
    throw error;
  }
}

export interface MovedCalendar {
  url: string;
  /** Seconds `almanac migrate` took to move the file's calendar. */
  copySeconds: number;
  /** The media folder the calendar's nodes share. */
  mediaDir: string;
  /** Where the change feed stands after the move, which starts a new epoch (tokens differ). */
  sync: { epoch: string; seq: number };
}

/** Moves the SQLite calendar `file` into a new database `name` of the cluster. */
export async function moveInto(
  bench: BenchCluster,
  file: string,
  name: string,
  mediaDir: string,
): Promise<MovedCalendar> {
  await adminQuery(bench.cluster, `CREATE DATABASE ${name}`);
  const url = bench.cluster.url(name);
  rmSync(mediaDir, { recursive: true, force: true });
  mkdirSync(mediaDir, { recursive: true });
  const started = performance.now();
  await moveCalendar({
    from: file,
    to: url,
    fromMedia: join(dirname(file), 'media'),
    toMedia: mediaDir,
  });
  const copySeconds = Math.round((performance.now() - started) / 100) / 10;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${STATS_SCHEMA}`);
    await client.query(`CREATE EXTENSION pg_stat_statements SCHEMA ${STATS_SCHEMA}`);
    // Fresh statistics for the planner: the move wrote every row in one transaction.
    await client.query('ANALYZE');
    // The feed's position on PostgreSQL is the snapshot's oldest running transaction (as
    // storage/postgres/changes.ts reads it), not sync_state's counter.
    const { rows } = await client.query<{ epoch: string; seq: string }>(
      `SELECT epoch, pg_snapshot_xmin(pg_current_snapshot())::text AS seq
       FROM sync_state WHERE id = 1`,
    );
    const sync = { epoch: rows[0]!.epoch, seq: Number(rows[0]!.seq) };
    return { url, copySeconds, mediaDir, sync };
  } finally {
    await client.end();
  }
}

export async function dropDatabase(bench: BenchCluster, name: string): Promise<void> {
  await adminQuery(bench.cluster, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export interface ClusterDatabase extends Database {
  /** Forgets the statements counted so far (the next `topStatements` starts from here). */
  reset(): Promise<void>;
  /** The statements that took the most of the database's time since the last reset. */
  topStatements(count?: number): Promise<string>;
  close(): Promise<void>;
}

/** The moved calendar's database as the benchmark watches it, on a connection of its own. */
export async function watchDatabase(
  bench: BenchCluster,
  calendar: MovedCalendar,
): Promise<ClusterDatabase> {
  const client = new pg.Client({ connectionString: calendar.url });
  await client.connect();
  // This connection's own statements are not the calendar's.
  const ours = `dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND query NOT LIKE '%${STATS_SCHEMA}.%'`;
  return {
    cpuMs: () => serverCpuMs(bench.cluster.pid()),
    async statements() {
      const { rows } = await client.query<{ n: string | null }>(
        `SELECT sum(calls)::text AS n FROM ${STATS_SCHEMA}.pg_stat_statements WHERE ${ours}`,
      );
      return Number(rows[0]?.n ?? 0);
    },
    async reset() {
      await client.query(`SELECT ${STATS_SCHEMA}.pg_stat_statements_reset()`);
    },
    async topStatements(count = 25) {
      const { rows } = await client.query<{
        calls: string;
        total: number;
        mean: number;
        rows: string;
        query: string;
      }>(
        `SELECT calls::text, total_exec_time AS total, mean_exec_time AS mean, rows::text, query
         FROM ${STATS_SCHEMA}.pg_stat_statements WHERE ${ours}
         ORDER BY total_exec_time DESC LIMIT $1`,
        [count],
      );
      const all = rows.reduce((sum, r) => sum + r.total, 0);
      return [
        'share   calls     total ms  mean ms  rows  statement',
        ...rows.map(
          (r) =>
            `${`${((100 * r.total) / (all || 1)).toFixed(1)}%`.padStart(6)} ${r.calls.padStart(7)} ` +
            `${r.total.toFixed(0).padStart(12)} ${r.mean.toFixed(3).padStart(8)} ${r.rows.padStart(5)}  ` +
            r.query.replace(/\s+/g, ' ').slice(0, 240),
        ),
      ].join('\n');
    },
    close: () => client.end(),
  };
}

/**
 * Starts `count` nodes of the calendar: server processes with its URL, each with a data folder
 * of its own (emptied first) and the shared media folder, without remembered answers, each
 * profiled into `<profileDir>/node-<n>` when asked.
 */
export async function startNodes(
  calendar: MovedCalendar,
  count: number,
  options: BenchOptions,
  profileDir?: string,
): Promise<Spawned[]> {
  const nodes: Spawned[] = [];
  try {
    for (let n = 1; n <= count; n++) {
      const dataDir = join(options.dataDir, `postgres-node-${n}`);
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
      const cpuProfDir = profileDir === undefined ? undefined : join(profileDir, `node-${n}`);
      if (cpuProfDir) mkdirSync(cpuProfDir, { recursive: true });
      nodes.push(
        await spawnServer({
          db: join(dataDir, 'unused.db'),
          databaseUrl: calendar.url,
          adminPassword: options.adminPassword,
          noAnswerCache: true,
          mediaDir: calendar.mediaDir,
          ...(cpuProfDir ? { cpuProfDir } : {}),
        }),
      );
    }
    await Promise.all(nodes.map((node) => settle(node)));
    return nodes;
  } catch (error) {
    await Promise.all(nodes.map((node) => node.stop()));
    throw error;
  }
}

/**
 * Waits until the node is idle: after it listens, a node makes the calendar feed's events
 * ahead of the first request (server/start.ts), which on PostgreSQL reads every event again and
 * would be measured with the first scenario. Idle: two quarter-seconds in a row under a tenth of
 * a core; at most 60 s.
 */
async function settle(node: Spawned): Promise<void> {
  const started = performance.now();
  let quiet = 0;
  let before = node.cpuMs();
  while (quiet < 2 && performance.now() - started < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = node.cpuMs();
    quiet = now - before < 25 ? quiet + 1 : 0;
    before = now;
  }
}

/** Writes `<profile>.txt` beside each V8 CPU profile under `dir`; returns the summaries' paths. */
export function summariseProfiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const written: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.cpuprofile')) continue;
    const file = join(dir, entry);
    const profile = unbundle(JSON.parse(readFileSync(file, 'utf8')) as Profile);
    writeFileSync(`${file}.txt`, `${summarise(profile, 40)}\n`);
    written.push(`${file}.txt`);
  }
  return written.sort();
}
