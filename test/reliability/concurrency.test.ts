/**
 * Concurrency (issue 9, item 2): many writers and readers at once against the real server run
 * with several worker processes on one database file (`--workers`, server/cluster.ts). Every
 * answer is a success or a 4xx in the error shape (no 5xx, no SQLITE_BUSY reaching anyone),
 * creates racing on the same title get distinct slugs, creates racing on the same unique value
 * produce exactly one object, and updates of different fields of one object all survive.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import {
  ADMIN_API,
  EVENTS_API,
  REPO,
  derivedDataProblems,
  openSide,
  rawRequest,
  shapeProblem,
  spawnServer,
  tempDir,
  type RawOptions,
  type RawResponse,
  type SpawnedServer,
} from '../helpers/reliability.js';
import { seedWorld, type World } from '../helpers/reliability-fixtures.js';

const CLUSTER = existsSync(join(REPO, 'server/cluster.ts'));
const WORKERS = CLUSTER ? 2 : 1;
const MERGE_ROUNDS = Number(process.env.ALMANAC_MERGE_ROUNDS ?? 5);
const MERGE_VENUES = process.env.ALMANAC_MERGE_VENUES !== '0';

let dir: { dir: string; cleanup(): void };
let server: SpawnedServer;
let world: World;
let side: Database.Database;
/** The answers of the running test. */
const answers: RawResponse[] = [];

beforeAll(async () => {
  dir = tempDir();
  const db = join(dir.dir, 'concurrency.db');
  server = await spawnServer({
    db,
    env: { ALMANAC_WORKERS: String(WORKERS), ALMANAC_LOG_LEVEL: 'error' },
    startTimeoutMs: 60_000,
  });
  world = await seedWorld(server.url);
  side = openSide(db);
}, 120_000);

afterAll(async () => {
  side?.close();
  await server?.kill('SIGTERM');
  dir?.cleanup();
});

// Each test brings its own load; after each, the database and every answer are checked, so no
// test relies on another having run before it.
beforeEach(() => {
  answers.length = 0;
});

afterEach(() => {
  // Derived data (term counts, day counts, search index) equals a recomputation.
  expect(derivedDataProblems(side)).toEqual([]);
  // SQLITE_BUSY or another server error never reached a client or the log.
  expect(
    answers.filter((a) => a.status >= 500 || /SQLITE_|database is locked/i.test(a.text)),
  ).toEqual([]);
  expect(server.stderr()).not.toMatch(/SQLITE_BUSY|database is locked|unhandled error/);
});

/** A request whose answer is checked for the error shape and kept for the final checks. */
async function call(method: string, path: string, options: RawOptions = {}): Promise<RawResponse> {
  const res = await rawRequest(server.url, method, path, {
    auth: world.admin.auth,
    timeoutMs: 30_000,
    ...options,
  });
  answers.push(res);
  const problem = shapeProblem(res);
  if (problem) throw new Error(`${method} ${path}: ${problem}`);
  return res;
}

/** Runs `count` calls of `fn` with at most `width` in flight. */
async function parallel<T>(
  count: number,
  width: number,
  fn: (i: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await fn(i);
      }
    }),
  );
  return results;
}

const event = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  start_date: '2026-09-01 10:00:00',
  end_date: '2026-09-01 11:00:00',
  status: 'publish',
  ...extra,
});

