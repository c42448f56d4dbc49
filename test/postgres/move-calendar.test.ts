/**
 * `almanac migrate` (server/migrate): a calendar seeded over HTTP on SQLite moves to PostgreSQL
 * and back to SQLite, and a server started on the result answers every read of the API
 * snapshot's scenario, the series, the sync feed and the admin screens exactly as the original
 * did; credentials and application passwords still sign in, and a sync token from before the
 * move answers 410.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { testConfig } from '../../server/config.js';
import { fixedClock } from '../../server/clock.js';
import { start, type RunningServer } from '../../server/start.js';
import { DatabaseTooNewError, loadMigrations } from '../../server/db/migrate.js';
import { openDatabase } from '../../server/db/open.js';
import { moveCalendar } from '../../server/migrate/command.js';
import { MoveRefused } from '../../server/migrate/copy.js';
import { COPIED_TABLES } from '../../server/migrate/tables.js';
import { createClient } from '../../server/storage/postgres/pool.js';
import { ADMIN_LOGIN, ADMIN_PASSWORD, scenario } from '../snapshots/api-requests.js';
import { FROZEN_AT, type Answer, type Caller } from '../snapshots/api-recorder.js';
import { createTestDatabase, type TestDatabase } from '../helpers/pg-database.js';

const NS = '/api/calendar/events/v1';
const ADMIN_NS = '/api/calendar/admin/v1';
const CHANGES = '/api/calendar/sync/v1/changes';
const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
const ADMIN = basic(ADMIN_LOGIN, ADMIN_PASSWORD);

const root = mkdtempSync(join(tmpdir(), 'almanac-move-'));
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
  rmSync(root, { recursive: true, force: true });
});

function startOn(dir: string): Promise<RunningServer> {
  return start(
    testConfig({
      adminUser: ADMIN_LOGIN,
      adminPassword: ADMIN_PASSWORD,
      dataDir: dir,
      dbPath: join(dir, 'almanac.db'),
      mediaDir: join(dir, 'media'),
    }),
    { clock: fixedClock(FROZEN_AT), auth: { failureDelayMs: () => 1 } },
  );
}

interface Read {
  name: string;
  method: string;
  path: string;
  headers: Record<string, string>;
}

async function send(
  server: RunningServer,
  method: string,
  path: string,
  headers = {},
  body?: string,
) {
  const res = await fetch(new URL(path, server.url), { method, headers, body });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** A caller for the snapshot's scenario that also notes every read it makes. */
function recordingCaller(server: RunningServer, reads: Read[]): Caller {
  return async (name, method, path, options = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.auth) headers.authorization = options.auth;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw.toString('latin1');
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    if (method === 'GET' || method === 'HEAD') reads.push({ name, method, path, headers });
    const res =
      options.raw !== undefined
        ? await fetch(new URL(path, server.url), {
            method,
            headers,
            body: Buffer.from(options.raw),
          }).then(async (r) => ({
            status: r.status,
            type: r.headers.get('content-type'),
            text: await r.text(),
          }))
        : await send(server, method, path, headers, body);
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(res.text) as Record<string, unknown>;
    } catch {
      // Not JSON: a page or a file.
    }
    return { status: res.status, headers: {}, text: res.text, json };
  };
}

/** Every read's status, type and body, the port and the sync epoch written as placeholders. */
async function crawl(server: RunningServer, reads: Read[], epoch: string) {
  const out: Record<string, { status: number; type: string | null; body: string }> = {};
  for (const read of reads) {
    const res = await send(server, read.method, read.path, read.headers);
    out[`${read.name} ${read.method} ${read.path}`] = {
      status: res.status,
      type: res.type,
      body: res.text
        .replaceAll(`127.0.0.1:${server.port}`, '127.0.0.1:PORT')
        .replaceAll(`${epoch}-`, 'EPOCH-'),
    };
  }
  return out;
}

async function epochOf(server: RunningServer): Promise<{ epoch: string; token: string }> {
  const res = await send(server, 'GET', `${CHANGES}?per_page=200`, { authorization: ADMIN });
  const token = (JSON.parse(res.text) as { next_sync_token: string }).next_sync_token;
  return { epoch: token.split('-')[0]!, token };
}

function sqliteCounts(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true });
  try {
    return Object.fromEntries(
      COPIED_TABLES.map((t) => [
        t,
        db.prepare<[], number>(`SELECT count(*) FROM ${t}`).pluck().get()!,
      ]),
    );
  } finally {
    db.close();
  }
}

