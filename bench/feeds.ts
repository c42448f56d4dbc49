/**
 * The calendar feed's benchmark (docs/api/feeds.md): the whole-calendar feed of a seeded
 * calendar (every event, `?start_date=2000-01-01`, 10,000 by default) answered by the real
 * server: the first answer after start (nothing made yet), answers after a write (one event made
 * again), repeated answers (remembered), and conditional requests answered 304. Requests are
 * sequential, one at a time, so each figure is one answer's latency.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { BenchOptions } from './options.js';
import { targetsTable, type Target } from './report.js';
import { spawnServer } from './processes.js';
import { seedDatabase } from './seed.js';

export interface FeedFigure {
  name: string;
  label: string;
  samples: number;
  status: number;
  bytes: number;
  p50: number;
  p95: number;
  max: number;
}

export interface FeedReport {
  events: number;
  figures: FeedFigure[];
  targets: Target[];
}

/** A 10,000-event feed answered within 300 ms (docs/benchmark.md), once made. */
export function feedTargets(figures: FeedFigure[]): Target[] {
  return figures
    .filter((f) => f.name !== 'feed.cold')
    .map((f) => ({
      id: f.name,
      description: `Calendar feed: ${f.label.toLowerCase()}, one at a time`,
      expected: 'p95 < 300 ms',
      actual: `${f.p95} ms (status ${f.status})`,
      met: f.p95 < 300 && f.status < 400,
    }));
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function figure(name: string, label: string, times: number[], status: number, bytes: number) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return {
    name,
    label,
    samples: times.length,
    status,
    bytes,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    max: round(sorted[sorted.length - 1]!),
  };
}

async function timed(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.arrayBuffer();
  return {
    ms: performance.now() - started,
    status: res.status,
    bytes: body.byteLength,
    etag: res.headers.get('etag') ?? '',
  };
}

export async function runFeedBench(
  options: BenchOptions,
  log: (line: string) => void,
): Promise<FeedReport> {
  const events = options.quick ? 300 : 10_000;
  const samples = options.quick ? 3 : 30;
  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, `feeds-${events}.db`);
  log(`Feeds: seeding ${events.toLocaleString('en')} events…`);
  await seedDatabase({ file, events, adminPassword: options.adminPassword });
  const server = await spawnServer({ db: file, adminPassword: options.adminPassword });
  const auth = `Basic ${Buffer.from(`admin:${options.adminPassword}`).toString('base64')}`;
  const feed = `${server.url}/calendar.ics?start_date=2000-01-01`;
  const db = new Database(file, { readonly: true });
  const ids = db
    .prepare("SELECT id FROM events WHERE status = 'publish' AND hide_from_listings = 0 LIMIT 50")
    .pluck()
    .all() as number[];
  db.close();
  const figures: FeedFigure[] = [];
  try {
    const cold = await timed(feed);
    const count = (await (await fetch(feed)).text()).split('BEGIN:VEVENT').length - 1;
    log(`  ${count} events in the feed, ${Math.round(cold.bytes / 1024)} KB`);
    figures.push(
      figure('feed.cold', 'First answer after start', [cold.ms], cold.status, cold.bytes),
    );

    const afterWrite: number[] = [];
    let last = cold;
    for (let i = 0; i < samples; i++) {
      const id = ids[i % ids.length]!;
      const write = await fetch(`${server.url}/api/calendar/events/v1/events/${id}`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Feed bench ${i}` }),
      });
      await write.arrayBuffer();
      last = await timed(feed);
      afterWrite.push(last.ms);
    }
    figures.push(
      figure('feed.after-write', 'After one event changed', afterWrite, last.status, last.bytes),
    );

    const warm: number[] = [];
    for (let i = 0; i < samples; i++) {
      last = await timed(feed);
      warm.push(last.ms);
    }
    figures.push(figure('feed.repeat', 'Repeated, nothing changed', warm, last.status, last.bytes));

    const conditional: number[] = [];
    let answer = last;
    for (let i = 0; i < samples; i++) {
      answer = await timed(feed, { 'if-none-match': last.etag });
      conditional.push(answer.ms);
    }
    figures.push(
      figure(
        'feed.304',
        'If-None-Match, nothing changed',
        conditional,
        answer.status,
        answer.bytes,
      ),
    );
  } finally {
    await server.stop();
  }
  const report: FeedReport = { events, figures, targets: feedTargets(figures) };
  for (const f of figures) {
    log(
      `  ${f.label}: ${f.status}, p50 ${f.p50} ms, p95 ${f.p95} ms, max ${f.max} ms (${f.samples})`,
    );
  }
  return report;
}

export function feedMarkdown(report: FeedReport): string {
  const rows = report.figures.map(
    (f) =>
      `| ${f.label} | ${f.status} | ${Math.round(f.bytes / 1024)} KB | ${f.p50} | ${f.p95} | ${f.max} | ${f.samples} |`,
  );
  return [
    `# Calendar feed: ${report.events.toLocaleString('en')} events`,
    '',
    '| Request | Status | Body | p50 ms | p95 ms | max ms | samples |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    targetsTable(report.targets),
    '',
  ].join('\n');
}

/** Runs the feed benchmark and writes feeds.json and feeds.md beside the other results. */
export async function benchFeeds(options: BenchOptions, log: (line: string) => void) {
  const report = await runFeedBench(options, log);
  mkdirSync(options.outDir, { recursive: true });
  writeFileSync(join(options.outDir, 'feeds.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(options.outDir, 'feeds.md'), feedMarkdown(report));
  return report;
}
