/**
 * Reads never write (docs/contract/extensions.md §E1 revised). Every GET and HEAD of the API
 * snapshot's requests (api-requests.ts), the calendar feeds and the public pages is replayed
 * against a database file that a read-only connection watches: SQLite's data_version (moved by
 * every commit of another connection) and the size and modification time of the database file
 * and its WAL must be the same after each read as before it. WAL checkpoints are off in this
 * server: they change the file without changing the data. One write is the defence's, not the
 * read's: a request with wrong credentials is counted in `limit_counters`, so that the sign-in
 * throttle holds for every process (docs/reliability.md). Such a count commits on its own, a
 * moment after the refused request, so when the file moved the contents of every other table are
 * compared: they must be the same, and the counters may only hold sign-in counts. Then the clock passes a scheduled
 * event's publication date: reads show it published at once and still write nothing, and the
 * background job stores it.
 */
import Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import type { Answer, Caller } from './api-recorder.js';
import { scenario } from './api-requests.js';
import { FROZEN_AT } from './api-recorder.js';

const NS = '/api/calendar/events/v1';

function fileState(path: string): string {
  try {
    const stat = statSync(path);
    return `${stat.size}@${stat.mtimeMs}`;
  } catch {
    return 'absent';
  }
}

/** The table the sign-in throttle counts refused credentials in (storage/limits.ts). */
const THROTTLE_TABLE = 'limit_counters';

/** What a write to the database would change, seen from outside the server. */
function watch(file: string) {
  const watcher = new Database(file, { readonly: true, fileMustExist: true });
  const dataVersion = watcher.prepare<[], number>('PRAGMA data_version').pluck();
  const tables = () =>
    watcher
      .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all();
  return {
    state: () =>
      JSON.stringify({
        data_version: dataVersion.get(),
        db: fileState(file),
        wal: fileState(`${file}-wal`),
      }),
    /** Every table's rows but the throttle's, and the throttle's keys that are not sign-ins. */
    contents: () =>
      JSON.stringify({
        tables: tables()
          .filter((name) => name !== THROTTLE_TABLE)
          .map((name) => [name, watcher.prepare(`SELECT * FROM "${name}"`).raw().all()]),
        otherLimits: watcher
          .prepare(`SELECT * FROM ${THROTTLE_TABLE} WHERE key NOT LIKE 'signin %'`)
          .raw()
          .all(),
      }),
    close: () => watcher.close(),
  };
}

const closers: Array<() => void> = [];
afterEach(() => {
  while (closers.length > 0) closers.pop()!();
});

/** Calls the server; each GET or HEAD that changed the file is added to `writes`. */
function watchingCaller(server: TestServer, writes: string[], reads: string[]): Caller {
  const watcher = watch(server.dbPath);
  closers.push(watcher.close);
  return async (name, method, path, options = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.auth) headers.authorization = options.auth;
    let body: Uint8Array<ArrayBuffer> | string | undefined;
    if (options.raw !== undefined)
      body = typeof options.raw === 'string' ? options.raw : Uint8Array.from(options.raw);
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const reading = method === 'GET' || method === 'HEAD';
    const before = watcher.state();
    const contentsBefore = reading ? watcher.contents() : '';
    const response = await fetch(new URL(path, server.url), { method, headers, body });
    const text = await response.text();
    if (reading) {
      reads.push(name);
      const after = watcher.state();
      if (after !== before && watcher.contents() !== contentsBefore)
        writes.push(`${name} (${method} ${path}): ${before} → ${after}`);
    }
    let json: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
        json = parsed as Record<string, unknown>;
    } catch {
      // Not JSON: pages, feeds, files.
    }
    const out: Record<string, string> = {};
    response.headers.forEach((value, key) => (out[key] = value));
    return { status: response.status, headers: out, text, json };
  };
}

