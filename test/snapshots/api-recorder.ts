/**
 * Records what the API answers to a fixed set of requests (test/snapshots/api-requests.ts) on a
 * fresh database with a frozen clock, and compares two recordings. A refactoring that must not
 * change behaviour proves it by answering byte-identical bodies for the same requests.
 *
 * What differs between two runs of the same code is normalised away: the port, and the secrets
 * the server generates (passwords, tokens, ids of application passwords).
 */
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { testConfig } from '../../server/config.js';
import { fixedClock } from '../../server/clock.js';
import { start, type RunningServer } from '../../server/start.js';
import { startRoundRobinProxy } from '../helpers/round-robin-proxy.js';
import { ADMIN_LOGIN, ADMIN_PASSWORD, scenario } from './api-requests.js';

export const FROZEN_AT = '2026-06-15T12:00:00Z';

/** Headers that say nothing about behaviour (or that the recorded body already says). */
const IGNORED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length']);

export interface RecordedAnswer {
  name: string;
  request: string;
  status: number;
  headers: Record<string, string>;
  /** The body's sha256 after normalisation: catches byte differences `body` would hide. */
  sha256: string;
  /** Parsed JSON when the body is JSON, else the text (or a note for binary bodies). */
  body: unknown;
}

export interface Recording {
  frozen_at: string;
  answers: RecordedAnswer[];
}

export interface CallOptions {
  auth?: string;
  body?: unknown;
  /** A raw body sent as is (with its own content type in `headers`). */
  raw?: Buffer | string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The parsed JSON body when there is one (an object unless the API sent something else). */
  json: Record<string, unknown>;
}

export type Caller = (
  name: string,
  method: string,
  path: string,
  options?: CallOptions,
) => Promise<Answer>;

/** Secrets are replaced, in order of appearance, by stable placeholders. */
class Normaliser {
  private readonly replacements = new Map<string, string>();
  constructor(private readonly port: number) {}

  secret(kind: string, value: string): void {
    if (value !== '' && !this.replacements.has(value))
      this.replacements.set(value, `<${kind}-${this.replacements.size + 1}>`);
  }

  text(value: string): string {
    let out = value
      .replaceAll(`127.0.0.1:${this.port}`, '127.0.0.1:PORT')
      .replaceAll(`localhost:${this.port}`, 'localhost:PORT')
      // A QR code draws an address with the port in it: its modules change with the port.
      .replace(/(<svg [^>]*class="qr"[^>]*>)[\s\S]*?(<\/svg>)/g, '$1QR$2');
    for (const [secret, placeholder] of this.replacements)
      out = out.replaceAll(secret, placeholder);
    return out;
  }
}

const SECRET_KEYS = new Set(['password', 'token', 'uuid']);

/** Generated secrets found anywhere in a JSON answer (application passwords, sessions). */
function collectSecrets(value: unknown, normaliser: Normaliser): void {
  if (Array.isArray(value)) value.forEach((item) => collectSecrets(item, normaliser));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      if (SECRET_KEYS.has(key) && typeof item === 'string') normaliser.secret(key, item);
      else collectSecrets(item, normaliser);
    }
}

function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const out: Record<string, string> = {};
        for (const [key, value] of Object.entries(res.headers))
          if (value !== undefined) out[key] = Array.isArray(value) ? value.join('\n') : value;
        resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Express's weak ETag of a body: the same bytes give the same tag. */
function bodyEtag(body: Buffer): string {
  const hash = createHash('sha1').update(body).digest('base64').substring(0, 27);
  return `"${body.length.toString(16)}-${hash}"`;
}

/** A time within a day of now, i.e. a file's real modification time rather than the frozen clock. */
function isRealTime(ms: number): boolean {
  return Math.abs(ms - Date.now()) < 86_400_000;
}

