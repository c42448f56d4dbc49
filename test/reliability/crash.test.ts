/**
 * Crash safety (issue 9, item 1). The real server process runs a write load (events with a
 * venue, organizers, categories and a mix of existing and brand-new tags; updates that replace
 * all of those links; users; categories) and is killed with SIGKILL at a random moment, several
 * times. After each restart:
 *   - every write that was acknowledged with a 2xx is there, complete;
 *   - every event is in exactly one state a request asked for (its create or one of its
 *     updates): never a mix of two, never links without the event or an event without links;
 *   - `PRAGMA integrity_check` and `foreign_key_check` pass, the full-text index matches the
 *     events, and every term's count is the number of published events that carry it.
 * ALMANAC_CRASH_ROUNDS sets the number of kills (CI: 3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import {
  ADMIN_API,
  EVENTS_API,
  basicAuth,
  cutOffByKill,
  derivedDataProblems,
  foreignKeyProblems,
  integrityCheck,
  openSide,
  rawRequest,
  sleep,
  spawnServer,
  tempDir,
  type SpawnedServer,
} from '../helpers/reliability.js';
import { seedWorld, type World } from '../helpers/reliability-fixtures.js';

const ROUNDS = Number(process.env.ALMANAC_CRASH_ROUNDS ?? 3);
const WORKERS = 6;

/** What an event looks like after a request: the fields this test compares. */
interface EventState {
  title: string;
  venue: number | null;
  organizers: number[];
  categories: number[];
  tags: string[];
}

interface Tracked {
  /** Every title of the event starts with this; it finds unacknowledged creates. */
  base: string;
  id?: number;
  /** The create, then each update, in the order they were sent. */
  states: EventState[];
  /** Index of the last state whose request was acknowledged; -1 for none. */
  acked: number;
}

interface Ledger {
  events: Tracked[];
  users: Array<{ login: string; password: string }>;
  categories: Array<{ id: number; name: string }>;
}

let dir: { dir: string; cleanup(): void };
let db: string;
let server: SpawnedServer | undefined;
let world: World;
const ledger: Ledger = { events: [], users: [], categories: [] };

beforeAll(async () => {
  dir = tempDir();
  db = join(dir.dir, 'crash.db');
  server = await spawnServer({ db });
  world = await seedWorld(server.url);
  // Two more venues and organizers so updates can move every link.
  for (const venue of ['Quay', 'Cellar'])
    world.venues.push(
      (await rawRequest(server.url, 'POST', `${EVENTS_API}/venues`, {
        auth: world.admin.auth,
        json: { venue },
      }).then((r) => r.body.id)) as number,
    );
  for (const organizer of ['Grace', 'Linus'])
    world.organizers.push(
      (await rawRequest(server.url, 'POST', `${EVENTS_API}/organizers`, {
        auth: world.admin.auth,
        json: { organizer },
      }).then((r) => r.body.id)) as number,
    );
}, 90_000);

afterAll(async () => {
  await server?.kill('SIGKILL');
  dir?.cleanup();
});

/** `n` items of the list, starting at a position the salt chooses. */
const rotate = <T>(list: T[], n: number, salt: number): T[] =>
  Array.from({ length: Math.min(n, list.length) }, (_, i) => list[(salt + i) % list.length]!);

const ascending = (list: number[]) => [...list].sort((a, b) => a - b);

function stateFor(base: string, n: number, salt: number): EventState {
  return {
    title: n === 0 ? base : `${base}u${n}`,
    venue: salt % 4 === 3 ? null : world.venues[salt % world.venues.length]!,
    organizers: ascending(rotate(world.organizers, 1 + (salt % 3), salt)),
    categories: ascending(rotate(world.categories, 1 + (salt % 2), salt)),
    tags: ['outdoor', `fresh-${base}${n}`].sort(),
  };
}

function payload(state: EventState, existingTag: number) {
  return {
    title: state.title,
    start_date: '2026-08-01 10:00:00',
    end_date: '2026-08-01 12:00:00',
    status: 'publish',
    venue: state.venue ?? 0,
    organizer: state.organizers,
    categories: state.categories,
    tags: [existingTag, state.tags.find((t) => t.startsWith('fresh-'))!],
  };
}

