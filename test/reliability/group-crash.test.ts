/**
 * Crash safety of grouped writes (server/db/group-commit.ts): 32 clients create events at once,
 * so the server commits many creates per transaction, and the process is killed with SIGKILL in
 * the middle of the burst, several times. After each restart every create answered 201 is there
 * with exactly what it asked for (venue, organizers, categories, a new tag of its own), every
 * other event of the burst is either absent or just as complete, and the database's checks pass.
 * ALMANAC_CRASH_ROUNDS sets the number of kills (CI: 3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import {
  EVENTS_API,
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
const CLIENTS = 32;

interface Asked {
  title: string;
  venue: number;
  organizers: number[];
  categories: number[];
  tag: string;
}

let dir: { dir: string; cleanup(): void };
let db: string;
let server: SpawnedServer | undefined;
let world: World;
/** Every create sent, by title; `id` once it was answered 201. */
const sent = new Map<string, Asked & { id?: number }>();

beforeAll(async () => {
  dir = tempDir();
  db = join(dir.dir, 'group-crash.db');
  server = await spawnServer({ db });
  world = await seedWorld(server.url);
}, 90_000);

afterAll(async () => {
  await server?.kill('SIGKILL');
  dir?.cleanup();
});

function ask(round: number, client: number, n: number): Asked {
  const salt = round * 7 + client + n;
  return {
    title: `burst-r${round}-c${client}-n${n}`,
    venue: world.venues[salt % world.venues.length]!,
    organizers: [world.organizers[salt % world.organizers.length]!],
    categories: [world.categories[salt % world.categories.length]!],
    tag: `burst-tag-r${round}-c${client}-n${n}`,
  };
}

async function client(base: string, round: number, id: number, stop: () => boolean) {
  for (let n = 0; !stop(); n++) {
    const asked = ask(round, id, n);
    sent.set(asked.title, asked);
    try {
      const res = await rawRequest(base, 'POST', `${EVENTS_API}/events`, {
        auth: world.admin.auth,
        json: {
          title: asked.title,
          start_date: '2026-09-01 18:00:00',
          end_date: '2026-09-01 20:00:00',
          status: 'publish',
          venue: asked.venue,
          organizer: asked.organizers,
          categories: asked.categories,
          tags: [asked.tag],
        },
      });
      if (res.status !== 201) expect.fail(`create answered ${res.status} ${res.text}`);
      sent.get(asked.title)!.id = res.body.id as number;
    } catch (error) {
      // The kill cut the request off: it was not acknowledged. Anything else is a bug.
      if (cutOffByKill(error)) return;
      throw error;
    }
  }
}

interface Stored {
  id: number;
  title: string;
  venue_id: number | null;
  organizers: string | null;
  categories: string | null;
  tags: string | null;
}

function storedEvents(side: Database.Database): Map<string, Stored> {
  const rows = side
    .prepare<[], Stored>(
      `SELECT e.id, e.title, e.venue_id,
         (SELECT group_concat(organizer_id) FROM event_organizers WHERE event_id = e.id) AS organizers,
         (SELECT group_concat(t.id) FROM event_terms et JOIN terms t ON t.id = et.term_id
          WHERE et.event_id = e.id AND t.taxonomy = 'category') AS categories,
         (SELECT group_concat(t.name) FROM event_terms et JOIN terms t ON t.id = et.term_id
          WHERE et.event_id = e.id AND t.taxonomy = 'tag') AS tags
       FROM events e WHERE e.title LIKE 'burst-%'`,
    )
    .all();
  return new Map(rows.map((row) => [row.title, row]));
}

function verify(side: Database.Database): number {
  expect(integrityCheck(side)).toEqual(['ok']);
  expect(foreignKeyProblems(side)).toEqual([]);
  expect(derivedDataProblems(side)).toEqual([]);
  const stored = storedEvents(side);
  let acknowledged = 0;
  for (const [title, asked] of sent) {
    const row = stored.get(title);
    if (asked.id !== undefined) {
      acknowledged++;
      expect(row, `${title} was acknowledged as ${asked.id} but is gone`).toBeDefined();
      expect(row!.id).toBe(asked.id);
    }
    if (row === undefined) continue;
    // Acknowledged or not, an event is there whole or not at all.
    expect(row, title).toEqual({
      id: row.id,
      title,
      venue_id: asked.venue,
      organizers: asked.organizers.join(','),
      categories: asked.categories.join(','),
      tags: asked.tag,
    });
  }
  for (const title of stored.keys()) expect(sent.has(title), title).toBe(true);
  return acknowledged;
}

describe('SIGKILL during a burst of concurrent creates', () => {
  it(
    `loses no acknowledged create of a group and leaves no partial one (${ROUNDS} kills)`,
    async () => {
      let acknowledged = 0;
      for (let round = 1; round <= ROUNDS; round++) {
        const running = server!;
        let stopped = false;
        const clients = Array.from({ length: CLIENTS }, (_, c) =>
          client(running.url, round, c, () => stopped),
        );
        await sleep(500 + Math.floor(Math.random() * 1_500));
        expect(await running.kill('SIGKILL')).toBe('SIGKILL');
        stopped = true;
        await Promise.all(clients);

        server = await spawnServer({ db });
        const side = openSide(db);
        try {
          acknowledged = verify(side);
        } finally {
          side.close();
        }
      }
      // The burst must have written something for the test to mean anything.
      expect(acknowledged).toBeGreaterThan(ROUNDS * 3);
    },
    60_000 + ROUNDS * 30_000,
  );
});