function normaliseHeader(key: string, value: string, body: Buffer, normaliser: Normaliser) {
  // The ETag hashes the body before the port is normalised: record what it is derived from.
  if (key === 'etag') {
    if (value === bodyEtag(body)) return '<strong etag of the body>';
    // Listings are tagged by the content version (random) and what the answer is made of.
    if (/^"content-[\w-]{27}"$/.test(value)) return '<strong etag of the content>';
    const file = /^W\/"[0-9a-f]+-([0-9a-f]+)"$/.exec(value);
    if (file && isRealTime(parseInt(file[1]!, 16))) return '<etag of the file>';
  }
  if (key === 'last-modified' && isRealTime(Date.parse(value)))
    return '<modification time of the file>';
  return normaliser.text(value);
}

function isText(type: string | undefined): boolean {
  return type === undefined || /json|text|html|xml|javascript/.test(type);
}

export interface RecordOptions {
  /** An empty PostgreSQL database to record on (the server migrates it); default: SQLite. */
  databaseUrl?: string | undefined;
  /**
   * PostgreSQL: nodes serving the calendar (default 1). With more, the scenario is sent to a
   * round-robin proxy in front of them (test/helpers/round-robin-proxy.ts), so each request goes
   * to the next node; they share the data and media folders, as nodes of one calendar do.
   */
  nodes?: number;
}

/** Starts a server exactly as the tests do, runs the scenario, and returns every answer. */
export async function recordApi(options: RecordOptions = {}): Promise<Recording> {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-snapshot-'));
  const onPostgres = options.databaseUrl !== undefined;
  const count = options.nodes ?? 1;
  if (count > 1 && !onPostgres) throw new Error('Several nodes need a PostgreSQL database.');
  const config = testConfig({
    adminUser: ADMIN_LOGIN,
    adminPassword: ADMIN_PASSWORD,
    dataDir: dir,
    dbPath: join(dir, 'almanac.db'),
    mediaDir: join(dir, 'media'),
    ...(onPostgres ? { databaseUrl: options.databaseUrl } : {}),
  });
  const clock = fixedClock(FROZEN_AT);
  const nodes: RunningServer[] = [];
  // One after the other: the first migrates the empty database and makes the administrator.
  for (let n = 0; n < count; n++)
    nodes.push(await start(config, { clock, auth: { failureDelayMs: () => 1 } }));
  const server = nodes[0]!;
  const proxy = count > 1 ? await startRoundRobinProxy(nodes.map((node) => node.port)) : undefined;
  const base = proxy?.url ?? server.url;
  const answers: RecordedAnswer[] = [];
  const normaliser = new Normaliser(proxy?.port ?? server.port);
  const names = new Set<string>();
  // A HEAD answer's ETag is the one of the GET body it leaves out.
  const getBodies = new Map<string, Buffer>();
  try {
    await server.services.settings.update({ timezone: 'UTC' });
    const call: Caller = async (name, method, path, options = {}) => {
      if (names.has(name)) throw new Error(`Two requests are named "${name}"`);
      names.add(name);
      const url = new URL(path, base);
      const headers: Record<string, string> = { ...options.headers };
      if (options.auth) headers.authorization = options.auth;
      let body: Buffer | undefined;
      if (options.raw !== undefined) body = Buffer.from(options.raw);
      else if (options.body !== undefined) {
        body = Buffer.from(JSON.stringify(options.body));
        headers['content-type'] ??= 'application/json';
      }
      const res = await send(url, method, headers, body);
      const textual = isText(res.headers['content-type']);
      const raw = res.body.toString('utf8');
      let json: unknown;
      try {
        json = textual && raw !== '' ? JSON.parse(raw) : undefined;
      } catch {
        json = undefined;
      }
      collectSecrets(json, normaliser);
      const text = textual ? normaliser.text(raw) : '';
      const recordedHeaders: Record<string, string> = {};
      for (const key of Object.keys(res.headers).sort())
        if (!IGNORED_HEADERS.has(key))
          recordedHeaders[key] = normaliseHeader(
            key,
            res.headers[key]!,
            method === 'HEAD' ? (getBodies.get(path) ?? res.body) : res.body,
            normaliser,
          );
      if (method === 'GET') getBodies.set(path, res.body);
      answers.push({
        name,
        request: `${method} ${normaliser.text(path)}`,
        status: res.status,
        headers: recordedHeaders,
        sha256: createHash('sha256')
          .update(textual ? text : res.body)
          .digest('hex'),
        body: json !== undefined ? JSON.parse(text) : textual ? text : `<${res.body.length} bytes>`,
      });
      const record =
        json !== null && typeof json === 'object' && !Array.isArray(json)
          ? (json as Record<string, unknown>)
          : {};
      return { status: res.status, headers: res.headers, text: raw, json: record };
    };
    await scenario(call);
  } finally {
    await proxy?.close();
    await Promise.all(nodes.map((node) => node.close()));
    rmSync(dir, { recursive: true, force: true });
  }
  return { frozen_at: FROZEN_AT, answers };
}