describe(`concurrent clients on ${WORKERS} server process(es) sharing one database`, () => {
  it('answers a mixed read/write load without a 5xx', async () => {
    const created: number[] = [];
    await parallel(160, 24, async (i) => {
      switch (i % 8) {
        case 0:
        case 1: {
          const res = await call('POST', `${EVENTS_API}/events`, {
            json: event(`Load ${i}`, {
              venue: world.venues[0],
              organizer: world.organizers,
              categories: world.categories,
              tags: [world.tags[0], `load-tag-${i % 5}`],
            }),
          });
          expect(res.status).toBe(201);
          created.push(res.body.id as number);
          return;
        }
        case 2: {
          const id = created[i % Math.max(created.length, 1)] ?? world.events[0];
          const res = await call('PATCH', `${EVENTS_API}/events/${id}`, {
            json: { excerpt: `edit ${i}`, tags: [`load-tag-${i % 7}`] },
          });
          expect([200, 410]).toContain(res.status);
          return;
        }
        case 3:
          expect(
            (await call('GET', `${EVENTS_API}/events?per_page=20`, { auth: undefined })).status,
          ).toBe(200);
          return;
        case 4:
          expect((await call('GET', `${EVENTS_API}/categories?hide_empty=0`)).status).toBe(200);
          return;
        case 5: {
          const res = await call('POST', `${EVENTS_API}/tags`, {
            json: { name: `racing tag ${i % 4}` },
          });
          expect([201, 400]).toContain(res.status);
          return;
        }
        case 6: {
          const id = created[(i * 3) % Math.max(created.length, 1)];
          if (id === undefined) return;
          const res = await call('DELETE', `${EVENTS_API}/events/${id}`);
          expect([200, 410]).toContain(res.status);
          return;
        }
        default:
          expect((await call('GET', `${EVENTS_API}/events/${world.events[0]}`)).status).toBe(200);
      }
    });
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
  }, 120_000);

  it('gives events created at once with one title distinct slugs', async () => {
    const results = await parallel(30, 30, () =>
      call('POST', `${EVENTS_API}/events`, { json: event('Same Title') }),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 201));
    const slugs = results.map((r) => r.body.slug as string);
    expect(new Set(slugs).size).toBe(30);
    const stored = side
      .prepare(
        "SELECT slug, count(*) AS n FROM events WHERE slug LIKE 'same-title%' GROUP BY slug HAVING n > 1",
      )
      .all();
    expect(stored).toEqual([]);
  }, 60_000);

  it('makes one venue, organizer, category, tag or user out of racing identical creates', async () => {
    const venues = await parallel(20, 20, () =>
      call('POST', `${EVENTS_API}/venues`, { json: { venue: 'Racing Hall', city: 'Nantes' } }),
    );
    expect(venues.map((r) => r.status)).toEqual(venues.map(() => 201));
    expect(new Set(venues.map((r) => r.body.id)).size).toBe(1);

    const organizers = await parallel(20, 20, () =>
      call('POST', `${EVENTS_API}/organizers`, { json: { organizer: 'Racing Org', phone: '123' } }),
    );
    expect(organizers.map((r) => r.status)).toEqual(organizers.map(() => 201));
    expect(new Set(organizers.map((r) => r.body.id)).size).toBe(1);

    for (const path of ['categories', 'tags']) {
      const terms = await parallel(20, 20, () =>
        call('POST', `${EVENTS_API}/${path}`, { json: { name: `Racing ${path}` } }),
      );
      expect(terms.filter((r) => r.status === 201)).toHaveLength(1);
      expect(terms.filter((r) => r.status !== 201).map((r) => r.body.code)).toEqual(
        terms.filter((r) => r.status !== 201).map(() => 'term_exists'),
      );
    }

    const users = await parallel(12, 12, () =>
      call('POST', `${ADMIN_API}/users`, {
        json: { login: 'racer', password: 'racer-password', role: 'author' },
      }),
    );
    expect(users.filter((r) => r.status === 201)).toHaveLength(1);
    expect(users.filter((r) => r.status !== 201).every((r) => r.status === 400)).toBe(true);
  }, 60_000);

  it('keeps every field when different fields of one object are updated at once', async () => {
    const created = await call('POST', `${EVENTS_API}/events`, { json: event('Merge me') });
    const id = created.body.id as number;
    const venue = world.venues[0]!;
    const user = world.users.editor.id;
    for (let round = 1; round <= MERGE_ROUNDS; round++) {
      const flag = round % 2 === 0;
      const eventFields: Record<string, unknown> = {
        title: `Merged ${round}`,
        excerpt: `Excerpt ${round}`,
        website: `https://r${round}.example.org`,
        cost: String(round),
        featured: flag,
        sticky: !flag,
        show_map: flag,
        show_map_link: !flag,
        venue: world.venues[round % world.venues.length],
        organizer: [world.organizers[round % world.organizers.length]],
        categories: [world.categories[round % world.categories.length]],
        tags: [world.tags[round % world.tags.length]],
      };
      const venueFields: Record<string, string> = {
        address: `${round} Quay`,
        city: `City ${round}`,
        zip: `${10_000 + round}`,
        phone: `01 ${round}`,
        website: `https://v${round}.example.org`,
      };
      const userFields = { email: `r${round}@example.org`, display_name: `Name ${round}` };
      const writes = [
        ...Object.entries(eventFields).map(([k, v]) => [`${EVENTS_API}/events/${id}`, k, v]),
        ...(MERGE_VENUES
          ? Object.entries(venueFields).map(([k, v]) => [`${EVENTS_API}/venues/${venue}`, k, v])
          : []),
        ...Object.entries(userFields).map(([k, v]) => [`${ADMIN_API}/users/${user}`, k, v]),
      ] as Array<[string, string, unknown]>;
      await parallel(writes.length, writes.length, (i) => {
        const [path, key, value] = writes[i]!;
        return call('PATCH', path, { json: { [key]: value } });
      });

      const after = (await call('GET', `${EVENTS_API}/events/${id}`)).body;
      expect(after, `event, round ${round}`).toMatchObject({
        title: eventFields.title,
        website: eventFields.website,
        featured: flag,
        sticky: !flag,
        show_map: flag,
        show_map_link: !flag,
      });
      expect(String(after.excerpt)).toContain(`Excerpt ${round}`);
      expect(String(after.cost)).toContain(String(round));
      expect((after.venue as { id: number }).id).toBe(eventFields.venue);
      expect((after.organizer as Array<{ id: number }>).map((o) => o.id)).toEqual(
        eventFields.organizer,
      );
      expect((after.categories as Array<{ id: number }>).map((c) => c.id)).toEqual(
        eventFields.categories,
      );
      expect((after.tags as Array<{ id: number }>).map((t) => t.id)).toEqual(eventFields.tags);
      if (MERGE_VENUES) {
        const stored = (await call('GET', `${EVENTS_API}/venues/${venue}`)).body;
        expect(stored, `venue, round ${round}`).toMatchObject(venueFields);
      }
      expect(
        (await call('GET', `${ADMIN_API}/users/${user}`)).body,
        `user, round ${round}`,
      ).toMatchObject(userFields);
    }
  }, 120_000);

  it('shows every acknowledged write to the very next read, whichever process answers', async () => {
    const created = await call('POST', `${EVENTS_API}/events`, { json: event('Fresh reads') });
    const id = created.body.id as number;
    for (let i = 0; i < 20; i++) {
      await call('PATCH', `${EVENTS_API}/events/${id}`, { json: { title: `Version ${i}` } });
      const [single, listing] = await Promise.all([
        call('GET', `${EVENTS_API}/events/${id}`, { auth: undefined }),
        call('GET', `${EVENTS_API}/events?per_page=50&search=Version&start_date=2026-01-01`, {
          auth: undefined,
        }),
      ]);
      expect(single.body.title, `single read ${i}`).toBe(`Version ${i}`);
      const titles = (listing.body.events as Array<{ id: number; title: string }>).filter(
        (e) => e.id === id,
      );
      expect(
        titles.map((e) => e.title),
        `listing ${i}`,
      ).toEqual([`Version ${i}`]);
    }
  }, 60_000);
});
