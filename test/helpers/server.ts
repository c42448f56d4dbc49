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
  /** The database file (':memory:' unless `file` was asked for), for another connection. */
  dbPath: string;
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

const running: Array<{ server: RunningServer; dir?: string }> = [];

afterEach(async () => {
  while (running.length > 0) {
    const item = running.pop()!;
    await item.server.close();
    if (item.dir) rmSync(item.dir, { recursive: true, force: true });
  }
});

export interface TestServerOptions {
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
  const config = testConfig({
    adminUser: ADMIN.login,
    adminPassword: ADMIN.password,
    ...(dir ? { dataDir: dir, dbPath: join(dir, 'almanac.db'), mediaDir: join(dir, 'media') } : {}),
    ...options.config,
  });
  const { file, image } = template();
  const fromFile = config.dbPath !== ':memory:';
  if (fromFile && !existsSync(config.dbPath)) {
    mkdirSync(dirname(config.dbPath), { recursive: true });
    copyFileSync(file, config.dbPath);
    chmodSync(config.dbPath, 0o644);
  }
  const server = await start(config, {
    ...(fromFile ? {} : { image }),
    clock: options.clock ?? fixedClock(DEFAULT_NOW),
    auth: { failureDelayMs: options.failureDelayMs ?? (() => 1) },
    ...options.start,
  });
  running.push(dir ? { server, dir } : { server });
  await server.services.settings.update({ timezone: 'UTC', ...options.settings });
  const admin = basic(ADMIN.login, ADMIN.password);

  async function call(method: string, path: string, opts: CallOptions = {}): Promise<ApiResult> {
    const url = new URL(path.startsWith('http') ? path : `${server.url}${path}`);
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

  let counter = 0;
  return {
    ...server,
    admin,
    dbPath: config.dbPath,
    call,
    async userWith(role, login) {
      const name = login ?? `${role}${++counter}`;
      const password = `${name}-password`;
      const user = await server.services.users.create({ login: name, password, role });
      return { id: user.id, auth: basic(name, password) };
    },
  };
}