/** One client writing until the server goes away; returns when a request fails to connect. */
async function writer(base: string, worker: number, round: number, stop: () => boolean) {
  const auth = world.admin.auth;
  const existingTag = world.tags[0]!;
  for (let n = 0; !stop(); n++) {
    const kind = (n + worker) % 5;
    try {
      if (kind === 3) {
        const login = `crash${round}w${worker}n${n}`;
        const password = `${login}-password`;
        const res = await rawRequest(base, 'POST', `${ADMIN_API}/users`, {
          auth,
          json: { login, password, role: 'author' },
        });
        if (res.status === 201) ledger.users.push({ login, password });
        else expect.fail(`user create answered ${res.status} ${res.text}`);
      } else if (kind === 4) {
        const name = `crash cat ${round}-${worker}-${n}`;
        const res = await rawRequest(base, 'POST', `${EVENTS_API}/categories`, {
          auth,
          json: { name },
        });
        if (res.status === 201) ledger.categories.push({ id: res.body.id as number, name });
        else expect.fail(`category create answered ${res.status} ${res.text}`);
      } else {
        const mine = ledger.events.filter(
          (e) => e.id !== undefined && e.base.startsWith(`crash-r${round}-w${worker}-`),
        );
        const target = kind === 2 && mine.length > 0 ? mine[n % mine.length]! : undefined;
        if (target) {
          const state = stateFor(target.base, target.states.length, n + worker);
          target.states.push(state);
          const res = await rawRequest(base, 'PATCH', `${EVENTS_API}/events/${target.id}`, {
            auth,
            json: payload(state, existingTag),
          });
          if (res.status !== 200) expect.fail(`event update answered ${res.status} ${res.text}`);
          target.acked = target.states.indexOf(state);
        } else {
          const tracked: Tracked = {
            base: `crash-r${round}-w${worker}-n${n}-`,
            states: [],
            acked: -1,
          };
          tracked.states.push(stateFor(tracked.base, 0, n + worker));
          ledger.events.push(tracked);
          const res = await rawRequest(base, 'POST', `${EVENTS_API}/events`, {
            auth,
            json: payload(tracked.states[0]!, existingTag),
          });
          if (res.status !== 201) expect.fail(`event create answered ${res.status} ${res.text}`);
          tracked.id = res.body.id as number;
          tracked.acked = 0;
        }
      }
    } catch (error) {
      // The kill: the request was cut off, so it is not acknowledged. Anything else is a bug.
      if (cutOffByKill(error)) return;
      throw error;
    }
  }
}

interface EventBody {
  id: number;
  title: string;
  venue: { id: number } | unknown[];
  organizer: Array<{ id: number }>;
  categories: Array<{ id: number }>;
  tags: Array<{ name: string }>;
}

function observed(body: EventBody): EventState {
  return {
    title: body.title,
    venue: Array.isArray(body.venue) ? null : body.venue.id,
    organizers: body.organizer.map((o) => o.id).sort((a, b) => a - b),
    categories: body.categories.map((c) => c.id).sort((a, b) => a - b),
    tags: body.tags.map((t) => t.name).sort(),
  };
}

async function verify(base: string, side: Database.Database) {
  expect(integrityCheck(side)).toEqual(['ok']);
  expect(foreignKeyProblems(side)).toEqual([]);
  expect(derivedDataProblems(side)).toEqual([]);

  const find = side.prepare('SELECT id FROM events WHERE title LIKE ? ORDER BY id');
  for (const tracked of ledger.events) {
    const ids = find.all(`${tracked.base}%`) as Array<{ id: number }>;
    expect(ids.length, `${tracked.base} exists once at most`).toBeLessThanOrEqual(1);
    if (ids.length === 0) {
      expect(tracked.acked, `${tracked.base} was acknowledged but is gone`).toBe(-1);
      continue;
    }
    tracked.id ??= ids[0]!.id;
    const res = await rawRequest(base, 'GET', `${EVENTS_API}/events/${tracked.id}`, {
      auth: world.admin.auth,
    });
    expect(res.status).toBe(200);
    const actual = observed(res.json as EventBody);
    const candidates = tracked.states.slice(Math.max(tracked.acked, 0));
    expect(
      candidates,
      `${tracked.base}: a state that was asked for, not older than the last acknowledged`,
    ).toContainEqual(actual);
    // The state the event is in now is what later rounds must find at least.
    tracked.acked = tracked.states.findIndex((s) => JSON.stringify(s) === JSON.stringify(actual));
  }

  for (const user of ledger.users) {
    const me = await rawRequest(base, 'GET', `${ADMIN_API}/me`, {
      auth: basicAuth(user.login, user.password),
    });
    expect(me.status, `user ${user.login}`).toBe(200);
  }
  for (const category of ledger.categories) {
    const res = await rawRequest(base, 'GET', `${EVENTS_API}/categories/${category.id}`);
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(category.name);
  }
}

describe('SIGKILL during a write load', () => {
  it(
    `loses no acknowledged write and leaves no partial one (${ROUNDS} kills)`,
    async () => {
      let acknowledged = 0;
      for (let round = 1; round <= ROUNDS; round++) {
        const running = server!;
        let stopped = false;
        const writers = Array.from({ length: WORKERS }, (_, w) =>
          writer(running.url, w, round, () => stopped),
        );
        await sleep(300 + Math.floor(Math.random() * 1_200));
        const exit = await running.kill('SIGKILL');
        expect(exit).toBe('SIGKILL');
        stopped = true;
        await Promise.all(writers);

        server = await spawnServer({ db });
        const side = openSide(db);
        try {
          await verify(server.url, side);
        } finally {
          side.close();
        }
        acknowledged = ledger.events.filter((e) => e.acked >= 0).length;
      }
      // The load must have written something for the test to mean anything.
      expect(acknowledged).toBeGreaterThan(ROUNDS * 3);
      expect(ledger.events.some((e) => e.acked > 0)).toBe(true);
    },
    60_000 + ROUNDS * 30_000,
  );
});
