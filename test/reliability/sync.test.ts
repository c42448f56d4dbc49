/**
 * Sync under concurrent writes (extensions.md E3): the real server with two worker processes on
 * one database file, clients writing through both of them and a third process writing to the
 * file directly (recording its changes through the change log's write path), while one client pages through the change feed (small pages, so changes land
 * between its pages) and another follows the live stream and reconnects midway with
 * Last-Event-ID. Afterwards the feed client's copy must equal the server's data, object for
 * object, and the stream must have announced every object that changed after it connected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import {
  EVENTS_API,
  openSide,
  rawRequest,
  spawnServer,
  tempDir,
  type SpawnedServer,
} from '../helpers/reliability.js';
import { seedWorld, type World } from '../helpers/reliability-fixtures.js';
import type { CallOptions, TestServer } from '../helpers/server.js';
import {
  COLLECTIONS,
  Replica,
  SseClient,
  SYNC,
  syncOnce,
} from '../server/resources/sync/helpers.js';
import { sqliteLog } from '../../server/storage/sqlite/change-log.js';
import { eventsWritten } from '../../server/storage/change-log.js';

let dir: { dir: string; cleanup(): void };
let server: SpawnedServer;
let world: World;
let side: Database.Database;

beforeAll(async () => {
  dir = tempDir();
  const db = join(dir.dir, 'sync.db');
  server = await spawnServer({
    db,
    env: { ALMANAC_WORKERS: '2', ALMANAC_LOG_LEVEL: 'error' },
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

/** `TestServer.call` over a new connection each time, so requests reach both workers. */
const call: TestServer['call'] = async (
  method: string,
  path: string,
  options: CallOptions = {},
) => {
  const url = new URL(path, server.url);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    url.searchParams.set(key, String(value));
  }
  const res = await rawRequest(server.url, method, `${url.pathname}${url.search}`, {
    auth: options.auth,
    ...(options.body !== undefined ? { json: options.body } : {}),
    timeoutMs: 30_000,
  });
  return {
    status: res.status,
    headers: new Headers(),
    body: res.body,
    json: res.json,
    text: res.text,
  };
};

describe('a sync client and a stream client while two workers and another process write', () => {
  it('end with exactly the server’s data and every change announced', async () => {
    const auth = world.admin.auth;
    const created: number[] = [];
    const events = async () => {
      const ids: number[] = [];
      for (let page = 1; ; page++) {
        const res = await call('GET', `${EVENTS_API}/events`, {
          auth,
          query: {
            per_page: 50,
            page,
            start_date: '2000-01-01',
            status: 'publish,draft,pending,future,private',
          },
        });
        ids.push(...(res.body.events as { id: number }[]).map((e) => e.id));
        if (page >= Number(res.body.total_pages ?? 1)) return ids.sort((a, b) => a - b);
      }
    };

    const replica = new Replica();
    await syncOnce({ call }, replica, { auth, perPage: 7 });
    let stream = await SseClient.open(`${server.url}${SYNC}/stream`, { authorization: auth });
    expect(stream.status).toBe(200);
    const announced = new Set<string>();

    let writing = true;
    const writer = async (n: number) => {
      for (let i = 0; i < 12; i++) {
        const res = await call('POST', `${EVENTS_API}/events`, {
          auth,
          body: {
            title: `W${n}-${i}`,
            start_date: '2026-08-01 10:00:00',
            end_date: '2026-08-01 11:00:00',
            status: i % 4 === 0 ? 'draft' : 'publish',
          },
        });
        expect(res.status, res.text).toBe(201);
        const id = res.body.id as number;
        created.push(id);
        const target = created[(i * 7 + n) % created.length]!;
        if (i % 3 === 1) {
          await call('POST', `${EVENTS_API}/events/${target}`, {
            auth,
            body: { excerpt: `changed by ${n} at ${i}` },
          });
        }
        if (i % 5 === 4) await call('DELETE', `${EVENTS_API}/events/${target}`, { auth });
      }
    };
    // Another process writing to the file directly, recording its changes as the write path does
    // (one counter in the file numbers them for every process).
    const direct = async () => {
      const update = side.prepare("UPDATE events SET title = title || '+' WHERE id = ?");
      const log = sqliteLog(side);
      const write = side.transaction((id: number) => {
        update.run(id);
        log(eventsWritten([id]));
      });
      while (writing) {
        const id = world.events[Math.floor(Math.random() * world.events.length)]!;
        write.immediate(id);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    };
    let reconnected = false;
    const reader = async () => {
      while (writing) {
        await syncOnce({ call }, replica, { auth, perPage: 7 });
        if (!reconnected && created.length > 15) {
          // Drop the stream and come back where it left off.
          reconnected = true;
          const lastId = stream.lastId!;
          for (const c of stream.changes()) announced.add(`${c.kind}:${c.id}`);
          await stream.close();
          stream = await SseClient.open(`${server.url}${SYNC}/stream`, {
            authorization: auth,
            'last-event-id': lastId,
          });
          expect(stream.status).toBe(200);
        }
      }
    };

    const directWriter = direct();
    const syncing = reader();
    await Promise.all([writer(1), writer(2), writer(3)]);
    writing = false;
    await Promise.all([directWriter, syncing]);
    await syncOnce({ call }, replica, { auth, perPage: 7 });

    // The copy equals a fresh full read, object for object.
    const fresh = new Replica();
    await syncOnce({ call }, fresh, { auth, perPage: 200 });
    for (const collection of COLLECTIONS) {
      expect(replica.ids(collection), collection).toEqual(fresh.ids(collection));
      for (const [id, item] of fresh.items[collection]) {
        expect(replica.items[collection].get(id), `${collection} ${id}`).toEqual(item);
      }
    }
    expect(replica.ids('events')).toEqual(await events());
    expect(replica.pages).toBeGreaterThan(10);
    expect(reconnected).toBe(true);

    // Every event written after the stream opened was announced (the last state of each at least).
    const finalToken = fresh.token!;
    await stream.until(
      () =>
        stream.lastId !== undefined &&
        Number(stream.lastId.split('-')[1]) >= Number(finalToken.split('-')[1]),
      'the stream to reach the last change',
      30_000,
    );
    for (const c of stream.changes()) announced.add(`${c.kind}:${c.id}`);
    await stream.close();
    for (const id of created) expect(announced.has(`event:${id}`), `event ${id}`).toBe(true);
  }, 180_000);
});
