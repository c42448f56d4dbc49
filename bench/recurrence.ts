/**
 * The recurrence benchmark (docs/api/recurrence.md, docs/benchmark.md): 500 weekly series of a
 * year each, starting over ten years (26,000 occurrences), among 100,000 single events, all made
 * by the real server through the API. It times the series' creation, the first listings of each
 * year ahead (occurrences are computed when read: nothing is made), listings (default window, a window years ahead, filtered,
 * one series), single reads of occurrences, the creation of a daily two-year series, and listings
 * of a calendar with as many endless daily series (default window, a deep page, 2000 to 9998).
 * Requests are sequential, one at a time, so each figure is one answer's latency; every listing
 * and read cycles through different windows, filters and ids so that remembered answers do not
 * stand in for the work.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { readFixture } from './fixture.js';
import type { BenchOptions } from './options.js';
import { spawnServer } from './processes.js';
import { seedDatabase } from './seed.js';
import { DAY_MS, wall } from './seed-data.js';
import {
  figure,
  recurrenceMarkdown,
  recurrenceTargets,
  round,
  WEEKS,
  type RecurrenceFigure,
  type RecurrenceReport,
} from './recurrence-report.js';

const NS = '/api/calendar/events/v1';
const YEAR_MS = 365 * DAY_MS;

interface Answer {
  ms: number;
  status: number;
  body: Record<string, unknown>;
}

async function timed(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  const ms = performance.now() - started;
  return {
    ms,
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

const day = (ms: number) => wall(ms).slice(0, 10);

/** A Monday-to-Sunday day code for BYDAY, from a UTC time. */
const weekday = (ms: number) =>
  ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][new Date(ms).getUTCDay()]!;

