/**
 * Harnesses for the reliability suite: the real server as a child process (so a crash, a hang or
 * a SIGKILL is observed from outside, as a client would see it), a raw HTTP client that sends
 * exactly the bytes it is given, a checksum of every table, and the list of every endpoint taken
 * from the route registry so new routes are attacked without anyone adding them here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { z } from 'zod';
import { buildRegistry } from '../../server/routes.js';
import type { Endpoint, Method } from '../../server/http/route.js';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const ADMIN_API = '/api/calendar/admin/v1';
export const EVENTS_API = '/api/calendar/events/v1';
export const ADMIN_LOGIN = { login: 'admin', password: 'reliability-admin-1' };

export const basicAuth = (login: string, password: string): string =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

/** A temporary folder removed by `cleanup()`. */
export function tempDir(prefix = 'almanac-rel-'): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

// ---------------------------------------------------------------------------------------------
// The real server process
// ---------------------------------------------------------------------------------------------

export interface SpawnedServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to standard output and standard error so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  exited: Promise<number | string>;
  kill(signal?: NodeJS.Signals): Promise<number | string>;
}

export interface SpawnOptions {
  /** The database file; with `databaseUrl`, only where the data folder is (its folder). */
  db: string;
  /** A node of the calendar in this PostgreSQL database (ALMANAC_DATABASE_URL) instead of the file. */
  databaseUrl?: string;
  env?: Record<string, string>;
  args?: string[];
  startTimeoutMs?: number;
}

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** Starts `server/cli.ts` like `npm start` does and waits for `Almanac listening on <url>`. */
export function spawnServer(options: SpawnOptions): Promise<SpawnedServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/cli.ts', ...(options.args ?? [])],
    {
      cwd: REPO,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        ...(options.databaseUrl === undefined
          ? { ALMANAC_DB: options.db }
          : { ALMANAC_DATABASE_URL: options.databaseUrl }),
        // Media and backups go next to the database, never into the user's real data folder.
        ALMANAC_DATA_DIR: dirname(options.db),
        ALMANAC_PORT: '0',
        ALMANAC_ADMIN_USER: ADMIN_LOGIN.login,
        ALMANAC_ADMIN_PASSWORD: ADMIN_LOGIN.password,
        ALMANAC_LOG_LEVEL: 'silent',
        ALMANAC_TIMEZONE: 'UTC',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  live.add(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start in time.\nstdout: ${out}\nstderr: ${err}`));
    }, options.startTimeoutMs ?? 30_000);
    const onData = () => {
      const m = /Almanac listening on (\S+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      const url = m[1]!;
      resolve({
        url,
        port: Number(new URL(url).port),
        child,
        stdout: () => out,
        stderr: () => err,
        exited,
        kill(signal = 'SIGTERM') {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(
        new Error(`the server exited (${code}) before listening.\nstdout: ${out}\nstderr: ${err}`),
      );
    });
  });
}

// ---------------------------------------------------------------------------------------------
// A raw HTTP client: exact paths and bytes, a deadline, and no exceptions for HTTP statuses
// ---------------------------------------------------------------------------------------------

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json: unknown;
  /** `json` when it is an object, otherwise `{}`. */
  body: Record<string, unknown>;
  ms: number;
}

export interface RawOptions {
  headers?: Record<string, string>;
  auth?: string | undefined;
  /** The client address (any 127.x.y.z): each address has its own failed-login throttle. */
  localAddress?: string;
  body?: string | Buffer;
  /** Sent as JSON (sets the content type). */
  json?: unknown;
  timeoutMs?: number;
}

export class HangError extends Error {
  constructor(method: string, path: string, ms: number) {
    super(`no answer to ${method} ${path.slice(0, 300)} within ${ms} ms`);
    this.name = 'HangError';
  }
}

/** Sends one request with `path` exactly as given (it must already be percent-encoded). */
export function rawRequest(
  base: string,
  method: string,
  path: string,
  options: RawOptions = {},
): Promise<RawResponse> {
  const url = new URL(base);
  const headers: Record<string, string> = { ...options.headers };
  if (options.auth !== undefined) headers.authorization = options.auth;
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers,
        agent: false,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (res) => {
        if (String(res.headers['content-type']).startsWith('text/event-stream')) {
          // A live stream never ends by itself: its answer is the status and headers.
          clearTimeout(timer);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: '',
            json: undefined,
            body: {},
            ms: Date.now() - started,
          });
          res.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          clearTimeout(timer);
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text === '' ? undefined : JSON.parse(text);
          } catch {
            json = undefined;
          }
          const record =
            json !== null && typeof json === 'object' && !Array.isArray(json)
              ? (json as Record<string, unknown>)
              : {};
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json,
            body: record,
            ms: Date.now() - started,
          });
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      reject(new HangError(method, path, timeoutMs));
    }, timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Encodes a query string from ordered pairs; values are percent-encoded, keys kept as given. */
export function queryString(pairs: Array<[string, string]>): string {
  return pairs.map(([k, v]) => `${encodeKey(k)}=${encodeURIComponent(v)}`).join('&');
}

function encodeKey(key: string): string {
  return encodeURIComponent(key).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

/** A problem with an answer, or `undefined` when it is a success or a well-formed 4xx. */
export function shapeProblem(res: RawResponse): string | undefined {
  if (res.status >= 500) return `status ${res.status}: ${res.text.slice(0, 500)}`;
  if (res.status < 400) return undefined;
  const { code, message, data } = res.body as { code?: unknown; message?: unknown; data?: unknown };
  if (typeof code !== 'string' || code === '') return `no code in ${res.text.slice(0, 300)}`;
  if (typeof message !== 'string') return `no message in ${res.text.slice(0, 300)}`;
  const status = (data as { status?: unknown } | undefined)?.status;
  if (status !== res.status) return `data.status ${String(status)} ≠ ${res.status}`;
  if (!String(res.headers['content-type']).startsWith('application/json'))
    return `content type ${String(res.headers['content-type'])}`;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The database as data
// ---------------------------------------------------------------------------------------------

function cell(value: unknown): unknown {
  if (typeof value === 'bigint') return `${value}n`;
  if (Buffer.isBuffer(value)) return `x'${value.toString('hex')}'`;
  return value;
}

/** Every table's rows (the shadow tables of full-text indexes included), hashed. */
/**
 * A digest of every table's rows. `exceptClientLimits`: leave out the sign-in throttle's counts
 * of refused credentials (limit_counters, storage/limits.ts) and the leases of open change
 * streams (stream_leases, storage/stream-leases.ts), which a refused request and a stream's GET
 * write on purpose so that the limits hold for every process; any other counter still counts.
 */
export function dbChecksum(
  db: Database.Database,
  options: { exceptClientLimits?: boolean } = {},
): string {
  const hash = createHash('sha256');
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name",
    )
    .pluck()
    .all() as string[];
  for (const table of tables) {
    if (options.exceptClientLimits === true && table === 'stream_leases') continue;
    hash.update(`\0table ${table}\0`);
    for (const row of db
      .prepare(
        options.exceptClientLimits === true && table === 'limit_counters'
          ? "SELECT * FROM limit_counters WHERE key NOT LIKE 'signin %'"
          : `SELECT * FROM "${table.replace(/"/g, '""')}"`,
      )
      .raw()
      .iterate()) {
      hash.update(JSON.stringify((row as unknown[]).map(cell)));
      hash.update('\n');
    }
  }
  return hash.digest('hex');
}

