/**
 * The storage contract of categories and tags: the same assertions on SQLite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { Storage } from '../../../server/storage/storage.js';
import type { NewTerm, TermQuery } from '../../../server/storage/terms.js';
import { ENGINES } from './engines.js';

const term = (name: string, extra: Partial<NewTerm> = {}): NewTerm => ({
  taxonomy: 'tag',
  name,
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  description: '',
  parent: null,
  color: null,
  ...extra,
});

const category = (name: string, extra: Partial<NewTerm> = {}) =>
  term(name, { taxonomy: 'category', ...extra });

const query = (extra: Partial<TermQuery> = {}): TermQuery => ({
  taxonomy: 'tag',
  hideEmpty: false,
  sort: 'name',
  descending: false,
  limit: 10,
  offset: 0,
  ...extra,
});

async function insert(storage: Storage, terms: NewTerm[]): Promise<number[]> {
  return storage.write(async (uow) => {
    const ids: number[] = [];
    for (const t of terms) ids.push(await uow.terms.insert(t));
    return ids;
  });
}

const event = (id: number, status: string) => `
  INSERT INTO posts (id, kind) VALUES (${id}, 'event');
  INSERT INTO events (id, status, title, date_utc, modified_utc, timezone, start_local, end_local,
    start_utc, end_utc)
  VALUES (${id}, '${status}', 'Event ${id}', '2026-01-01 00:00:00', '2026-01-01 00:00:00', 'UTC',
    '2026-05-01 20:00:00', '2026-05-01 22:00:00', '2026-05-01 20:00:00', '2026-05-01 22:00:00');`;

const link = (eventId: number, termIds: number[]) =>
  termIds
    .map(
      (termId, position) =>
        `INSERT INTO event_terms (event_id, term_id, position) VALUES (${eventId}, ${termId}, ${position});`,
    )
    .join('\n');

const names = async (storage: Storage, q: Partial<TermQuery>) =>
  (await storage.read.terms.list(query(q))).rows.map((row) => row.name);

describe.each(ENGINES)('storage ports on $name', (engine) => {
  describe('terms', () => {
    it('inserts, reads back by id, slug and name, updates, and keeps colours', async () => {
      const storage = await engine.open();
      const [music, jazz] = await insert(storage, [
        category('Music', { color: '#aa00ff', description: 'All of it' }),
        term('Jazz'),
      ]);
      expect(await storage.read.terms.find(music!)).toEqual({
        id: music,
        ...category('Music', { color: '#aa00ff', description: 'All of it' }),
        count: 0,
      });
      expect((await storage.read.terms.bySlug('tag', 'jazz'))?.id).toBe(jazz);
      expect(await storage.read.terms.bySlug('category', 'jazz')).toBeUndefined();
      expect((await storage.read.terms.byName('tag', 'JAZZ'))?.id).toBe(jazz);
      expect(await storage.read.terms.byName('category', 'jazz')).toBeUndefined();
      await storage.write(async (uow) => {
        await uow.terms.update(music!, {
          name: 'Live Music',
          slug: 'live',
          description: '',
          parent: null,
          color: null,
        });
        await uow.terms.setSlug(jazz!, 'jazz-2');
      });
      expect(await storage.read.terms.find(music!)).toMatchObject({
        name: 'Live Music',
        slug: 'live',
        color: null,
      });
      expect((await storage.read.terms.find(jazz!))?.slug).toBe('jazz-2');
    });

    it('finds the slugs a new slug must avoid, within its taxonomy', async () => {
      const storage = await engine.open();
      const ids = await insert(
        storage,
        ['rock', 'rock-2', 'rock-10', 'rock-x', 'rocky', 'rock-'].map((slug) =>
          term('Rock', { slug }),
        ),
      );
      await insert(storage, [category('Rock', { slug: 'rock-3' })]);
      expect([...(await storage.read.terms.slugVariants('tag', 'rock', 0))].sort()).toEqual([
        'rock',
        'rock-10',
        'rock-2',
      ]);
      expect([...(await storage.read.terms.slugVariants('tag', 'rock', ids[0]!))].sort()).toEqual([
        'rock-10',
        'rock-2',
      ]);
      expect([...(await storage.read.terms.slugVariants('category', 'rock', 0))]).toEqual([
        'rock-3',
      ]);
    });

    it('keeps parents and children: siblings, lineage, descendants, and a delete moves children up', async () => {
      const storage = await engine.open();
      const [root] = await insert(storage, [category('Root')]);
      const [kid] = await insert(storage, [category('Kid', { parent: root! })]);
      const [grandkid, other] = await insert(storage, [
        category('Grandkid', { parent: kid! }),
        category('Kid', { slug: 'kid-2' }),
      ]);
      const read = storage.read.terms;
      expect((await read.sibling('category', 'KID', root!))?.id).toBe(kid);
      expect((await read.sibling('category', 'kid', null))?.id).toBe(other);
      expect(await read.sibling('category', 'Grandkid', root!)).toBeUndefined();
      expect((await read.lineage(grandkid!)).sort()).toEqual([root, kid, grandkid].sort());
      expect((await read.withDescendants([root!])).sort()).toEqual([root, kid, grandkid].sort());
      expect(await read.withDescendants([])).toEqual([]);
      expect(await names(storage, { taxonomy: 'category', parent: 0 })).toEqual(['Kid', 'Root']);
      expect(await names(storage, { taxonomy: 'category', parent: root! })).toEqual(['Kid']);

      await storage.write((uow) => uow.terms.remove(kid!, root!));
      expect(await read.find(kid!)).toBeUndefined();
      expect((await read.find(grandkid!))?.parent).toBe(root);
    });

    it('finds ids and slugs of one taxonomy in one call', async () => {
      const storage = await engine.open();
      const [a, b] = await insert(storage, [category('Alpha'), term('Beta')]);
      const refs = await storage.read.terms.refs('category', [a!, b!], ['beta', 'alpha']);
      expect(refs).toEqual([{ id: a, slug: 'alpha' }]);
      expect([...(await storage.read.terms.existingIds('tag', [a!, b!, 999]))]).toEqual([b]);
    });

    it('counts published events through the links, their status changes and deletions', async () => {
      const storage = await engine.open();
      const [parent, child, tag, unused] = await insert(storage, [
        category('Parent'),
        category('Child'),
        term('Tagged'),
        term('Unused'),
      ]);
      await storage.write((uow) =>
        uow.terms.update(child!, {
          name: 'Child',
          slug: 'child',
          description: '',
          parent: parent!,
          color: null,
        }),
      );
      await engine.exec(
        storage,
        event(100, 'publish') +
          event(101, 'publish') +
          event(102, 'draft') +
          link(100, [child!, tag!]) +
          link(101, [tag!]) +
          link(102, [tag!, unused!]),
      );
      const count = async (id: number) => (await storage.read.terms.find(id))?.count;
      expect(await count(tag!)).toBe(2);
      expect(await count(child!)).toBe(1);
      expect(await count(parent!)).toBe(0);
      expect(await count(unused!)).toBe(0);
      // Empty tags are hidden; an empty category stays while a descendant has events.
      expect(await names(storage, { hideEmpty: true })).toEqual(['Tagged']);
      expect(await names(storage, { taxonomy: 'category', hideEmpty: true })).toEqual([
        'Child',
        'Parent',
      ]);

      await engine.exec(storage, "UPDATE events SET status = 'publish' WHERE id = 102");
      expect(await count(unused!)).toBe(1);
      expect(await count(tag!)).toBe(3);
      await engine.exec(storage, "UPDATE events SET status = 'draft' WHERE id = 100");
      expect(await count(child!)).toBe(0);
      expect(await names(storage, { taxonomy: 'category', hideEmpty: true })).toEqual([]);
      await engine.exec(
        storage,
        'DELETE FROM events WHERE id = 101; DELETE FROM posts WHERE id = 101',
      );
      expect(await count(tag!)).toBe(1);

      // The terms of events, in link order, and of links given as pairs.
      const rows = await storage.read.terms.forEvents([102, 100]);
      expect(rows.map((r) => [r.event_id, r.id])).toEqual([
        [100, child],
        [100, tag],
        [102, tag],
        [102, unused],
      ]);
      expect(rows[0]).toMatchObject({ name: 'Child', parent, taxonomy: 'category' });
      const given = await storage.read.terms.forLinks([
        [7, unused!],
        [5, tag!],
        [7, child!],
      ]);
      expect(given.map((r) => [r.event_id, r.id])).toEqual([
        [5, tag],
        [7, unused],
        [7, child],
      ]);
      expect(await storage.read.terms.forEvents([])).toEqual([]);
      expect(await names(storage, { event: 102 })).toEqual(['Tagged', 'Unused']);
      expect(await storage.read.terms.eventOwner(102)).toEqual({ author: null, status: 'publish' });
    });

    it('lists by name without ASCII case, searches literally, sorts, pages and counts', async () => {
      const storage = await engine.open();
      const ids = await insert(storage, [
        term('banana'),
        term('Apple'),
        term('100% Cotton', { slug: '100-cotton' }),
        term('cherry_pie', { slug: 'cherry-pie' }),
        term('Cherry'),
      ]);
      const [banana, apple, cotton, pie, cherry] = ids as [number, number, number, number, number];
      expect(await names(storage, {})).toEqual([
        '100% Cotton',
        'Apple',
        'banana',
        'Cherry',
        'cherry_pie',
      ]);
      expect(await names(storage, { descending: true, limit: 2 })).toEqual([
        'cherry_pie',
        'Cherry',
      ]);
      expect(await names(storage, { search: 'CHERRY' })).toEqual(['Cherry', 'cherry_pie']);
      expect(await names(storage, { search: '_' })).toEqual(['cherry_pie']);
      expect(await names(storage, { search: '%' })).toEqual(['100% Cotton']);
      expect(await names(storage, { search: 'cotton' })).toEqual(['100% Cotton']);
      // No stored name holds a NUL (PostgreSQL's text cannot): a search with one finds nothing.
      expect(await names(storage, { search: 'Cher\u0000ry' })).toEqual([]);
      expect(await names(storage, { search: '\u0000' })).toEqual([]);
      expect(await names(storage, { sort: 'include', include: [cherry, apple, banana] })).toEqual([
        'Cherry',
        'Apple',
        'banana',
      ]);
      expect(
        await names(storage, { sort: 'slug__in', slugs: ['cherry-pie', 'banana', 'apple'] }),
      ).toEqual(['cherry_pie', 'banana', 'Apple']);
      expect(await names(storage, { exclude: [apple, banana, cotton] })).toEqual([
        'Cherry',
        'cherry_pie',
      ]);
      expect(await names(storage, { sort: 'id', descending: true, limit: 1 })).toEqual(['Cherry']);
      const page = await storage.read.terms.list(query({ limit: 2, offset: 2 }));
      expect(page.total).toBe(5);
      expect(page.rows.map((r) => r.id)).toEqual([banana, cherry]);
      expect(await storage.read.terms.list(query({ offset: 5 }))).toEqual({ rows: [], total: 5 });
      expect(await storage.read.terms.list(query({ taxonomy: 'category' }))).toEqual({
        rows: [],
        total: 0,
      });
      expect(pie).toBeGreaterThan(0);
    });

    it('rolls a unit of work back whole', async () => {
      const storage = await engine.open();
      await expect(
        storage.write(async (uow) => {
          await uow.terms.insert(term('Kept?'));
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      expect(await storage.read.terms.byName('tag', 'kept?')).toBeUndefined();
      // Slugs are unique per taxonomy.
      await insert(storage, [term('Same')]);
      await expect(insert(storage, [term('Same')])).rejects.toThrow();
      await insert(storage, [category('Same')]);
    });
  });
});
