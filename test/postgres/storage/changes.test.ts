/**
 * The storage contract of the change feed (storage/changes.ts): the same assertions on SQLite
 * and PostgreSQL. Positions, cursors and pages as the sync routes use them (a pass bounded by
 * the position its first page read), pruning and the horizon, a new epoch, the author and
 * "ever public" columns, the stamp of who made a change, and the rows a page names.
 */
import { describe, expect, it } from 'vitest';
import {
  SYNC_KINDS,
  type Access,
  type ChangesReader,
  type FeedChange,
  type SyncState,
} from '../../../server/storage/changes.js';
import type { Storage } from '../../../server/storage/storage.js';
import type { NewTerm } from '../../../server/storage/terms.js';
import { pgTerms } from '../../../server/storage/postgres/terms.js';
import type { Query } from '../../../server/storage/postgres/query.js';
import {
  openPostgresStorage,
  type PostgresStorage,
} from '../../../server/storage/postgres/storage.js';
import { createTestDatabase } from '../../helpers/pg-database.js';
import { ENGINES, type Engine } from './engines.js';
import { eventRow, linked, storeEvents } from './event-rows.js';

/** Terms written through units of work, which record them in the change log. */
const newTerm = (taxonomy: 'category' | 'tag', name: string): NewTerm => ({
  taxonomy,
  name,
  slug: name.toLowerCase(),
  description: '',
  parent: null,
  color: null,
});

const addTags = (storage: Storage, names: string[]) =>
  storage.write(async (uow) => {
    for (const name of names) await uow.terms.insert(newTerm('tag', name));
  });

const renameTag = (storage: Storage, slug: string, name: string) =>
  storage.write(async (uow) => {
    const term = (await uow.terms.bySlug('tag', slug))!;
    await uow.terms.update(term.id, { ...term, name });
  });

const user = (id: number, login: string, name: string) => `
  INSERT INTO users (id, login, display_name, role, password_hash, created_utc, modified_utc)
  VALUES (${id}, '${login}', '${name}', 'author', 'x', '2026-01-01 00:00:00', '2026-01-01 00:00:00');`;

/** Every change after position `after` up to the state now, read in pages of `limit` as a pass. */
async function pass(
  feed: ChangesReader,
  after: number,
  limit: number,
): Promise<{ changes: FeedChange[]; upTo: number; pages: number }> {
  const first = await feed.page((state) => ({
    mode: 'changes',
    after: feed.cursors.after(after),
    upTo: state.seq,
    limit,
    rows: false,
    names: false,
  }));
  const upTo = first.state.seq;
  const changes = [...first.changes];
  let pages = 1;
  let last = first.changes;
  while (last.length === limit) {
    const cursor = last.at(-1)!.cursor;
    const read = await feed.page(() => ({
      mode: 'changes',
      after: cursor,
      upTo,
      limit,
      rows: false,
      names: false,
    }));
    pages++;
    changes.push(...read.changes);
    last = read.changes;
  }
  return { changes, upTo, pages };
}

/** Every object `access` may read, in full-read pages of `limit`: kind and id, in order. */
async function fullRead(feed: ChangesReader, access: Access, limit: number): Promise<string[]> {
  const out: string[] = [];
  let at = { kind: 0, after: 0 };
  for (;;) {
    const read = await feed.page(() => ({ mode: 'full', access, ...at, limit }));
    for (const kind of SYNC_KINDS) out.push(...read.ids[kind].map((id) => `${kind}:${id}`));
    expect(SYNC_KINDS.flatMap((kind) => read.ids[kind]).length).toBeLessThanOrEqual(limit);
    if (read.next.kind >= SYNC_KINDS.length) return out;
    at = read.next;
  }
}

const state = (storage: Storage): Promise<SyncState> => storage.read.changes.state();