/** Opens a second connection on a database a server is using (WAL lets both work). */
export function openSide(file: string): Database.Database {
  const db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 10000');
  return db;
}

export function integrityCheck(db: Database.Database): string[] {
  return (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map(
    (r) => r.integrity_check,
  );
}

/**
 * Data the schema derives from other rows through triggers (term counts, per-day event counts,
 * the full-text index), compared with a recomputation: a list of what disagrees, empty when all
 * is consistent. Tables that do not exist are skipped.
 */
export function derivedDataProblems(db: Database.Database): string[] {
  const problems: string[] = [];
  const has = (name: string) =>
    db.prepare('SELECT 1 FROM sqlite_schema WHERE name = ?').get(name) !== undefined;
  if (has('terms') && has('event_terms')) {
    const drift = db
      .prepare(
        `SELECT t.id, t.count, (SELECT count(*) FROM event_terms et JOIN events e ON e.id = et.event_id
           WHERE et.term_id = t.id AND e.status = 'publish') AS actual FROM terms t`,
      )
      .all() as Array<{ id: number; count: number; actual: number }>;
    for (const t of drift.filter((row) => row.count !== row.actual))
      problems.push(`term ${t.id} counts ${t.count}, has ${t.actual}`);
  }
  if (has('event_day_counts')) {
    const drift = db
      .prepare(
        `SELECT * FROM (
           SELECT status, start_day, end_day, n FROM event_day_counts WHERE n <> 0
           EXCEPT
           SELECT status, substr(start_utc, 1, 10), substr(end_utc, 1, 10), count(*)
           FROM events WHERE hide_from_listings = 0 GROUP BY 1, 2, 3)
         UNION ALL SELECT * FROM (
           SELECT status, substr(start_utc, 1, 10), substr(end_utc, 1, 10), count(*)
           FROM events WHERE hide_from_listings = 0 GROUP BY 1, 2, 3
           EXCEPT
           SELECT status, start_day, end_day, n FROM event_day_counts WHERE n <> 0)`,
      )
      .all();
    if (drift.length > 0)
      problems.push(`event_day_counts differ: ${JSON.stringify(drift).slice(0, 300)}`);
  }
  if (has('events_fts')) {
    try {
      db.prepare("INSERT INTO events_fts (events_fts, rank) VALUES ('integrity-check', 1)").run();
    } catch (error) {
      problems.push(`events_fts: ${(error as Error).message}`);
    }
  }
  return problems;
}

export function foreignKeyProblems(db: Database.Database): unknown[] {
  return db.pragma('foreign_key_check') as unknown[];
}

// ---------------------------------------------------------------------------------------------
// Every endpoint, from the registry
// ---------------------------------------------------------------------------------------------

export interface EndpointInfo {
  namespace: string;
  /** The route pattern, WordPress-style. */
  pattern: string;
  regex: RegExp;
  method: Method;
  endpoint: Endpoint;
  /** Names of the path parameters in the pattern. */
  pathParams: string[];
  /** Every argument the endpoint declares (path, query and body). */
  args: string[];
  label: string;
}

export function allEndpoints(): EndpointInfo[] {
  const registry = buildRegistry();
  const list: EndpointInfo[] = [];
  for (const namespace of registry.namespaces()) {
    for (const route of registry.routesOf(namespace)) {
      const pathParams = [...route.path.matchAll(/\(\?P<(\w+)>/g)].map((m) => m[1]!);
      for (const endpoint of route.endpoints) {
        for (const method of endpoint.methods) {
          list.push({
            namespace,
            pattern: route.path,
            regex: route.regex,
            method,
            endpoint,
            pathParams,
            args: Object.keys((endpoint.args as z.ZodObject).shape),
            label: `${method} /${namespace}${route.path}`,
          });
        }
      }
    }
  }
  return list;
}

/** The pattern with each path parameter replaced (values are used as given: encode them first). */
export function fillPath(info: EndpointInfo, values: Record<string, string>): string {
  const rest = info.pattern.replace(
    /\(\?P<(\w+)>(?:[^()]|\([^()]*\))*\)/g,
    (_m, name: string) => values[name] ?? '1',
  );
  return `/api/${info.namespace}${rest}`;
}

/** Whether a path parameter takes digits only (an id) in this pattern. */
export function isNumericParam(info: EndpointInfo, name: string): boolean {
  const m = new RegExp(`\\(\\?P<${name}>([^)]*)\\)`).exec(info.pattern);
  return m !== null && /^\\d[+*]$/.test(m[1]!);
}

/**
 * Another process that takes the write lock on `file`, runs `sql` (the write another server
 * process would make), holds the lock for `ms` and commits. Resolves once the lock is held;
 * `done` resolves when the other process has committed and exited.
 */
export async function holdWriteLock(
  file: string,
  sql: string,
  ms: number,
): Promise<{ done: Promise<void> }> {
  const holder = spawn(
    process.execPath,
    [
      '-e',
      `const db = new (require('better-sqlite3'))(${JSON.stringify(file)});
       db.pragma('busy_timeout = 10000');
       db.exec('BEGIN IMMEDIATE'); db.exec(${JSON.stringify(sql)});
       console.log('locked');
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms});
       db.exec('COMMIT'); db.close();`,
    ],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  live.add(holder);
  const done = new Promise<void>((resolve, reject) =>
    holder.once('exit', (code) => {
      live.delete(holder);
      if (code === 0) resolve();
      else reject(new Error(`the lock holder exited with ${code}`));
    }),
  );
  await new Promise<void>((resolve, reject) => {
    holder.stdout!.once('data', () => resolve());
    done.catch(reject);
  });
  return { done };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether a request failed because the server was killed under it (so it was not acknowledged). */
export function cutOffByKill(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  if (['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ECONNABORTED'].includes(code ?? '')) return true;
  return (error as Error).message === 'socket hang up';
}
