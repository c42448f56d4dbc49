/**
 * `npm run bench -- --caldav` (issue 27): Almanac's CalDAV beside Debian's Radicale (and
 * Xandikos when its package runs here), each holding the same 10,000 events, answering the same
 * requests one at a time on this machine: a calendar-query over one month (etags and data), a
 * sync-collection after one change, and a PUT of one new event. Servers listen on 127.0.0.1 only
 * and are stopped at the end. Targets: Almanac's p50 at least 5×, 5× and 3× faster than Radicale's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { BenchOptions } from './options.js';
import { spawnServer } from './processes.js';
import { targetsTable, type Target } from './report.js';

export interface DavFigure {
  server: string;
  request: string;
  samples: number;
  p50: number;
  p95: number;
  status: number;
}

export interface CaldavReport {
  events: number;
  figures: DavFigure[];
  targets: Target[];
  skipped: string[];
}

/** A CalDAV server under test: where its calendar is and how to sign in. */
interface DavServer {
  name: string;
  calendar: string;
  auth: string;
  stop(): Promise<void>;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const pad = (n: number) => String(n).padStart(2, '0');

/** The i-th of `total` events spread over 2026, an hour long each, in UTC. */
function vevent(i: number, total: number, summary = `Bench event ${i}`): string {
  const start = new Date(Date.UTC(2026, 0, 1) + Math.floor((i * 365 * 86_400_000) / total));
  const end = new Date(start.getTime() + 3_600_000);
  const stamp = (d: Date) =>
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00Z`;
  return [
    'BEGIN:VEVENT',
    `UID:bench-${i}@example.org`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${summary}`,
    `DESCRIPTION:Event number ${i} of the CalDAV benchmark.`,
    'END:VEVENT',
  ].join('\r\n');
}

const calendarOf = (...vevents: string[]) =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Almanac bench//EN\r\n${vevents.join('\r\n')}\r\nEND:VCALENDAR\r\n`;

const MONTH_QUERY = `<?xml version="1.0" encoding="utf-8"?>
<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
  <d:prop><d:getetag/><c:calendar-data/></d:prop>
  <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT">
    <c:time-range start="20260601T000000Z" end="20260701T000000Z"/>
  </c:comp-filter></c:comp-filter></c:filter>
</c:calendar-query>`;

