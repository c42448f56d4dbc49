/**
 * The storage contract of the trash, CalDAV's names and kept lines, and the scheduled backups'
 * last run: the same assertions on SQLite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { Storage } from '../../../server/storage/storage.js';
import type { TrashQuery } from '../../../server/storage/trash.js';
import type { SqliteStorage } from '../../../server/storage/sqlite/storage.js';
import type { PostgresStorage } from '../../../server/storage/postgres/storage.js';
import { ENGINES, type Engine } from './engines.js';

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** An event, venue or organizer row; `trashed` adds its trash_meta record. */
const post = (
  kind: 'event' | 'venue' | 'organizer',
  id: number,
  o: {
    status?: string;
    slug: string;
    author?: number | null;
    trashed?: { status: string; slug: string; at: string };
  },
) => {
  const status = q(o.status ?? 'publish');
  const author = o.author === undefined || o.author === null ? 'NULL' : String(o.author);
  const common = `${id}, ${status}, ${q(o.slug)}, ${q(`Title ${id}`)}, ${author},
    '2026-01-01 00:00:00', '2026-01-02 00:00:00'`;
  const row =
    kind === 'event'
      ? `INSERT INTO events (id, status, slug, title, author, date_utc, modified_utc, timezone,
           start_local, end_local, start_utc, end_utc)
         VALUES (${common}, 'UTC', '2026-05-01 20:00:00', '2026-05-01 21:00:00',
           '2026-05-01 20:00:00', '2026-05-01 21:00:00');`
      : `INSERT INTO ${kind}s (id, status, slug, title, author, date_utc, modified_utc)
         VALUES (${common});`;
  const meta = o.trashed
    ? `INSERT INTO trash_meta (post_id, previous_status, previous_slug, trashed_utc)
       VALUES (${id}, ${q(o.trashed.status)}, ${q(o.trashed.slug)}, ${q(o.trashed.at)});`
    : '';
  return `INSERT INTO posts (id, kind) VALUES (${id}, '${kind}'); ${row} ${meta}`;
};

const trashed = (
  kind: 'event' | 'venue' | 'organizer',
  id: number,
  slug: string,
  at: string,
  previous = 'publish',
  author: number | null = 7,
) =>
  post(kind, id, {
    status: 'trash',
    slug: `${slug}__trashed`,
    author,
    trashed: { status: previous, slug, at },
  });

const everyone: TrashQuery = {
  kinds: ['event', 'venue', 'organizer'],
  scope: { all: true, author: 0, published: true },
  limit: 10,
  offset: 0,
};

async function trashFixture(engine: Engine): Promise<Storage> {
  const storage = await engine.open();
  await engine.exec(
    storage,
    [
      ...[7, 8].map(
        (id) => `INSERT INTO users (id, login, email, display_name, role, password_hash, locale,
          created_utc, modified_utc) VALUES (${id}, 'u${id}', 'u${id}@example.org', 'U', 'author',
          'h', '', '2026-01-01 00:00:00', '2026-01-01 00:00:00');`,
      ),
      trashed('event', 1, 'gig', '2026-03-01 10:00:00'),
      trashed('venue', 2, 'hall', '2026-03-03 10:00:00', 'draft'),
      trashed('organizer', 3, 'club', '2026-03-02 10:00:00', 'pending', 8),
      trashed('event', 4, 'talk', '2026-03-03 10:00:00', 'draft', 8),
      // Trashed without a record: not listed, but found.
      post('event', 5, { status: 'trash', slug: 'old__trashed' }),
      post('event', 6, { slug: 'gig' }),
      post('event', 7, { slug: 'gig-2' }),
      post('venue', 8, { slug: 'hall-3' }),
    ].join('\n'),
  );
  return storage;
}