export async function runRecurrenceBench(
  options: BenchOptions,
  log: (line: string) => void,
): Promise<RecurrenceReport> {
  const loadAtStart = loadavg()[0]!;
  const events = options.quick ? 300 : options.events;
  const seriesCount = options.quick ? 20 : 500;
  const samples = options.quick ? 3 : 30;
  const dailySamples = options.quick ? 2 : 10;
  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, `recurrence-${events}.db`);
  log(`Recurrence: seeding ${events.toLocaleString('en')} events…`);
  await seedDatabase({ file, events, adminPassword: options.adminPassword });
  const fx = readFixture(file, 200);
  const server = await spawnServer({
    db: file,
    adminPassword: options.adminPassword,
    noAnswerCache: !options.answers.includes('on'),
  });
  const auth = `Basic ${Buffer.from(`admin:${options.adminPassword}`).toString('base64')}`;
  const write = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const url = (path: string) => `${server.url}${NS}/${path}`;
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const figures: RecurrenceFigure[] = [];
  let occurrences: number;
  try {
    // 1. The series: first starts from 360 days ago to nine years ahead, one year each.
    const seriesIds: number[] = [];
    const created: number[] = [];
    let ok = true;
    let cpu = server.cpuMs();
    for (let i = 0; i < seriesCount; i++) {
      const start =
        today - 360 * DAY_MS + Math.floor((i * 9 * YEAR_MS) / seriesCount) + 19 * 3_600_000;
      const answer = await timed(
        url('events'),
        write({
          title: `Weekly club ${i + 1}`,
          start_date: wall(start),
          end_date: wall(start + 2 * 3_600_000),
          timezone: 'Europe/Paris',
          categories: [fx.categoryIds[i % fx.categoryIds.length]!],
          venue: fx.venueIds[i % fx.venueIds.length]!,
          recurrence: [`RRULE:FREQ=WEEKLY;COUNT=${WEEKS};BYDAY=${weekday(start)}`],
        }),
      );
      ok &&= answer.status === 201;
      created.push(answer.ms);
      seriesIds.push(Number(answer.body.id));
    }
    figures.push(
      figure(
        'series.create.weekly',
        'POST /events, weekly series (52)',
        created,
        ok,
        server.cpuMs() - cpu,
      ),
    );
    log(`  ${seriesCount} weekly series created`);

    // 2. Each year ahead, listed a first time (computed, as every listing).
    const extend: number[] = [];
    ok = true;
    cpu = server.cpuMs();
    for (let year = 0; year < 11; year++) {
      const from = today + year * YEAR_MS;
      const answer = await timed(
        url(`events?per_page=1&start_date=${day(from)}&end_date=${day(from + YEAR_MS)}`),
      );
      ok &&= answer.status === 200;
      extend.push(answer.ms);
    }
    figures.push(
      figure(
        'list.extend',
        'GET /events, a year ahead first listed',
        extend,
        ok,
        server.cpuMs() - cpu,
      ),
    );
    // Occurrences are computed when read (docs/architecture.md, "Recurrence model"): each
    // series' are counted, and some of their ids taken, through the API.
    occurrences = 0;
    const occurrenceIds: number[] = [];
    const everything = `start_date=2000-01-01&end_date=${day(today + 11 * YEAR_MS)}`;
    for (const id of seriesIds) {
      const answer = await timed(url(`events?${everything}&per_page=50&post_parent=${id}`));
      occurrences += 1 + Number(answer.body.total ?? 0);
      const events = (answer.body.events ?? []) as { id: number }[];
      if (occurrenceIds.length < 500) occurrenceIds.push(...events.slice(1, 3).map((e) => e.id));
    }
    log(`  ${occurrences.toLocaleString('en')} occurrences`);

    // 3. Reads, each request different from the one before. Without end_date a listing ends
    // 24 months ahead: "all dates" needs both ends.
    const allDates = `start_date=2000-01-01&end_date=${day(today + 10 * YEAR_MS)}`;
    const reads: Array<[string, string, (i: number) => string]> = [
      [
        'list.default',
        'GET /events (default window, pages 1–5)',
        (i) => `events?page=${(i % 5) + 1}`,
      ],
      [
        'list.ahead',
        'GET /events, a month 3 to 8 years ahead',
        (i) => {
          const from = today + 3 * YEAR_MS + (i % 60) * 30 * DAY_MS;
          return `events?start_date=${day(from)}&end_date=${day(from + 30 * DAY_MS)}`;
        },
      ],
      [
        'list.filtered',
        'GET /events?categories=&venue= (all dates)',
        (i) =>
          `events?${allDates}&categories=${fx.categoryIds[i % fx.categoryIds.length]}&venue=${fx.venueIds[i % fx.venueIds.length]}`,
      ],
      [
        'list.series',
        'GET /events?post_parent=<series> (all dates)',
        (i) => `events?${allDates}&per_page=50&post_parent=${seriesIds[i % seriesIds.length]}`,
      ],
      [
        'get.occurrence',
        'GET /events/<occurrence id>',
        (i) => `events/${occurrenceIds[i % occurrenceIds.length]}`,
      ],
    ];
    for (const [name, label, path] of reads) {
      const times: number[] = [];
      ok = true;
      cpu = server.cpuMs();
      for (let i = 0; i < samples; i++) {
        const answer = await timed(url(path(i)));
        // A series' listing that found nothing would measure nothing: it must hold the others.
        ok &&= answer.status === 200 && (name !== 'list.series' || answer.body.total === WEEKS - 1);
        times.push(answer.ms);
      }
      figures.push(figure(name, label, times, ok, server.cpuMs() - cpu));
    }

    // 4. A daily series over two years from tomorrow: 731 events in one request.
    const daily: number[] = [];
    ok = true;
    cpu = server.cpuMs();
    for (let i = 0; i < dailySamples; i++) {
      const start = today + DAY_MS + 9 * 3_600_000 + i * 60_000;
      const answer = await timed(
        url('events'),
        write({
          title: `Daily stand-up ${i + 1}`,
          start_date: wall(start),
          end_date: wall(start + 15 * 60_000),
          timezone: 'UTC',
          recurrence: [`RRULE:FREQ=DAILY;UNTIL=${day(start + 2 * YEAR_MS).replaceAll('-', '')}`],
        }),
      );
      ok &&= answer.status === 201;
      daily.push(answer.ms);
    }
    figures.push(
      figure(
        'series.create.daily',
        'POST /events, daily series over two years',
        daily,
        ok,
        server.cpuMs() - cpu,
      ),
    );

    // 5. Endless daily series, as many as the weekly ones: a listing counts their occurrences
    // and makes only its page's rows (docs/architecture.md, "Recurrence model").
    for (let i = 0; i < seriesCount; i++) {
      const start = today - 30 * DAY_MS + (i % 48) * 1_800_000;
      const answer = await timed(
        url('events'),
        write({
          title: `Endless daily ${i + 1}`,
          start_date: wall(start),
          end_date: wall(start + 3_600_000),
          timezone: 'Europe/Paris',
          recurrence: ['RRULE:FREQ=DAILY'],
        }),
      );
      if (answer.status !== 201) throw new Error(`daily series: ${answer.status}`);
    }
    log(`  ${seriesCount} endless daily series created`);
    // Every default window holds at least 731 days of each (anonymous readers, as anyone).
    const atLeast = seriesCount * 731;
    const lastPage = Math.floor(atLeast / 10);
    const endless: Array<
      [string, string, (i: number) => string, (body: Answer['body']) => boolean]
    > = [
      [
        'list.daily.default',
        `GET /events with ${seriesCount} endless daily series (default window, pages 1–5)`,
        (i) => `events?page=${(i % 5) + 1}`,
        (body) => Number(body.total) >= atLeast,
      ],
      [
        'list.daily.deep',
        `GET /events with ${seriesCount} endless daily series, a page deep in the default window`,
        (i) => `events?per_page=10&page=${lastPage - (i % 50)}`,
        (body) => (body.events as unknown[]).length === 10,
      ],
      [
        'list.daily.far',
        `GET /events with ${seriesCount} endless daily series, 2000 to 9998, a middle page`,
        (i) => `events?start_date=2000-01-01&end_date=9998-12-31&page=${100_000 + i}`,
        (body) => (body.events as unknown[]).length > 0,
      ],
    ];
    for (const [name, label, path, check] of endless) {
      const times: number[] = [];
      ok = true;
      cpu = server.cpuMs();
      for (let i = 0; i < samples; i++) {
        const answer = await timed(url(path(i)));
        ok &&= answer.status === 200 && check(answer.body);
        times.push(answer.ms);
      }
      figures.push(figure(name, label, times, ok, server.cpuMs() - cpu));
    }
  } finally {
    await server.stop();
  }
  const report: RecurrenceReport = {
    events,
    series: seriesCount,
    occurrences,
    figures,
    targets: recurrenceTargets(figures, seriesCount, occurrences),
    load: { start: round(loadAtStart), end: round(loadavg()[0]!) },
  };
  for (const f of figures) {
    log(
      `  ${f.label}: p50 ${f.p50} ms, p95 ${f.p95} ms, max ${f.max} ms, cpu ${f.cpuMs} ms/req (${f.samples})`,
    );
  }
  return report;
}

/** Runs the recurrence benchmark and writes recurrence.json and recurrence.md. */
export async function benchRecurrence(options: BenchOptions, log: (line: string) => void) {
  const report = await runRecurrenceBench(options, log);
  mkdirSync(options.outDir, { recursive: true });
  writeFileSync(join(options.outDir, 'recurrence.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(options.outDir, 'recurrence.md'), recurrenceMarkdown(report));
  return report;
}
