/**
 * The processes under test: the Almanac server started as `npm start` runs it (the prebuilt
 * bundle of its command-line entry point, dist/node/server/cli.js, with node), and the bare
 * Express ceiling. Each is a child process of the
 * harness, found by the line it prints once it accepts requests; its memory is read from /proc
 * over the whole process tree (cluster workers included).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { COUNT_LINE } from './query-counter.js';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STARTUP_TIMEOUT_MS = 60_000;

export interface Spawned {
  pid: number;
  url: string;
  /** Wall time from spawning the process to its line saying it listens, in milliseconds. */
  startMs: number;
  child: ChildProcess;
  /** Peak resident memory (VmHWM) summed over the process and its children, in bytes. */
  peakRss(): number;
  /** Current resident memory of the process tree, in bytes. */
  rss(): number;
  /** CPU time (user + system) used so far by the process tree, in milliseconds. */
  cpuMs(): number;
  /** Executed SQL statements so far (only with `countQueries`). */
  queryCount(): Promise<number>;
  output(): string;
  stop(): Promise<void>;
}

function statusField(pid: number, field: string): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** utime + stime, and with `reaped` also the children it waited for (cutime + cstime). */
function cpuTicks(pid: number, reaped = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 to 17 of stat (utime, stime, cutime, cstime); the slice starts at field 3.
    const own = Number(fields[11]) + Number(fields[12]);
    return reaped ? own + Number(fields[13]) + Number(fields[14]) : own;
  } catch {
    return 0;
  }
}

/**
 * CPU time used so far by a server that starts a process per connection (PostgreSQL's
 * postmaster), in milliseconds: its live children's and those that ended, which the postmaster
 * waited for, so a connection closed during a run still counts.
 */
export function serverCpuMs(root: number): number {
  const [, ...children] = processTree(root);
  const ticks = children.reduce((total, pid) => total + cpuTicks(pid), cpuTicks(root, true));
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** The process and its descendants, from the parent ids in /proc (cluster workers). */
export function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = parents.get(ppid) ?? [];
      list.push(Number(entry));
      parents.set(ppid, list);
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]!) ?? []));
  return tree;
}

interface SpawnOptions {
  script: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Node options; `--import tsx` comes first when `tsx` is set (TypeScript sources). */
  nodeArgs?: string[];
  tsx?: boolean;
  ready: RegExp;
}

async function spawnNode(options: SpawnOptions): Promise<Spawned> {
  const spawnedAt = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...(options.tsx ? ['--import', 'tsx'] : []),
      ...(options.nodeArgs ?? []),
      options.script,
      ...options.args,
    ],
    { cwd: ROOT, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  const countWaiters: Array<(n: number) => void> = [];
  let errBuffer = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    errBuffer += chunk;
    let newline: number;
    while ((newline = errBuffer.indexOf('\n')) >= 0) {
      const line = errBuffer.slice(0, newline);
      errBuffer = errBuffer.slice(newline + 1);
      if (line.startsWith(COUNT_LINE)) countWaiters.shift()?.(Number(line.split(' ')[1]));
      else out += `${line}\n`;
    }
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${options.script} did not start:\n${out}`)),
      STARTUP_TIMEOUT_MS,
    );
    const check = () => {
      const match = options.ready.exec(out);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${options.script} exited with ${code} before listening:\n${out}`));
    });
  });

  const startMs = Math.round(performance.now() - spawnedAt);
  let peak = 0;
  const tree = () => processTree(child.pid!);
  const peakRss = () => {
    const sum = tree().reduce((total, pid) => total + statusField(pid, 'VmHWM'), 0);
    peak = Math.max(peak, sum);
    return peak;
  };
  return {
    pid: child.pid!,
    url,
    startMs,
    child,
    peakRss,
    rss: () => tree().reduce((total, pid) => total + statusField(pid, 'VmRSS'), 0),
    cpuMs: () =>
      (tree().reduce((total, pid) => total + cpuTicks(pid), 0) * 1000) / TICKS_PER_SECOND,
    queryCount() {
      return new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no query count from the server')), 5_000);
        countWaiters.push((n) => {
          clearTimeout(timer);
          resolve(n);
        });
        child.kill('SIGUSR2');
      });
    },
    output: () => out,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      peakRss();
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(forced);
    },
  };
}

