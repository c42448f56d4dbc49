/**
 * Starts a real Almanac server for a test: its own copy of the run's migrated template database
 * (template-db.ts; in memory unless a file is asked for), 127.0.0.1 on an ephemeral port, the
 * known administrator, and small helpers to call it.
 */
import { afterEach, inject } from 'vitest';
import {
  copyFileSync,
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { testConfig, type ServerConfig } from '../../server/config.js';
import { fixedClock, type Clock } from '../../server/clock.js';
import { start, type RunningServer, type StartOptions } from '../../server/start.js';
import type { Role } from '../../shared/roles.js';
import type { SettingsUpdate } from '../../shared/schemas/settings.js';
import { ADMIN, DEFAULT_NOW } from './template-db.js';
import { createTestDatabase } from './pg-database.js';
import { startRoundRobinProxy } from './round-robin-proxy.js';
import pg from 'pg';
import type { Db } from '../../server/db/open.js';

export { ADMIN };

let templateImage: Buffer | undefined;

/** The template database made by template-db.ts, read once per test file. */
function template(): { file: string; image: Buffer } {
  const file = inject('templateDb');
  if (!file) throw new Error('test/helpers/template-db.ts must run as the global setup.');
  templateImage ??= readFileSync(file);
  return { file, image: templateImage };
}

export interface TestServer extends RunningServer {
  admin: string;
  /**
   * Every node serving this test's calendar, the first one's `services` and `storage` being the
   * server's own: one, or two behind a round-robin proxy in the two-node mode (`testNodes()`).
   */
  nodes: RunningServer[];
  /** The PostgreSQL database's URL, for another node; undefined on SQLite. */
  databaseUrl: string | undefined;
  /** The database file (':memory:' unless `file` was asked for), for another connection. */
  dbPath: string;
  /** SQLite only: the server's own connection, for tests that look at the file directly. */
  readonly db: Db;
  /**
   * Runs one SQL statement on the server's own database, whichever the engine, for a test that
   * must put the data in a state the API cannot (a row changed behind the server's back, as
   * another process or node would). `?` placeholders; on PostgreSQL they become `$1`, `$2`, ….
   * Returns the rows a query reads (none for other statements).
   */
  sql<Row = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<Row[]>;
  /** Creates a user with the role and returns its Basic authorization header. */
  userWith(role: Role, login?: string): Promise<{ id: number; auth: string }>;
  call(method: string, path: string, options?: CallOptions): Promise<ApiResult>;
}

export interface CallOptions {
  auth?: string | undefined;
  /** JSON body (default) or form-encoded when `form` is set. */
  body?: unknown;
  form?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | Array<string | number>>;
}

export interface ApiResult {
  status: number;
  headers: Headers;
  // Tests inspect arbitrary JSON; each assertion narrows what it reads.
  body: Record<string, unknown> & { [key: string]: unknown };
  json: unknown;
  text: string;
}

export const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

const running: Array<{ server: Pick<RunningServer, 'close'>; dir?: string }> = [];
/** Connections the tests' `sql` opened to PostgreSQL, closed before their databases are dropped. */
const pools: pg.Pool[] = [];
/** Databases made for this test, dropped once its servers are closed. */
const databases: Array<() => Promise<void>> = [];

afterEach(async () => {
  while (running.length > 0) {
    const item = running.pop()!;
    await item.server.close();
    if (item.dir) rmSync(item.dir, { recursive: true, force: true });
  }
  while (pools.length > 0) await pools.pop()!.end();
  while (databases.length > 0) await databases.pop()!();
});

export type TestEngine = 'sqlite' | 'postgres';

/**
 * The engine a test server runs on unless the test names one: ALMANAC_TEST_ENGINE, which the
 * `server-postgres` vitest project sets to run server test files on PostgreSQL.
 */
export function testEngine(): TestEngine {
  return process.env.ALMANAC_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
}

/**
 * How many nodes serve a test server's calendar on PostgreSQL when the test does not start its
 * nodes itself: ALMANAC_TEST_NODES, which the `server-postgres-nodes` vitest project sets to 2.
 * Then `server.url` is a round-robin proxy (round-robin-proxy.ts) in front of two nodes on one
 * database and one media folder, so each request goes to the other node than the one before.
 */
export function testNodes(): number {
  const nodes = Number(process.env.ALMANAC_TEST_NODES ?? '1');
  if (!Number.isInteger(nodes) || nodes < 1) throw new Error('ALMANAC_TEST_NODES is 1, 2, ….');
  return nodes;
}

export interface TestServerOptions {
  /**
   * SQLite (an in-memory copy of the template) or PostgreSQL (a fresh database copied from the
   * PostgreSQL template, test/helpers/pg-database.ts, dropped after the test; only in the
   * projects whose global setup starts the cluster). Default: `testEngine()`.
   */
  engine?: TestEngine;
  /**
   * PostgreSQL: how many nodes serve the calendar, behind a round-robin proxy when more than
   * one. Default: `testNodes()` for a fresh database, 1 for a joined one (the test starts its
   * own nodes).
   */
  nodes?: number;
  /** PostgreSQL: join this database (another node's) instead of making a fresh one. */
  databaseUrl?: string;
  /**
   * Another test server's database, whichever the engine: its file on SQLite (that server was
   * started with `file`), its database on PostgreSQL: two processes or nodes of one calendar.
   */
  sharing?: TestServer;
  clock?: Clock;
  /** Use a database file in a temporary folder instead of memory. */
  file?: boolean;
  settings?: SettingsUpdate;
  config?: Partial<ServerConfig>;
  /** Delay after repeated failed logins; tests keep it tiny. */
  failureDelayMs?: (excess: number) => number;
  /** Passed to start(): connection deadlines, a logger to capture. */
  start?: Pick<
    StartOptions,
    'limits' | 'log' | 'sync' | 'remote' | 'consoleDir' | 'announcer' | 'checkpoints'
  >;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = options.file ? mkdtempSync(join(tmpdir(), 'almanac-test-')) : undefined;
  const shared = options.sharing;
  if (shared && shared.databaseUrl === undefined && shared.dbPath === ':memory:')
    throw new Error('A server whose database is shared must be started with `file`.');
  const config = testConfig({
    adminUser: ADMIN.login,
    adminPassword: ADMIN.password,
    ...(dir ? { dataDir: dir, dbPath: join(dir, 'almanac.db'), mediaDir: join(dir, 'media') } : {}),
    ...(shared && shared.databaseUrl === undefined ? { dbPath: shared.dbPath } : {}),
    ...options.config,
  });
  const { file, image } = template();
  const databaseUrl = options.databaseUrl ?? shared?.databaseUrl;
  const engine = options.engine ?? (databaseUrl ? 'postgres' : shared ? 'sqlite' : testEngine());
  if (engine === 'postgres' && config.databaseUrl === undefined) {
    if (databaseUrl) config.databaseUrl = databaseUrl;
    else {
      const database = await createTestDatabase();
      databases.push(database.drop);
      config.databaseUrl = database.url;
    }
  }
  const fromFile = config.dbPath !== ':memory:';
  if (fromFile && !existsSync(config.dbPath)) {
    mkdirSync(dirname(config.dbPath), { recursive: true });
    copyFileSync(file, config.dbPath);
    chmodSync(config.dbPath, 0o644);
  }
  const nodeCount =
    config.databaseUrl === undefined ? 1 : (options.nodes ?? (databaseUrl ? 1 : testNodes()));
  if (nodeCount > 1 && config.mediaDir === '') {
    // Nodes of one calendar share a media folder (docs/scaling.md, "Media files").
    const media = mkdtempSync(join(tmpdir(), 'almanac-test-media-'));
    running.push({ server: { close: async () => {} }, dir: media });
    config.mediaDir = media;
  }
  const clock = options.clock ?? fixedClock(DEFAULT_NOW);
  const nodes: RunningServer[] = [];
  for (let n = 0; n < nodeCount; n++) {
    const node = await start(config, {
      ...(fromFile ? {} : { image }),
      clock,
      auth: { failureDelayMs: options.failureDelayMs ?? (() => 1) },
      ...options.start,
    });
    nodes.push(node);
    running.push(dir && n === 0 ? { server: node, dir } : { server: node });
  }
  const server = nodes[0]!;
  const proxy = nodeCount > 1 ? await startRoundRobinProxy(nodes.map((n) => n.port)) : undefined;
  if (proxy) running.push({ server: proxy });
  const base = proxy?.url ?? server.url;
  await server.services.settings.update({ timezone: 'UTC', ...options.settings });
  const admin = basic(ADMIN.login, ADMIN.password);

  async function call(method: string, path: string, opts: CallOptions = {}): Promise<ApiResult> {
    const url = new URL(path.startsWith('http') ? path : `${base}${path}`);
    for (const [key, value] of Object.entries(opts.query ?? {})) {
      if (Array.isArray(value))
        value.forEach((v) => url.searchParams.append(`${key}[]`, String(v)));
      else url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.auth) headers.authorization = opts.auth;
    let body: string | undefined;
    if (opts.form) {
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(opts.form)) {
        if (Array.isArray(value)) value.forEach((v) => form.append(`${key}[]`, v));
        else form.set(key, value);
      }
      body = form.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
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
    return { status: response.status, headers: response.headers, body: record, json, text };
  }

  function sqlite(): Db {
    const { db } = server.storage;
    if (db === undefined)
      throw new Error('This test reads the SQLite file; the server runs on PostgreSQL.');
    return db;
  }

  let pool: pg.Pool | undefined;
  async function sql<Row>(text: string, ...params: unknown[]): Promise<Row[]> {
    if (config.databaseUrl === undefined) {
      const statement = sqlite().prepare(text);
      if (statement.reader) return statement.all(...params) as Row[];
      statement.run(...params);
      return [];
    }
    if (pool === undefined) {
      pool = new pg.Pool({ connectionString: config.databaseUrl, max: 1 });
      // The database is dropped WITH (FORCE) after the test: a connection still closing then is
      // ended by the server, which without a listener is an uncaught exception in the test run.
      pool.on('error', () => undefined);
      pools.push(pool);
    }
    const result = await pool.query(positional(text), params);
    return result.rows as Row[];
  }

  let counter = 0;
  return {
    ...server,
    url: base,
    port: proxy?.port ?? server.port,
    nodes,
    async close() {
      await Promise.all(nodes.map((node) => node.close()));
      await proxy?.close();
    },
    admin,
    databaseUrl: config.databaseUrl,
    dbPath: config.dbPath,
    get db() {
      return sqlite();
    },
    call,
    sql,
    async userWith(role, login) {
      const name = login ?? `${role}${++counter}`;
      const password = `${name}-password`;
      const user = await server.services.users.create({ login: name, password, role });
      return { id: user.id, auth: basic(name, password) };
    },
  };
}

/** `?` placeholders outside quoted text as PostgreSQL's `$1`, `$2`, …. */
function positional(text: string): string {
  let n = 0;
  return text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\?/g, (match) =>
    match === '?' ? `$${++n}` : match,
  );
}