describe.each(ENGINES)('storage ports on $name', (engine) => {
  describe('trash', () => {
    it('lists the trash most recently trashed first, by kind and scope, with its total', async () => {
      const storage = await trashFixture(engine);
      const ids = async (query: Partial<TrashQuery>) => {
        const { rows, total } = await storage.read.trash.list({ ...everyone, ...query });
        return { ids: rows.map((row) => row.id), total };
      };
      expect(await ids({})).toEqual({ ids: [4, 2, 3, 1], total: 4 });
      expect(await ids({ limit: 2, offset: 1 })).toEqual({ ids: [2, 3], total: 4 });
      expect(await ids({ kinds: ['event'] })).toEqual({ ids: [4, 1], total: 2 });
      expect(await ids({ kinds: ['venue', 'organizer'] })).toEqual({ ids: [2, 3], total: 2 });
      // One author's, without those they had published; then with them.
      expect(await ids({ scope: { all: false, author: 7, published: false } })).toEqual({
        ids: [2],
        total: 1,
      });
      expect(await ids({ scope: { all: false, author: 7, published: true } })).toEqual({
        ids: [2, 1],
        total: 2,
      });
      const { rows } = await storage.read.trash.list({ ...everyone, kinds: ['organizer'] });
      expect(rows).toEqual([
        {
          id: 3,
          kind: 'organizer',
          title: 'Title 3',
          slug: 'club__trashed',
          author: 8,
          modified_utc: '2026-01-02 00:00:00',
          previous_status: 'pending',
          previous_slug: 'club',
          trashed_utc: '2026-03-02 10:00:00',
        },
      ]);
    });

    it('finds any event, venue or organizer with its record, if any', async () => {
      const storage = await trashFixture(engine);
      expect(await storage.read.trash.find(2)).toMatchObject({
        id: 2,
        kind: 'venue',
        status: 'trash',
        previous_status: 'draft',
        previous_slug: 'hall',
      });
      expect(await storage.read.trash.find(5)).toMatchObject({
        kind: 'event',
        status: 'trash',
        previous_status: null,
        previous_slug: null,
        trashed_utc: null,
      });
      expect((await storage.read.trash.find(6))?.status).toBe('publish');
      expect(await storage.read.trash.find(99)).toBeUndefined();
    });

    it('restores with the next free slug, forgetting the record', async () => {
      const storage = await trashFixture(engine);
      const restore = (id: number, kind: 'event' | 'venue', slug: string) =>
        storage.write((uow) => uow.trash.restore(id, kind, 'publish', slug, '2026-04-01 00:00:00'));
      // gig and gig-2 are taken by live events.
      expect(await restore(1, 'event', 'gig')).toBe('gig-3');
      // Only live objects of the same kind count: hall-3 is a venue, hall free.
      expect(await restore(2, 'venue', 'hall')).toBe('hall');
      const back = await storage.read.trash.find(1);
      expect(back).toMatchObject({
        status: 'publish',
        slug: 'gig-3',
        modified_utc: '2026-04-01 00:00:00',
        previous_status: null,
      });
      expect((await storage.read.trash.list(everyone)).total).toBe(2);
      // Only a trashed object is restored: a live one keeps its slug and time.
      await storage.write((uow) =>
        uow.trash.restore(6, 'event', 'draft', 'gig-2', '2026-05-01 00:00:00'),
      );
      expect(await storage.read.trash.find(6)).toMatchObject({
        status: 'publish',
        slug: 'gig',
        modified_utc: '2026-01-02 00:00:00',
      });
    });

    it('deletes one object for good, and empties the trash', async () => {
      const storage = await trashFixture(engine);
      expect(await storage.write((uow) => uow.trash.remove(3))).toBe(true);
      expect(await storage.write((uow) => uow.trash.remove(3))).toBe(false);
      expect(await storage.read.trash.find(3)).toBeUndefined();
      // Events 1, 4, 5 and venue 2; live ones stay.
      expect(await storage.write((uow) => uow.trash.empty())).toBe(4);
      expect(await storage.read.trash.list(everyone)).toEqual({ rows: [], total: 0 });
      expect((await storage.read.trash.find(6))?.status).toBe('publish');
      expect(await storage.write((uow) => uow.trash.empty())).toBe(0);
    });
  });

  describe('CalDAV names and kept lines', () => {
    it('names objects, a name passing to the object that takes it', async () => {
      const storage = await engine.open();
      expect(await storage.read.caldav.headByName('a.ics')).toBeUndefined();
      await storage.write(async (uow) => {
        await uow.caldav.putName(10, 'a.ics');
        await uow.caldav.putName(11, 'b.ics');
        await uow.caldav.putName(11, 'c.ics');
      });
      expect(await storage.read.caldav.headByName('a.ics')).toBe(10);
      expect(await storage.read.caldav.headByName('b.ics')).toBeUndefined();
      await storage.write((uow) => uow.caldav.putName(12, 'a.ics'));
      expect(await storage.read.caldav.headByName('a.ics')).toBe(12);
      expect(await storage.read.caldav.names([10, 11, 12, 13])).toEqual(
        new Map([
          [11, 'c.ics'],
          [12, 'a.ics'],
        ]),
      );
      expect(await storage.read.caldav.names([])).toEqual(new Map());
    });

    it('keeps lines per event, and drops them when none are left', async () => {
      const storage = await engine.open();
      await storage.write(async (uow) => {
        await uow.caldav.putKept(1, 'X-A:1');
        await uow.caldav.putKept(2, 'X-B:2\r\nX-C:3');
        await uow.caldav.putKept(1, 'X-A:é');
      });
      expect(await storage.read.caldav.kept([1, 2, 3])).toEqual(
        new Map([
          [1, 'X-A:é'],
          [2, 'X-B:2\r\nX-C:3'],
        ]),
      );
      await storage.write((uow) => uow.caldav.putKept(2, ''));
      expect(await storage.read.caldav.kept([1, 2])).toEqual(new Map([[1, 'X-A:é']]));
    });
  });

  describe('scheduled backups', () => {
    it('keeps the last run, beside the settings', async () => {
      const storage = await engine.open();
      expect(await storage.read.backupStatus.last()).toBeUndefined();
      const claimed = {
        started_utc: '2026-06-15 12:00:00',
        finished_utc: null,
        ok: null,
        name: null,
        error: null,
      };
      await storage.write((uow) => uow.backupStatus.put(claimed));
      expect(await storage.read.backupStatus.last()).toEqual(claimed);
      const done = {
        ...claimed,
        finished_utc: '2026-06-15 12:00:05',
        ok: true,
        name: 'almanac-x.db',
      };
      await storage.write(async (uow) => {
        expect(await uow.backupStatus.last()).toEqual(claimed);
        await uow.backupStatus.put(done);
      });
      expect(await storage.read.backupStatus.last()).toEqual(done);
      await storage.write((uow) => uow.settings.putAll({ title: 'x' }));
      expect(await storage.read.backupStatus.last()).toEqual(done);
    });

    it('empties the contents a document restores, and keeps users and settings', async () => {
      const storage = await engine.open();
      const tables = [
        'posts',
        'events',
        'venues',
        'organizers',
        'trash_meta',
        'terms',
        'event_terms',
        'series',
        'series_exceptions',
        'caldav_names',
        'event_ical_kept',
        'import_sources',
      ];
      const count = async (table: string): Promise<number> =>
        engine.name === 'sqlite'
          ? (
              (storage as SqliteStorage).db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as {
                n: number;
              }
            ).n
          : Number(
              (await (storage as PostgresStorage).pool.query(`SELECT count(*) AS n FROM ${table}`))
                .rows[0].n,
            );
      await engine.exec(
        storage,
        [
          post('venue', 1, { slug: 'hall' }),
          post('organizer', 2, { slug: 'club' }),
          post('event', 3, { slug: 'show' }),
          trashed('event', 4, 'gone', '2026-01-03 00:00:00', 'publish', null),
          "INSERT INTO terms (id, taxonomy, name, slug) VALUES (5, 'category', 'Music', 'music');",
          'INSERT INTO event_terms (event_id, term_id, position) VALUES (3, 5, 0);',
          `INSERT INTO series (id, lines, timezone, all_day, start_local, end_local, template,
             generated_from_utc, generated_until_utc, modified_utc)
           VALUES (20, '["RRULE:FREQ=DAILY"]', 'UTC', 0, '2026-06-01 10:00:00',
             '2026-06-01 11:00:00', '{}', '', '', '2026-01-05 00:00:00');`,
          "INSERT INTO series_exceptions (series_id, original_start_local) VALUES (20, '2026-06-03 10:00:00');",
        ].join('\n'),
      );
      await storage.write(async (uow) => {
        await uow.caldav.putName(3, 'show.ics');
        await uow.caldav.putKept(3, 'X-A:1');
        await uow.importSources.save('venue', 'https://example.org/v/1', 1, 'digest');
        await uow.settings.putAll({ title: 'Kept' });
      });
      for (const table of tables) expect(await count(table), table).toBeGreaterThan(0);
      const users = await count('users');

      // A unit that fails after emptying leaves everything as it was.
      await expect(
        storage.write(async (uow) => {
          await uow.backupStatus.emptyContents();
          throw new Error('import failed');
        }),
      ).rejects.toThrow('import failed');
      for (const table of tables) expect(await count(table), table).toBeGreaterThan(0);

      await storage.write((uow) => uow.backupStatus.emptyContents());
      for (const table of tables) expect(await count(table), table).toBe(0);
      expect(await count('users')).toBe(users);
      expect((await storage.read.settings.all()).title).toBe('Kept');
    });
  });
});