export interface ServerOptions {
  /** The SQLite file; with `databaseUrl`, a file in the node's data folder (never opened). */
  db: string;
  /** A PostgreSQL database to serve instead of the file (`--database-url`). */
  databaseUrl?: string;
  adminPassword: string;
  workers?: number;
  timezone?: string;
  /** Count SQL statements (`'sql'`: also per statement, printed with the count). */
  countQueries?: boolean | 'sql';
  /** Folder for a V8 CPU profile of the server (`--cpu-prof`). */
  cpuProfDir?: string;
  /** Serve without remembered answers (ALMANAC_ANSWER_CACHE=off): every request does the work. */
  noAnswerCache?: boolean;
  /** The media folder (`ALMANAC_MEDIA_DIR`), which nodes of one calendar share. */
  mediaDir?: string;
}

const SERVER_BUNDLE = join('dist', 'node', 'server', 'cli.js');
/**
 * The statement counter, compiled to JavaScript: loading it through tsx would load tsx into the
 * server too (80 MB more resident memory at 1M events, and a different start).
 */
const COUNTER = join(ROOT, '.tmp', 'bench', 'query-counter.mjs');
let bundled = false;

/** The server bundle `npm start` runs, built first when missing or older than its sources. */
function ensureServerBundle(): string {
  if (!bundled) {
    const built = spawnSync(process.execPath, ['scripts/ensure-server.mjs'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('The server bundle could not be built.');
    buildSync({
      entryPoints: [join(ROOT, 'bench', 'query-counter.ts')],
      outfile: COUNTER,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'warning',
    });
    bundled = true;
  }
  return SERVER_BUNDLE;
}

export function spawnServer(options: ServerOptions): Promise<Spawned> {
  const nodeArgs: string[] = [];
  if (options.cpuProfDir) nodeArgs.push('--cpu-prof', '--cpu-prof-dir', options.cpuProfDir);
  const script = ensureServerBundle();
  if (options.countQueries) nodeArgs.push('--import', pathToFileURL(COUNTER).href);
  return spawnNode({
    script,
    args: [
      ...(options.databaseUrl === undefined
        ? ['--db', options.db]
        : ['--database-url', options.databaseUrl]),
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--log-level',
      'warn',
      '--timezone',
      options.timezone ?? 'UTC',
      ...(options.workers && options.workers > 1 ? ['--workers', String(options.workers)] : []),
    ],
    env: {
      ALMANAC_ADMIN_PASSWORD: options.adminPassword,
      ALMANAC_COUNT_QUERIES:
        options.countQueries === 'sql' ? 'sql' : options.countQueries ? '1' : '0',
      ALMANAC_DATA_DIR: dirname(options.db),
      ALMANAC_ANSWER_CACHE: options.noAnswerCache ? 'off' : 'on',
      ...(options.mediaDir === undefined ? {} : { ALMANAC_MEDIA_DIR: options.mediaDir }),
    },
    nodeArgs,
    ready: /Almanac listening on (http:\/\/\S+)/,
  });
}

export function spawnCeiling(): Promise<Spawned> {
  return spawnNode({
    script: 'bench/ceiling-server.ts',
    args: [],
    tsx: true,
    ready: /Ceiling listening on (http:\/\/\S+)/,
  });
}

/**
 * Wall time for Node to run a script that only prints a line: the part of a start to listening
 * that is the runtime's, not the server's.
 */
export async function measureBoot(): Promise<number> {
  const probe = await spawnNode({
    script: '-e',
    args: ['console.log("Booted on http://x"); setInterval(() => undefined, 1000);'],
    ready: /Booted on (http:\/\/\S+)/,
  });
  await probe.stop();
  return probe.startMs;
}
