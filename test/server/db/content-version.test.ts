/**
 * The content version (server/db/content-version.ts) covers every table the cached answers are
 * made of. Structural: every table of the schema is declared, each content table carries the
 * triggers that move the version, and the tables that the event presenter, the listing, the
 * feeds and the public pages actually read during a test (every statement they run, recorded)
 * are all covered. Behavioural: a write by another connection (another server process) is seen
 * at once, settings included.
 */
import type { Statement } from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  contentVersionTriggers,
  CONTENT_TABLES,
  DERIVED_TABLES,
  OTHER_TABLES,
} from '../../../server/db/content-version.js';
import { openDatabase, type Db } from '../../../server/db/open.js';
import { createEvent, createId } from '../../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

const NS = '/api/calendar/events/v1';

const opened: Db[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  while (opened.length > 0) opened.pop()!.close();
});

/** Tables of the schema, FTS5's own shadow tables left out (they belong to their virtual table). */
function schemaTables(db: Db): string[] {
  const all = db
    .prepare<[], { name: string; sql: string }>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    )
    .all();
  const virtual = all.filter((t) => /CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name);
  const shadow = (name: string) =>
    virtual.some(
      (v) =>
        /^_(data|idx|content|docsize|config)$/.test(name.slice(v.length)) && name.startsWith(v),
    );
  return all.map((t) => t.name).filter((name) => !shadow(name));
}

/** The SQL of every statement run while `work` runs. */
async function statementsOf(server: TestServer, work: () => Promise<unknown>): Promise<string[]> {
  const proto = Object.getPrototypeOf(server.db.prepare('SELECT 1')) as Statement;
  const methods = ['all', 'get', 'run', 'iterate'] as const;
  const originals = methods.map((name) => proto[name]);
  const sources: string[] = [];
  methods.forEach((name, i) => {
    const original = originals[i] as (...args: unknown[]) => unknown;
    (proto as unknown as Record<string, unknown>)[name] = function (
      this: Statement,
      ...args: unknown[]
    ) {
      sources.push(this.source);
      return original.apply(this, args);
    };
  });
  try {
    await work();
  } finally {
    methods.forEach((name, i) => {
      (proto as unknown as Record<string, unknown>)[name] = originals[i];
    });
  }
  return sources;
}

/**
 * What a cache keyed by the version may read: covered tables, and the version itself. The sign-in
 * throttle's counts are read too, by the authentication of the request before any answer is
 * made, and no answer holds them.
 */
const covered = new Set<string>([
  ...CONTENT_TABLES,
  ...Object.keys(DERIVED_TABLES),
  'content_version',
  'limit_counters',
]);

describe('the content version', () => {
  it('has every table of the schema declared once, and triggers on every content table', async () => {
    const server = await startTestServer();
    const db = server.db;
    const declared = [
      ...CONTENT_TABLES,
      ...Object.keys(DERIVED_TABLES),
      ...Object.keys(OTHER_TABLES),
    ];
    expect(new Set(declared).size, 'a table declared twice').toBe(declared.length);
    // A table missing here: add it to CONTENT_TABLES if any answer shows its rows, else to
    // DERIVED_TABLES or OTHER_TABLES with the reason (server/db/content-version.ts).
    expect(schemaTables(db).sort()).toEqual([...declared].sort());
    const installed = db
      .prepare<[], { name: string; sql: string }>(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'content_version_%'",
      )
      .all();
    expect(new Map(installed.map((t) => [t.name, t.sql]))).toEqual(contentVersionTriggers());
  });

  it('covers every table the presenter, the listing, the feeds and the pages read', async () => {
    vi.stubEnv('ALMANAC_ANSWER_CACHE', 'off');
    const server = await startTestServer();
    const image = await server.call('POST', '/api/calendar/admin/v1/media', {
      auth: server.admin,
      body: { url: 'https://images.example.org/poster.jpg' },
    });
    const venue = await createId(server, 'venues', { venue: 'Hall', address: '1 Main St' });
    const organizer = await createId(server, 'organizers', { organizer: 'Owls' });
    const event = await createEvent(server, {
      title: 'Concert',
      slug: 'concert',
      venue,
      organizer: [organizer],
      categories: ['Music'],
      tags: ['Loud'],
      image: image.body.id,
    });
    await createEvent(server, {
      title: 'Weekly',
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
      venue,
    });
    await createEvent(server, { title: 'Later', date: '2026-09-01 08:00:00' });
    const reads: Array<[string, string]> = [
      ['listing', `${NS}/events?per_page=50`],
      [
        'listing, filtered',
        `${NS}/events?categories=music&tags=loud&venue=${venue}&search=concert`,
      ],
      ['single', `${NS}/events/${event.id}`],
      ['venue', `${NS}/venues/${venue}`],
      ['organizers', `${NS}/organizers`],
      ['categories', `${NS}/categories`],
      ['feed', '/calendar.ics'],
      ['feed of one event', '/event/concert/ical/'],
      ['page', '/event/concert/'],
      ['calendar page', '/events/'],
      ['venue page', '/venue/hall/'],
    ];
    const tables = schemaTables(server.db);
    const read = new Map<string, string>();
    for (const [name, path] of reads) {
      const sources = await statementsOf(server, async () => {
        const res = await server.call('GET', path, { auth: server.admin });
        expect(res.status, `${name}: ${res.text.slice(0, 200)}`).toBe(200);
      });
      for (const source of sources)
        for (const table of tables)
          if (new RegExp(`\\b${table}\\b`).test(source) && !read.has(table)) read.set(table, name);
    }
    expect([...read.keys()]).toEqual(
      expect.arrayContaining(['events', 'venues', 'organizers', 'terms', 'media']),
    );
    const uncovered = [...read].filter(([table]) => !covered.has(table));
    expect(uncovered, 'tables read by cached answers that the version does not cover').toEqual([]);
  });

  it('sees a write by another process at once, settings included', async () => {
    const server = await startTestServer({ file: true });
    for (let i = 0; i < 3; i++) await createEvent(server, { title: `Event ${i}` });
    const page = async () =>
      (await server.call('GET', `${NS}/events`)).json as { events: unknown[] };
    expect((await page()).events).toHaveLength(3);
    const other = openDatabase(server.dbPath, { migrate: false });
    opened.push(other);
    other
      .prepare(
        "INSERT INTO settings (key, value) VALUES ('per_page', '2') ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      )
      .run();
    expect((await page()).events).toHaveLength(2);
    other.prepare("UPDATE events SET title = 'Renamed' WHERE title = 'Event 0'").run();
    expect(JSON.stringify(await page())).toContain('Renamed');
  });
});