const syncQuery = (token: string) => `<?xml version="1.0" encoding="utf-8"?>
<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;

async function request(
  server: DavServer,
  method: string,
  path: string,
  body: string | undefined,
  headers: Record<string, string> = {},
) {
  const started = performance.now();
  const res = await fetch(new URL(path, server.calendar), {
    method,
    headers: { authorization: server.auth, ...headers },
    body,
  });
  const text = await res.text();
  return { ms: performance.now() - started, status: res.status, text };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until the URL answers at all (any status). */
async function answering(url: string, child: ChildProcess, name: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      await fetch(url, { method: 'OPTIONS' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${name} did not answer at ${url}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

async function startAlmanac(dir: string, password: string, events: number): Promise<DavServer> {
  const server = await spawnServer({ db: join(dir, 'almanac.db'), adminPassword: password });
  const auth = basic('admin', password);
  const imported = await fetch(`${server.url}/api/calendar/admin/v1/import/ics`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'text/calendar' },
    body: calendarOf(...Array.from({ length: events }, (_, i) => vevent(i, events))),
  });
  if (imported.status >= 300) throw new Error(`import: ${await imported.text()}`);
  await imported.arrayBuffer();
  return {
    name: 'Almanac',
    calendar: `${server.url}/dav/calendars/1/events/`,
    auth,
    stop: () => server.stop(),
  };
}

/** Radicale with its own filesystem storage, filled by writing the item files directly. */
async function startRadicale(dir: string, events: number): Promise<DavServer> {
  const calendarDir = join(dir, 'collections', 'collection-root', 'bench', 'calendar');
  mkdirSync(calendarDir, { recursive: true });
  writeFileSync(
    join(calendarDir, '.Radicale.props'),
    JSON.stringify({ tag: 'VCALENDAR', 'D:displayname': 'Bench' }),
  );
  for (let i = 0; i < events; i++) {
    writeFileSync(join(calendarDir, `bench-${i}.ics`), calendarOf(vevent(i, events)));
  }
  const port = await freePort();
  const config = join(dir, 'radicale.conf');
  writeFileSync(
    config,
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = none',
      '[storage]',
      `filesystem_folder = ${join(dir, 'collections')}`,
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
  const child = spawn('radicale', ['--config', config], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  await answering(url, child, 'Radicale');
  return {
    name: 'Radicale',
    calendar: `${url}bench/calendar/`,
    auth: basic('bench', 'bench'),
    stop: () => stopChild(child),
  };
}

/** Xandikos over a git repository holding the same items in one commit. */
async function startXandikos(dir: string, events: number): Promise<DavServer> {
  const root = join(dir, 'xandikos');
  const calendarDir = join(root, 'bench', 'calendars', 'calendar');
  mkdirSync(calendarDir, { recursive: true });
  for (let i = 0; i < events; i++) {
    writeFileSync(join(calendarDir, `bench-${i}.ics`), calendarOf(vevent(i, events)));
  }
  writeFileSync(join(calendarDir, '.xandikos'), '[DEFAULT]\ntype = calendar\n');
  const git = (args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn('git', args, { cwd: calendarDir, stdio: 'ignore' });
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`git ${args[0]}`))));
    });
  await git(['init', '-q']);
  await git(['add', '.']);
  await git(['-c', 'user.name=bench', '-c', 'user.email=b@example.org', 'commit', '-qm', 'seed']);
  const port = await freePort();
  const child = spawn(
    'xandikos',
    ['-d', root, '-l', '127.0.0.1', '-p', String(port), '--current-user-principal', '/bench'],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}/`;
  await answering(url, child, 'Xandikos');
  return {
    name: 'Xandikos',
    calendar: `${url}bench/calendars/calendar/`,
    auth: basic('bench', 'bench'),
    stop: () => stopChild(child),
  };
}

function figure(server: string, name: string, times: number[], status: number): DavFigure {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return {
    server,
    request: name,
    samples: times.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    status,
  };
}

const tokenIn = (xml: string) => /<(?:\w+:)?sync-token>([^<]+)</.exec(xml)?.[1] ?? '';

/** The three requests, `samples` times each, one at a time. */
async function measure(server: DavServer, samples: number, events: number): Promise<DavFigure[]> {
  const out: DavFigure[] = [];
  const depth = { depth: '1', 'content-type': 'application/xml; charset=utf-8' };
  // Once before measuring: caches a server keeps are filled by the first request.
  const first = await request(server, 'REPORT', '', MONTH_QUERY, depth);
  const found = (first.text.match(/BEGIN:VEVENT/g) ?? []).length;
  if (first.status !== 207 || found === 0) {
    throw new Error(`${server.name}: calendar-query answered ${first.status} with ${found}`);
  }
  const query: number[] = [];
  let status = 0;
  for (let i = 0; i < samples; i++) {
    const answer = await request(server, 'REPORT', '', MONTH_QUERY, depth);
    query.push(answer.ms);
    status = answer.status;
  }
  out.push({
    ...figure(server.name, `calendar-query, one month (${found} events)`, query, status),
  });

  let token = tokenIn((await request(server, 'REPORT', '', syncQuery(''), depth)).text);
  const sync: number[] = [];
  for (let i = 0; i < samples; i++) {
    const changed = await request(
      server,
      'PUT',
      `sync-${i}.ics`,
      calendarOf(vevent(i * 7, events).replace(`bench-${i * 7}@`, `sync-${i}@`)),
      { 'content-type': 'text/calendar; charset=utf-8', 'if-none-match': '*' },
    );
    if (changed.status >= 300) throw new Error(`${server.name}: PUT ${changed.status}`);
    const answer = await request(server, 'REPORT', '', syncQuery(token), depth);
    sync.push(answer.ms);
    status = answer.status;
    token = tokenIn(answer.text);
  }
  out.push(figure(server.name, 'sync-collection after one change', sync, status));

  const put: number[] = [];
  for (let i = 0; i < samples; i++) {
    const answer = await request(
      server,
      'PUT',
      `new-${i}.ics`,
      calendarOf(vevent(i * 11, events).replace(`bench-${i * 11}@`, `new-${i}@`)),
      { 'content-type': 'text/calendar; charset=utf-8', 'if-none-match': '*' },
    );
    put.push(answer.ms);
    status = answer.status;
  }
  out.push(figure(server.name, 'PUT of one new event', put, status));
  return out;
}