describe.each(ENGINES)('the change feed on $name', (engine: Engine) => {
  it('pages a pass in change order, each object once at its latest change, bounded by its start', async () => {
    const storage = await engine.open();
    const feed = storage.read.changes;
    await addTags(storage, ['a', 'b', 'c']);
    const before = await state(storage);
    await addTags(storage, ['d', 'e', 'f', 'g']);
    await renameTag(storage, 'b', 'B');
    const all = await feed.page(() => ({
      mode: 'full',
      access: { kind: 'public' },
      kind: 1,
      after: 0,
      limit: 100,
    }));
    const ids = new Map(all.rows.tag.map((row) => [row.slug as string, row.id]));

    const { changes, upTo, pages } = await pass(feed, before.seq, 2);
    expect(changes.map((c) => [c.kind, c.item_id, c.action])).toEqual([
      ['tag', ids.get('d'), 'created'],
      ['tag', ids.get('e'), 'created'],
      ['tag', ids.get('f'), 'created'],
      ['tag', ids.get('g'), 'created'],
      ['tag', ids.get('b'), 'updated'],
    ]);
    expect(pages).toBe(3);
    expect(upTo).toBeGreaterThanOrEqual(before.seq);

    // A change after the pass started is not in it; the next pass, from its end, has it alone.
    await renameTag(storage, 'd', 'D');
    const again = await feed.page(() => ({
      mode: 'changes',
      after: feed.cursors.after(before.seq),
      upTo,
      limit: 100,
      rows: false,
      names: false,
    }));
    expect(again.changes.map((c) => c.item_id)).not.toContain(ids.get('d'));
    const next = await pass(feed, upTo, 2);
    expect(next.changes.map((c) => [c.item_id, c.action])).toEqual([[ids.get('d'), 'updated']]);
    // Nothing after the end of that pass.
    expect((await pass(feed, next.upTo, 2)).changes).toEqual([]);
    expect(feed.cursors.isCursor(changes[0]!.cursor)).toBe(true);
    expect(feed.cursors.isCursor('nonsense')).toBe(false);
    expect(feed.cursors.positionOf(changes[0]!.cursor)).toBeLessThanOrEqual(upTo);
  });

  it('reads every object a reader may read, kind after kind by id, and the rows a page names', async () => {
    const storage = await engine.open();
    await engine.exec(storage, user(7, 'ann', 'Ann') + user(8, 'bob', ''));
    await storage.write(async (uow) => {
      await uow.terms.insert(newTerm('category', 'Jazz'));
      await uow.terms.insert(newTerm('tag', 't'));
    });
    const [published, annsDraft, bobsDraft, trashed] = await storeEvents(storage, [
      { status: 'publish', author: 7 },
      { status: 'draft', author: 7 },
      { status: 'draft', author: 8 },
      { status: 'trash', author: 7 },
    ]);
    const venue = await storage.write((uow) =>
      uow.venues.insert(linked('Hall'), {
        address: '',
        city: '',
        country: '',
        province: '',
        state: '',
        zip: '',
        phone: '',
        website: '',
        stateprovince: '',
        show_map: 0,
        show_map_link: 0,
        geo_lat: null,
        geo_lng: null,
      }),
    );
    const feed = storage.read.changes;
    const everything = await fullRead(feed, { kind: 'all' }, 2);
    const kinds = (list: string[]) => list.map((entry) => entry.split(':')[0]);
    expect(kinds(everything)).toEqual(['category', 'tag', 'venue', 'event', 'event', 'event']);
    expect(everything.slice(3)).toEqual(
      [published, annsDraft, bobsDraft].map((id) => `event:${id}`),
    );
    expect(everything).not.toContain(`event:${trashed}`);
    expect(everything).toContain(`venue:${venue}`);
    expect(
      (await fullRead(feed, { kind: 'public' }, 3)).filter((e) => e.startsWith('event')),
    ).toEqual([`event:${published}`]);
    expect(
      (await fullRead(feed, { kind: 'own', user: 7 }, 1)).filter((e) => e.startsWith('event')),
    ).toEqual([`event:${published}`, `event:${annsDraft}`]);

    const read = await feed.page(() => ({
      mode: 'full',
      access: { kind: 'all' },
      kind: 0,
      after: 0,
      limit: 100,
    }));
    expect(read.rows.event.map((row) => [row.id, row.status, row.author])).toEqual([
      [published, 'publish', 7],
      [annsDraft, 'draft', 7],
      [bobsDraft, 'draft', 8],
    ]);
    expect(read.rows.category.map((row) => row.slug)).toEqual(['jazz']);
    expect(read.rows.tag.map((row) => row.slug)).toEqual(['t']);
    expect(read.rows.venue.map((row) => row.title)).toEqual(['Hall']);
  });

  it('keeps the author and whether an object was ever public, and stamps who made a change', async () => {
    const storage = await engine.open();
    await engine.exec(storage, user(7, 'ann', 'Ann') + user(8, 'bob', ''));
    const start = await state(storage);
    const [draft] = await storeEvents(storage, [{ status: 'draft', author: 7 }]);
    const [other] = await storage.write(async (uow) => {
      const mark = await uow.changes.mark();
      const id = await uow.events.newId();
      await uow.events.insert(eventRow(id, { status: 'publish', author: 8 }));
      await uow.changes.stamp(8, mark);
      return [id];
    });
    const feed = storage.read.changes;
    const read = async () => {
      const page = await feed.page((now) => ({
        mode: 'changes',
        after: feed.cursors.after(start.seq),
        upTo: now.seq,
        limit: 100,
        rows: true,
        names: true,
      }));
      return page;
    };
    let page = await read();
    expect(
      page.changes.map((c) => [c.item_id, c.action, c.author, c.ever_public, c.by_user]),
    ).toEqual([
      [draft, 'created', 7, 0, null],
      [other, 'created', 8, 1, 8],
    ]);
    expect(page.names).toEqual(new Map([[8, 'bob']]));
    expect(page.rows.event.map((row) => row.id)).toEqual([draft, other]);

    // Published once, then a draft again: still "ever public" (its readers are told it is gone).
    for (const status of ['publish', 'draft'] as const) {
      await storage.write(async (uow) => {
        const row = (await uow.events.get(draft!))!;
        await uow.events.update({ ...row, status });
      });
    }
    page = await read();
    expect(page.changes.map((c) => [c.item_id, c.action, c.ever_public])).toEqual([
      [other, 'created', 1],
      [draft, 'updated', 1],
    ]);
    expect(page.changes.at(-1)!.by_user).toBeNull();
  });

  it('forgets changes older than a cut-off and raises the horizon above them', async () => {
    const storage = await engine.open();
    const start = await state(storage);
    await addTags(storage, ['a', 'b']);
    const written = await state(storage);
    expect(await storage.write((uow) => uow.changes.prune('2000-01-01 00:00:00'))).toBe(0);
    expect((await state(storage)).horizon).toBe(start.horizon);
    expect(await storage.write((uow) => uow.changes.prune('9999-01-01 00:00:00'))).toBe(2);
    const pruned = await state(storage);
    // A token from before the pruned changes is older than the history; one after them is not.
    expect(pruned.horizon).toBeGreaterThan(start.seq);
    expect(pruned.horizon).toBeLessThanOrEqual(written.seq);
    expect(pruned.epoch).toBe(start.epoch);
    expect((await pass(storage.read.changes, written.seq, 10)).changes).toEqual([]);
  });

  it('starts a new history: another epoch, and nothing before it is kept', async () => {
    const storage = await engine.open();
    await addTags(storage, ['a']);
    const before = await state(storage);
    await storage.write((uow) => uow.changes.newEpoch());
    const after = await state(storage);
    expect(after.epoch).toMatch(/^[0-9a-f]{8}$/);
    expect(after.epoch).not.toBe(before.epoch);
    expect(after.horizon).toBeGreaterThanOrEqual(before.seq);
    expect(after.seq).toBeGreaterThanOrEqual(after.horizon);
  });
});