async function postgresCounts(url: string): Promise<Record<string, number>> {
  const client = createClient(url);
  await client.connect();
  try {
    const out: Record<string, number> = {};
    for (const t of COPIED_TABLES)
      out[t] = (
        await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`)
      ).rows[0]!.n;
    return out;
  } finally {
    await client.end();
  }
}

// Seeding the snapshot's scenario, two moves and a crawl of each server take tens of seconds on
// a loaded machine; spawning the command line (tsx) takes several.
describe('almanac migrate', { timeout: 300_000 }, () => {
  it('moves a calendar SQLite → PostgreSQL → SQLite with every answer, credential and id kept', async () => {
    const a = join(root, 'a');
    const b = join(root, 'b');
    const reads: Read[] = [];
    const original = await startOn(a);
    let laptop: string;
    let oldToken: string;
    let before: Awaited<ReturnType<typeof crawl>>;
    try {
      await send(
        original,
        'PATCH',
        `${ADMIN_NS}/settings`,
        { authorization: ADMIN, 'content-type': 'application/json' },
        JSON.stringify({ timezone: 'UTC' }),
      );
      const call = recordingCaller(original, reads);
      await scenario(call);

      // A weekly series with one occurrence changed on its own.
      const series = await call('series: create', 'POST', `${NS}/events`, {
        auth: ADMIN,
        body: {
          title: 'Choir',
          start_date: '2026-06-16 19:00:00',
          end_date: '2026-06-16 21:00:00',
          timezone: 'Europe/Paris',
          recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=8'],
          status: 'publish',
        },
      });
      expect(series.status).toBe(201);
      const window = `${NS}/events?start_date=2026-06-01&end_date=2026-08-31&per_page=50&search=choir`;
      const listed = await call('series: listing', 'GET', window, { auth: ADMIN });
      const occurrences = listed.json.events as Array<{ id: number; start_date: string }>;
      expect(occurrences).toHaveLength(8);
      const moved = occurrences.find((o) => o.start_date.startsWith('2026-06-30'))!;
      const changed = await call(
        'series: change one',
        'PUT',
        `${NS}/events/${moved.id}?scope=this`,
        {
          auth: ADMIN,
          body: {
            title: 'Choir: dress rehearsal',
            start_date: '2026-07-01 19:00:00',
            end_date: '2026-07-01 21:00:00',
          },
        },
      );
      expect(changed.status, changed.text).toBe(200);
      reads.push(
        { name: 'series: anonymous listing', method: 'GET', path: window, headers: {} },
        {
          name: 'series: parent',
          method: 'GET',
          path: `${NS}/events/${series.json.id as number}`,
          headers: {},
        },
        { name: 'series: exception', method: 'GET', path: `${NS}/events/${moved.id}`, headers: {} },
        {
          name: 'sync: admin',
          method: 'GET',
          path: `${CHANGES}?per_page=200`,
          headers: { authorization: ADMIN },
        },
        { name: 'sync: anonymous', method: 'GET', path: `${CHANGES}?per_page=200`, headers: {} },
        { name: 'feed: calendar', method: 'GET', path: '/calendar.ics', headers: {} },
        {
          name: 'export',
          method: 'GET',
          path: `${ADMIN_NS}/export`,
          headers: { authorization: ADMIN },
        },
        {
          name: 'users: editor',
          method: 'GET',
          path: `${ADMIN_NS}/me`,
          headers: { authorization: basic('editor1', 'editor-password-1') },
        },
      );

      const password = await call(
        'app password',
        'POST',
        `${ADMIN_NS}/users/1/application-passwords`,
        {
          auth: ADMIN,
          body: { name: 'Laptop' },
        },
      );
      laptop = String(password.json.password);
      const sync = await epochOf(original);
      oldToken = sync.token;
      expect(
        (await send(original, 'GET', `${CHANGES}?sync_token=${oldToken}`, { authorization: ADMIN }))
          .status,
      ).toBe(200);
      before = await crawl(original, reads, sync.epoch);
    } finally {
      await original.close();
    }
    const files = readdirSync(join(a, 'media'));
    expect(files.length).toBeGreaterThan(0);
    // A link in the media folder is not followed out of it.
    const outside = join(root, 'outside.txt');
    writeFileSync(outside, 'not a media file');
    symlinkSync(outside, join(a, 'media', 'link.png'));

    // SQLite → PostgreSQL: every table's rows are there.
    const database = await createTestDatabase();
    databases.push(database);
    const there = await moveCalendar({
      from: join(a, 'almanac.db'),
      to: database.url,
      fromMedia: join(a, 'media'),
      toMedia: join(a, 'media'),
    });
    expect(there.derivedEqual).toBe(true);
    expect(there.media.same).toBe(true);
    for (const row of there.tables) expect(row.destination, row.table).toBe(row.source);
    const sourceCounts = sqliteCounts(join(a, 'almanac.db'));
    expect(await postgresCounts(database.url)).toEqual(sourceCounts);
    expect(sourceCounts.events).toBeGreaterThan(10);
    expect(sourceCounts.changes).toBeGreaterThan(10);

    // A destination holding a calendar is refused and left as it is.
    await expect(
      moveCalendar({
        from: join(a, 'almanac.db'),
        to: database.url,
        fromMedia: join(a, 'media'),
        toMedia: join(a, 'media'),
      }),
    ).rejects.toBeInstanceOf(MoveRefused);
    expect(await postgresCounts(database.url)).toEqual(sourceCounts);

    // PostgreSQL → SQLite, media into the new data folder.
    const back = await moveCalendar({
      from: database.url,
      to: join(b, 'almanac.db'),
      fromMedia: join(a, 'media'),
      toMedia: join(b, 'media'),
    });
    expect(back.derivedEqual).toBe(true);
    expect(back.media.copied).toBe(files.length);
    expect(readdirSync(join(b, 'media')).sort()).toEqual([...files].sort());
    expect(sqliteCounts(join(b, 'almanac.db'))).toEqual(sourceCounts);

    const result = await startOn(b);
    try {
      const after = await crawl(result, reads, back.epoch);
      expect(Object.keys(after)).toHaveLength(reads.length);
      expect(after).toEqual(before);
      const me = await send(result, 'GET', `${ADMIN_NS}/me`, {
        authorization: basic(ADMIN_LOGIN, laptop),
      });
      expect(me.status).toBe(200);
      expect(JSON.parse(me.text)).toMatchObject({ id: 1 });
      const stale = await send(result, 'GET', `${CHANGES}?sync_token=${oldToken}`, {
        authorization: ADMIN,
      });
      expect(stale.status).toBe(410);
      // A new event takes the next id and the change log goes on after the copied one.
      const next = await send(
        result,
        'POST',
        `${NS}/events`,
        { authorization: ADMIN, 'content-type': 'application/json' },
        JSON.stringify({
          title: 'After the move',
          start_date: '2026-09-01 10:00:00',
          end_date: '2026-09-01 11:00:00',
        }),
      );
      expect(next.status).toBe(201);
    } finally {
      await result.close();
    }
  });

  it('refuses a source written by a newer or an older Almanac, before opening the destination', async () => {
    const dir = join(root, 'newer');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'almanac.db');
    const db = openDatabase(file);
    db.pragma(`user_version = ${loadMigrations().length + 1}`);
    db.close();
    const target = join(root, 'never', 'almanac.db');
    await expect(
      moveCalendar({
        from: file,
        to: target,
        fromMedia: join(dir, 'media'),
        toMedia: join(root, 'never', 'media'),
      }),
    ).rejects.toBeInstanceOf(DatabaseTooNewError);
    expect(() => readdirSync(join(root, 'never'))).toThrow();

    const older = openDatabase(file, { migrate: false });
    older.pragma(`user_version = ${loadMigrations().length - 1}`);
    older.close();
    const refused = await moveCalendar({
      from: file,
      to: target,
      fromMedia: join(dir, 'media'),
      toMedia: join(root, 'never', 'media'),
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MoveRefused);
    expect((refused as Error).message).toContain('written by an older Almanac');
    expect(() => readdirSync(join(root, 'never'))).toThrow();
  });

  it('runs as `almanac migrate`: the data folder’s calendar by default, exit 2 on a refusal', async () => {
    const dir = join(root, 'cli');
    const server = await startOn(dir);
    await server.close();
    const database = await createTestDatabase();
    databases.push(database);
    const run = (args: string[]) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
          env: { ...process.env, ALMANAC_LOG_LEVEL: 'silent' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let err = '';
        child.stdout.on('data', (c: Buffer) => (out += c.toString()));
        child.stderr.on('data', (c: Buffer) => (err += c.toString()));
        child.on('exit', (code) => resolve({ code, out, err }));
      });

    const moved = await run(['migrate', '--data-dir', dir, '--to', database.url]);
    expect(moved.err).toBe('');
    expect(moved.code).toBe(0);
    expect(moved.out).toContain(`Moved the calendar from ${join(dir, 'almanac.db')} to`);
    expect(moved.out).toMatch(/^ {2}users +1 row$/m);
    expect(await postgresCounts(database.url)).toEqual(sqliteCounts(join(dir, 'almanac.db')));

    const again = await run(['migrate', '--data-dir', dir, '--to', database.url]);
    expect(again.code).toBe(2);
    expect(again.err).toContain('already holds a calendar');
    const missing = await run(['migrate', '--data-dir', dir]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--to is required');
  });
});