/** Where two values differ, as `path: before → after` lines (at most `limit` of them). */
function jsonDifferences(before: unknown, after: unknown, path: string, out: string[]): void {
  if (isDeepStrictEqual(before, after)) return;
  const bothObjects =
    before !== null &&
    after !== null &&
    typeof before === 'object' &&
    typeof after === 'object' &&
    Array.isArray(before) === Array.isArray(after);
  if (!bothObjects) {
    out.push(`${path || '(body)'}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
    return;
  }
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  for (const key of new Set([...keysA, ...keysB])) {
    const child = Array.isArray(before) ? `${path}[${key}]` : `${path}.${key}`;
    if (!(key in b)) out.push(`${child}: removed (was ${JSON.stringify(a[key])})`);
    else if (!(key in a)) out.push(`${child}: added ${JSON.stringify(b[key])}`);
    else jsonDifferences(a[key], b[key], child, out);
  }
  if (out.length === 0 && keysA.join() !== keysB.join())
    out.push(`${path || '(body)'}: key order ${keysA.join(',')} → ${keysB.join(',')}`);
}

function textDifference(before: string, after: string): string {
  let at = 0;
  while (at < before.length && before[at] === after[at]) at++;
  const from = Math.max(0, at - 60);
  return `text differs at character ${at}: …${JSON.stringify(before.slice(from, at + 80))} → …${JSON.stringify(after.slice(from, at + 80))}`;
}

/** Every difference between a recorded baseline and a new recording, readable line by line. */
export function compareRecordings(baseline: Recording, current: Recording): string[] {
  const lines: string[] = [];
  const now = new Map(current.answers.map((answer) => [answer.name, answer]));
  const then = new Set(baseline.answers.map((answer) => answer.name));
  for (const old of baseline.answers) {
    const answer = now.get(old.name);
    const issues: string[] = [];
    if (!answer) {
      lines.push(`${old.name} (${old.request}): no longer recorded`);
      continue;
    }
    if (answer.request !== old.request) issues.push(`request ${old.request} → ${answer.request}`);
    if (answer.status !== old.status) issues.push(`status ${old.status} → ${answer.status}`);
    for (const key of new Set([...Object.keys(old.headers), ...Object.keys(answer.headers)]))
      if (old.headers[key] !== answer.headers[key])
        issues.push(
          `header ${key}: ${JSON.stringify(old.headers[key])} → ${JSON.stringify(answer.headers[key])}`,
        );
    if (old.sha256 !== answer.sha256) {
      const details: string[] = [];
      if (typeof old.body === 'string' && typeof answer.body === 'string')
        details.push(textDifference(old.body, answer.body));
      else jsonDifferences(old.body, answer.body, '', details);
      if (details.length === 0)
        details.push('same JSON value, different bytes (spacing, escaping)');
      issues.push(...details.slice(0, 20).map((line) => `body ${line}`));
      if (details.length > 20) issues.push(`body: … and ${details.length - 20} more differences`);
    }
    if (issues.length > 0) lines.push(`${old.name} (${old.request}):\n  ${issues.join('\n  ')}`);
  }
  for (const answer of current.answers)
    if (!then.has(answer.name)) lines.push(`${answer.name} (${answer.request}): new request`);
  return lines;
}