describe('the change feed on PostgreSQL with several nodes writing', () => {
  it('gives a client paging by 5 every change exactly once while three nodes write', async () => {
    const database = await createTestDatabase();
    const nodes = await Promise.all(
      [0, 1, 2, 3].map(() => openPostgresStorage(database.url, { max: 3 })),
    );
    try {
      const [first, second, third, reader] = nodes as [
        PostgresStorage,
        PostgresStorage,
        PostgresStorage,
        PostgresStorage,
      ];
      const expected: string[] = [];
      // Two nodes write through units of work (which take turns); the third writes outside them,
      // taking its transaction id early and committing late, as a slow request would: the feed's
      // order (by transaction) then differs from the order of commits.
      const units = [first, second].map(async (node, n) => {
        for (let i = 0; i < 12; i++) {
          const title = `v${n}-${i}`;
          expected.push(`venue:${title}`);
          await node.write((uow) =>
            uow.venues.insert(linked(title), {
              address: '',
              city: '',
              country: '',
              province: '',
              state: '',
              zip: '',
              phone: '',
              website: '',
              stateprovince: '',
              show_map: 0,
              show_map_link: 0,
              geo_lat: null,
              geo_lng: null,
            }),
          );
        }
      });
      const pool = third.pool;
      const slow = (async () => {
        for (let t = 0; t < 8; t++) {
          const client = await pool.connect();
          try {
            await client.query('BEGIN');
            await client.query(
              "INSERT INTO job_leases (name, owner, until_utc) VALUES ($1, 'test', '')",
              [`slow-${t}`],
            );
            await client.query('SELECT pg_sleep(random() * 0.03)');
            // The terms' repository on this transaction: the write path, outside the units.
            const q: Query = (sql, values) => client.query(sql, values);
            const terms = pgTerms(q, (work) => work(q));
            for (const i of [0, 1]) {
              const name = `t${t}-${i}`;
              expected.push(`tag:${name}`);
              await terms.insert(newTerm('tag', name));
            }
            await client.query('COMMIT');
          } finally {
            client.release();
          }
        }
      })();
      let writing = true;
      const written = Promise.all([...units, slow]).finally(() => (writing = false));

      const feed = reader.read.changes;
      const seen: string[] = [];
      let token = (await feed.state()).seq;
      let passes = 0;
      for (;;) {
        const done = !writing;
        const { changes, upTo } = await pass(feed, token, 5);
        passes++;
        seen.push(...changes.map((c) => `${c.kind}:${c.item_id}`));
        token = upTo;
        if (done && changes.length === 0) break;
      }
      await written;

      expect(new Set(seen).size).toBe(seen.length);
      const names = await pool.query<{ key: string }>(
        `SELECT 'venue:' || id AS key, 'venue:' || title AS name FROM venues
         UNION ALL SELECT 'tag:' || id, 'tag:' || name FROM terms WHERE taxonomy = 'tag'`,
      );
      const byKey = new Map(
        (names.rows as Array<{ key: string; name: string }>).map((r) => [r.key, r.name]),
      );
      expect(seen.map((key) => byKey.get(key)).sort()).toEqual([...expected].sort());
      expect(passes).toBeGreaterThan(1);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      await database.drop();
    }
  });
});