/** Reads of the feeds and public pages besides the snapshot's. */
const FEEDS_AND_PAGES: Array<[string, string]> = [
  ['feed', '/calendar.ics'],
  ['feed with a window', '/calendar.ics?start_date=2026-01-01&end_date=2027-12-31'],
  ['feed by category', '/calendar.ics?categories=music'],
  ['feed search', '/calendar.ics?search=concert'],
  ['feed alias', '/events/?ical=1'],
  ['feed of one event', '/event/summer-concert/ical/'],
  ['feed of one event, alias', '/event/summer-concert/?ical=1'],
  ['page: calendar', '/events/'],
  ['page: month', '/events/?view=month&month=2026-07'],
  ['page: search', '/events/?search=concert'],
  ['page: venue', '/venue/grand-hall/'],
  ['page: organizer', '/organizer/night-owls/'],
];

describe('reads never write', () => {
  it('leaves the database file unchanged on every GET and HEAD', async () => {
    const clock = fixedClock(FROZEN_AT);
    const server = await startTestServer({ file: true, clock, start: { checkpoints: false } });
    const writes: string[] = [];
    const reads: string[] = [];
    const call = watchingCaller(server, writes, reads);
    await scenario(call);
    await call('series: endless daily', 'POST', `${NS}/events`, {
      auth: server.admin,
      body: {
        title: 'Daily',
        start_date: '2026-12-01 10:00',
        end_date: '2026-12-01 11:00',
        recurrence: ['RRULE:FREQ=DAILY'],
      },
    });
    await call(
      'series: twenty years',
      'GET',
      `${NS}/events?start_date=2030-01-01&end_date=2049-12-31`,
    );
    await call(
      'series: far feed',
      'GET',
      '/calendar.ics?start_date=2040-01-01&end_date=2041-12-31',
    );
    for (const [name, path] of FEEDS_AND_PAGES) {
      const first = await call(`${name}`, 'GET', path);
      const etag = first.headers.etag;
      if (etag)
        await call(`${name}, conditional`, 'GET', path, { headers: { 'if-none-match': etag } });
      await call(`${name}, head`, 'HEAD', path);
    }
    expect(reads.length).toBeGreaterThan(150);
    expect(writes).toEqual([]);
  }, 120_000);

  it('shows a due scheduled event published at once, and a job stores it', async () => {
    const clock = fixedClock('2026-06-15T12:00:00Z');
    const server = await startTestServer({ file: true, clock, start: { checkpoints: false } });
    const writes: string[] = [];
    const reads: string[] = [];
    const call = watchingCaller(server, writes, reads);
    const created = await call('create', 'POST', `${NS}/events`, {
      auth: server.admin,
      body: {
        title: 'Autumn gala',
        slug: 'autumn-gala',
        start_date: '2026-10-01 19:00:00',
        end_date: '2026-10-01 23:00:00',
        date: '2026-09-01 08:00:00',
        status: 'publish',
      },
    });
    expect(created.json.status).toBe('future');
    const id = Number(created.json.id);
    const listing = `${NS}/events?start_date=2026-09-01&end_date=2026-12-31`;
    const before = await call('listing before', 'GET', listing);
    expect(before.json.total).toBe(0);

    clock.set('2026-09-01T08:00:01Z');
    const single = await call('single', 'GET', `${NS}/events/${id}`);
    expect(single.json).toMatchObject({
      status: 'publish',
      url: expect.stringMatching(/\/event\/autumn-gala\/$/),
    });
    const listed = await call('listing', 'GET', listing);
    expect(listed.json.total).toBe(1);
    const drafts = await call('future only', 'GET', `${NS}/events?status=future`, {
      auth: server.admin,
    });
    expect(drafts.json.total).toBe(0);
    const page = await call('page', 'GET', '/event/autumn-gala/');
    expect(page.text).toContain('Autumn gala');
    const feed = await call('feed', 'GET', '/calendar.ics');
    expect(feed.text).toContain('SUMMARY:Autumn gala');
    expect(writes).toEqual([]);

    const watcher = watch(server.dbPath);
    closers.push(watcher.close);
    const unchanged = watcher.state();
    expect(await server.services.events.publisher.runOnce()).toBe(1);
    expect(watcher.state()).not.toBe(unchanged);
    expect(await server.services.events.publisher.runOnce()).toBe(0);
    const stored = await call('listing after the job', 'GET', listing);
    expect(stored.text).toBe(listed.text);
    expect(writes).toEqual([]);
  });
});