export function caldavTargets(figures: DavFigure[]): Target[] {
  const p50 = (server: string, prefix: string) =>
    figures.find((f) => f.server === server && f.request.startsWith(prefix))?.p50;
  const wanted: Array<[string, string, number]> = [
    ['caldav.query-month', 'calendar-query', 5],
    ['caldav.sync-after-change', 'sync-collection', 5],
    ['caldav.put', 'PUT', 3],
  ];
  return wanted.map(([id, prefix, factor]) => {
    const ours = p50('Almanac', prefix);
    const theirs = p50('Radicale', prefix);
    const ratio = ours && theirs ? theirs / ours : undefined;
    return {
      id,
      description: `CalDAV ${prefix}: Almanac's p50 against Radicale's`,
      expected: `≥ ${factor}× faster`,
      actual:
        ours === undefined || theirs === undefined
          ? 'not measured'
          : `${ours} ms vs ${theirs} ms (${ratio!.toFixed(1)}×)`,
      met: ratio === undefined ? null : ratio >= factor,
    };
  });
}

export async function benchCaldav(
  options: BenchOptions,
  log: (line: string) => void,
): Promise<CaldavReport> {
  const events = options.quick ? 300 : 10_000;
  const samples = options.quick ? 3 : 20;
  const root = join(options.dataDir, 'caldav');
  rmSync(root, { recursive: true, force: true });
  const figures: DavFigure[] = [];
  const skipped: string[] = [];
  const starters: Array<[string, () => Promise<DavServer>]> = [
    ['Almanac', () => startAlmanac(join(root, 'almanac'), options.adminPassword, events)],
    ['Radicale', () => startRadicale(join(root, 'radicale'), events)],
    ['Xandikos', () => startXandikos(join(root, 'xandikos'), events)],
  ];
  for (const [name, start] of starters) {
    mkdirSync(join(root, name.toLowerCase()), { recursive: true });
    log(`CalDAV: ${name} with ${events.toLocaleString('en')} events…`);
    let server: DavServer | undefined;
    try {
      server = await start();
      const measured = await measure(server, samples, events);
      figures.push(...measured);
      for (const f of measured)
        log(`  ${f.request}: ${f.status}, p50 ${f.p50} ms, p95 ${f.p95} ms`);
    } catch (error) {
      if (name === 'Almanac' || name === 'Radicale') throw error;
      skipped.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      log(`  skipped: ${skipped[skipped.length - 1]}`);
    } finally {
      await server?.stop();
    }
  }
  return { events, figures, targets: caldavTargets(figures), skipped };
}

export function caldavMarkdown(report: CaldavReport): string {
  return [
    `# CalDAV: ${report.events.toLocaleString('en')} events in each server`,
    '',
    '| Server | Request | Status | p50 ms | p95 ms | samples |',
    '|---|---|---|---|---|---|',
    ...report.figures.map(
      (f) => `| ${f.server} | ${f.request} | ${f.status} | ${f.p50} | ${f.p95} | ${f.samples} |`,
    ),
    '',
    ...report.skipped.map((s) => `Not measured: ${s}`),
    '',
    targetsTable(report.targets),
    '',
  ].join('\n');
}

/** Runs the CalDAV comparison and writes caldav.json and caldav.md beside the other results. */
export async function runCaldavBench(options: BenchOptions, log: (line: string) => void) {
  const report = await benchCaldav(options, log);
  mkdirSync(options.outDir, { recursive: true });
  writeFileSync(join(options.outDir, 'caldav.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(options.outDir, 'caldav.md'), caldavMarkdown(report));
  return report;
}
