/**
 * The change log appended by the write path (storage/change-log.ts), the same assertions on
 * SQLite and PostgreSQL: every repository method that writes an event, venue, organizer or term,
 * or what their representation shows, records exactly the objects it changed (the events a
 * cascade of a foreign key writes, the terms whose count moves) in its unit of work. No trigger
 * records anything: a statement outside the write path shows nothing. The last test ties the
 * list of methods exercised here to the repositories' write methods, so a new one cannot be
 * added without saying what it records.
 */
import { describe, expect, it } from 'vitest';
import type { ChangesReader } from '../../../server/storage/changes.js';
import type { LinkedValues, Own, VenueRow } from '../../../server/storage/linked-posts.js';
import type { SeriesRow } from '../../../server/storage/series.js';
import type { Storage, UnitOfWork } from '../../../server/storage/storage.js';
import type { NewTerm } from '../../../server/storage/terms.js';
import { ENGINES, type Engine } from './engines.js';
import { eventRow } from './event-rows.js';
import type { EventRow } from '../../../server/storage/events.js';

const shared = (title: string, extra: Partial<LinkedValues> = {}): LinkedValues => ({
  author: null,
  status: 'publish',
  slug: title.toLowerCase(),
  title,
  description: '',
  excerpt: '',
  date_utc: '2026-01-01 10:00:00',
  modified_utc: '2026-01-01 10:00:00',
  image_id: null,
  ...extra,
});

const venue: Own<VenueRow> = {
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
};

const term = (
  taxonomy: 'category' | 'tag',
  name: string,
  parent: number | null = null,
): NewTerm => ({
  taxonomy,
  name,
  slug: name.toLowerCase(),
  description: '',
  parent,
  color: null,
});

const seriesRow = (id: number): SeriesRow => ({
  id,
  lines: '["RRULE:FREQ=DAILY"]',
  timezone: 'Europe/Paris',
  all_day: 0,
  start_local: '2026-05-01 20:00:00',
  end_local: '2026-05-01 22:00:00',
  template: '{}',
  last_start_utc: null,
  modified_utc: '2026-04-01 10:00:00',
  slot: 1,
  slot_origin: 20574,
  creator: null,
  created_utc: '2026-04-01 10:00:00',
});

/** Every change committed after `after`: `kind:id action`, in the feed's order. */
async function changesAfter(feed: ChangesReader, after: number): Promise<string[]> {
  const page = await feed.page((state) => ({
    mode: 'changes',
    after: feed.cursors.after(after),
    upTo: state.seq,
    limit: 1000,
    rows: false,
    names: false,
  }));
  return page.changes.map((c) => `${c.kind}:${c.item_id} ${c.action}`);
}

/** The repository methods (`repo.method`) the tests below called, on every engine. */
const exercised = new Set<string>();

/**
 * Runs `body` in a unit of work and answers what it recorded (sorted: the order within one unit
 * of work is the write path's, checked where it matters).
 */
async function recorded(
  storage: Storage,
  methods: string[],
  body: (uow: UnitOfWork) => Promise<unknown>,
): Promise<string[]> {
  for (const method of methods) exercised.add(method);
  const before = (await storage.read.changes.state()).seq;
  await storage.write(body);
  return (await changesAfter(storage.read.changes, before)).sort();
}

/** A calendar: a user, an image, a venue, an organizer, terms and two linked events. */
async function calendar(engine: Engine) {
  const storage = await engine.open();
  await engine.exec(
    storage,
    `INSERT INTO users (id, login, role, password_hash, created_utc, modified_utc)
     VALUES (7, 'ann', 'author', 'x', '2026-01-01 00:00:00', '2026-01-01 00:00:00')`,
  );
  const ids = await storage.write(async (uow) => {
    const image = await uow.media.insert({
      author: 7,
      url: 'https://example.org/a.png',
      file: '',
      original_name: 'a.png',
      mime_type: 'image/png',
      width: null,
      height: null,
      filesize: null,
      created_utc: '2026-01-01 00:00:00',
    });
    const hall = await uow.venues.insert(shared('Hall', { author: 7, image_id: image }), venue);
    const club = await uow.organizers.insert(shared('Club'), {
      phone: '',
      website: '',
      email: '',
    });
    const jazz = await uow.terms.insert(term('category', 'Jazz'));
    const live = await uow.terms.insert(term('tag', 'Live'));
    const events: number[] = [];
    for (const extra of [
      { author: 7, venue_id: hall, image_id: image },
      { status: 'draft' as const },
    ] satisfies Array<Partial<EventRow>>) {
      const id = await uow.events.newId();
      await uow.events.insert(eventRow(id, extra));
      await uow.events.setOrganizers(id, [club], true);
      await uow.events.setTerms(id, 'category', [jazz], true);
      await uow.events.setTerms(id, 'tag', [live], true);
      events.push(id);
    }
    return { image, hall, club, jazz, live, shown: events[0]!, draft: events[1]! };
  });
  return { storage, ...ids };
}

describe.each(ENGINES)('the change log written by the write path on $name', (engine) => {
  it('records events, their links and the terms whose count moves', async () => {
    const c = await calendar(engine);
    const { storage } = c;
    const created = await recorded(storage, ['events.newId', 'events.insert'], async (uow) => {
      const id = await uow.events.newId();
      await uow.events.insert(eventRow(id, { status: 'draft' }));
    });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatch(/^event:\d+ created$/);

    const shown = await storage.read.events.get(c.shown);
    // Unpublished: the event, and the terms that counted it.
    expect(
      await recorded(storage, ['events.update'], (uow) =>
        uow.events.update({ ...shown!, status: 'draft' }),
      ),
    ).toEqual([`category:${c.jazz} updated`, `event:${c.shown} updated`, `tag:${c.live} updated`]);
    expect(
      await recorded(storage, ['events.update'], (uow) =>
        uow.events.update({ ...shown!, status: 'draft', title: 'Again' }),
      ),
    ).toEqual([`event:${c.shown} updated`]);
    // A draft's links move no count: only the event, for the link it lost.
    expect(
      await recorded(storage, ['events.setTerms'], (uow) =>
        uow.events.setTerms(c.draft, 'category', []),
      ),
    ).toEqual([`event:${c.draft} updated`]);
    expect(
      await recorded(storage, ['events.setOrganizers'], (uow) =>
        uow.events.setOrganizers(c.draft, []),
      ),
    ).toEqual([`event:${c.draft} updated`]);
    // A link added changes the event through its own update, not by itself.
    expect(
      await recorded(storage, ['events.setOrganizers'], (uow) =>
        uow.events.setOrganizers(c.draft, [c.club]),
      ),
    ).toEqual([]);
    await storage.write((uow) => uow.events.update({ ...shown!, status: 'publish' }));
    expect(
      await recorded(storage, ['events.setTerms'], (uow) =>
        uow.events.setTerms(c.shown, 'category', []),
      ),
    ).toEqual([`category:${c.jazz} updated`, `event:${c.shown} updated`]);
    expect(
      await recorded(storage, ['events.setTerms'], (uow) =>
        uow.events.setTerms(c.shown, 'category', [c.jazz], true),
      ),
    ).toEqual([`category:${c.jazz} updated`]);

    const [due] = await storage.write(async (uow) => {
      const id = await uow.events.newId();
      await uow.events.insert(eventRow(id, { status: 'future', date_utc: '2026-01-02 00:00:00' }));
      await uow.events.setTerms(id, 'tag', [c.live], true);
      return [id];
    });
    expect(
      await recorded(storage, ['events.publishDue'], (uow) =>
        uow.events.publishDue('2026-06-01 00:00:00'),
      ),
    ).toEqual([`event:${due} updated`, `tag:${c.live} updated`]);
    // Written outside the write path, nothing is recorded: no trigger does it.
    const before = (await storage.read.changes.state()).seq;
    await engine.exec(storage, `UPDATE events SET title = 'Raw' WHERE id = ${c.shown}`);
    expect(await changesAfter(storage.read.changes, before)).toEqual([]);
  });

  it('records venues and organizers with the events that show them', async () => {
    const c = await calendar(engine);
    const { storage } = c;
    const hall = (await storage.read.venues.find(c.hall))!;
    const club = (await storage.read.organizers.find(c.club))!;
    expect(
      await recorded(storage, ['venues.update'], (uow) =>
        uow.venues.update(c.hall, shared('Great Hall', { author: 7, image_id: c.image }), venue),
      ),
    ).toEqual([`event:${c.shown} updated`, `venue:${c.hall} updated`]);
    expect(
      await recorded(storage, ['organizers.update'], (uow) =>
        uow.organizers.update(c.club, shared('Night Club'), club),
      ),
    ).toEqual(
      [
        `event:${c.shown} updated`,
        `event:${c.draft} updated`,
        `organizer:${c.club} updated`,
      ].sort(),
    );
    expect(
      await recorded(storage, ['venues.trash'], (uow) =>
        uow.venues.trash(hall, { ...shared('Hall'), status: 'trash' }, '2026-02-01 00:00:00'),
      ),
    ).toEqual([`event:${c.shown} updated`, `venue:${c.hall} updated`]);
    expect((await storage.read.events.get(c.shown))!.venue_id).toBeNull();
    expect(
      await recorded(storage, ['organizers.trash'], (uow) =>
        uow.organizers.trash(club, { ...shared('Club'), status: 'trash' }, '2026-02-01 00:00:00'),
      ),
    ).toEqual(
      [
        `event:${c.shown} updated`,
        `event:${c.draft} updated`,
        `organizer:${c.club} updated`,
      ].sort(),
    );
    expect(
      await recorded(storage, ['venues.insert'], (uow) =>
        uow.venues.insert(shared('Annex'), venue),
      ),
    ).toHaveLength(1);
    expect(
      await recorded(storage, ['organizers.insert'], (uow) =>
        uow.organizers.insert(shared('Band'), { phone: '', website: '', email: '' }),
      ),
    ).toHaveLength(1);
    expect(
      await recorded(storage, ['venues.forgetTrash', 'organizers.forgetTrash'], async (uow) => {
        await uow.venues.forgetTrash(c.hall);
        await uow.organizers.forgetTrash(c.club);
      }),
    ).toEqual([]);
  });

  it('records terms with the events that show them, and their children', async () => {
    const c = await calendar(engine);
    const { storage } = c;
    const child = await storage.write((uow) => uow.terms.insert(term('category', 'Bebop', c.jazz)));
    expect(
      await recorded(storage, ['terms.insert'], (uow) => uow.terms.insert(term('tag', 'New'))),
    ).toHaveLength(1);
    // Its colour is not shown by events: the term alone.
    expect(
      await recorded(storage, ['terms.update'], (uow) =>
        uow.terms.update(c.jazz, { ...term('category', 'Jazz'), color: '#112233' }),
      ),
    ).toEqual([`category:${c.jazz} updated`]);
    expect(
      await recorded(storage, ['terms.update'], (uow) =>
        uow.terms.update(c.jazz, { ...term('category', 'Jazz & Blues'), slug: 'jazz' }),
      ),
    ).toEqual(
      [`category:${c.jazz} updated`, `event:${c.shown} updated`, `event:${c.draft} updated`].sort(),
    );
    expect(
      await recorded(storage, ['terms.setSlug'], (uow) => uow.terms.setSlug(c.live, 'live-2')),
    ).toEqual(
      [`event:${c.shown} updated`, `event:${c.draft} updated`, `tag:${c.live} updated`].sort(),
    );
    expect(
      await recorded(storage, ['terms.remove'], (uow) => uow.terms.remove(c.jazz, null)),
    ).toEqual(
      [
        `category:${child} updated`,
        `category:${c.jazz} deleted`,
        `event:${c.shown} updated`,
        `event:${c.draft} updated`,
      ].sort(),
    );
  });

  it('records series occurrences joined, changed, moved and deleted', async () => {
    const c = await calendar(engine);
    const { storage } = c;
    const [first, second, third] = await storage.write(async (uow) => {
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) {
        const id = await uow.events.newId();
        await uow.events.insert(eventRow(id));
        await uow.events.setTerms(id, 'tag', [c.live], true);
        ids.push(id);
      }
      await uow.series.insert(seriesRow(ids[0]!));
      await uow.series.insert(seriesRow(ids[2]!));
      return ids as [number, number, number];
    });
    expect(
      await recorded(storage, ['series.join'], async (uow) => {
        await uow.series.join(first, first, null, '2026-05-01 20:00:00');
        await uow.series.join(second, first, first, '2026-05-02 20:00:00');
      }),
    ).toEqual([`event:${first} updated`, `event:${second} updated`]);
    expect(
      await recorded(storage, ['series.setDetached'], (uow) =>
        uow.series.setDetached(second, ['title']),
      ),
    ).toEqual([`event:${second} updated`]);
    expect(
      await recorded(storage, ['series.setOriginal'], (uow) =>
        uow.series.setOriginal(second, '2026-05-03 20:00:00'),
      ),
    ).toEqual([`event:${second} updated`]);
    expect(
      await recorded(storage, ['series.moveFrom'], (uow) =>
        uow.series.moveFrom(first, third, '2026-05-02 00:00:00'),
      ),
    ).toEqual([`event:${second} updated`]);
    expect(await recorded(storage, ['series.remove'], (uow) => uow.series.remove(first))).toEqual([
      `event:${first} updated`,
    ]);
    // A published occurrence deleted for good: gone, and its terms counted one less.
    expect(
      await recorded(storage, ['series.deleteEvents'], (uow) => uow.series.deleteEvents([second])),
    ).toEqual([`event:${second} deleted`, `tag:${c.live} updated`]);
    expect(
      await recorded(
        storage,
        ['series.insert', 'series.update', 'series.setExceptions'],
        async (uow) => {
          await uow.series.update(seriesRow(third));
          await uow.series.setExceptions(third, ['2026-05-09 20:00:00']);
        },
      ),
    ).toEqual([]);
  });

  it('records what the trash restores and deletes, with the objects that showed them', async () => {
    const c = await calendar(engine);
    const { storage } = c;
    const hall = (await storage.read.venues.find(c.hall))!;
    await storage.write(async (uow) => {
      await uow.venues.trash(hall, { ...hall, status: 'trash' }, '2026-02-01 00:00:00');
      const shown = (await uow.events.get(c.shown))!;
      await uow.events.putTrashMeta({
        post_id: c.shown,
        previous_status: 'publish',
        previous_slug: shown.slug,
        trashed_utc: '2026-02-01 00:00:00',
      });
      await uow.events.update({ ...shown, status: 'trash' });
    });
    expect(
      await recorded(storage, ['trash.restore', 'events.dropTrashMeta'], (uow) =>
        uow.trash.restore(c.shown, 'event', 'publish', 'event', '2026-02-02 00:00:00'),
      ),
    ).toEqual([`category:${c.jazz} updated`, `event:${c.shown} updated`, `tag:${c.live} updated`]);
    expect(
      await recorded(storage, ['trash.restore'], (uow) =>
        uow.trash.restore(c.hall, 'venue', 'draft', 'hall', '2026-02-02 00:00:00'),
      ),
    ).toEqual([`venue:${c.hall} updated`]);
    // The draft event linked to the organizer: deleting the organizer changes it.
    const club = (await storage.read.organizers.find(c.club))!;
    await storage.write((uow) =>
      uow.organizers.trash(club, { ...club, status: 'trash' }, '2026-02-01 00:00:00'),
    );
    await storage.write((uow) => uow.events.setOrganizers(c.draft, [], true));
    expect(
      await recorded(storage, ['trash.remove'], async (uow) => {
        await uow.trash.remove(c.club);
      }),
    ).toEqual([`organizer:${c.club} deleted`]);
    await storage.write(async (uow) => {
      const draft = (await uow.events.get(c.draft))!;
      await uow.events.update({ ...draft, status: 'trash', parent_id: null });
      const shown = (await uow.events.get(c.shown))!;
      await uow.events.update({ ...shown, parent_id: c.draft });
    });
    expect(
      await recorded(storage, ['trash.empty'], async (uow) => {
        await uow.trash.empty();
      }),
    ).toEqual([`event:${c.draft} deleted`, `event:${c.shown} updated`].sort());
  });

  it('records the posts a deleted image or user leaves, and the events their venue shows', async () => {
    const c = await calendar(engine);
    const { storage } = c;
    expect(
      await recorded(storage, ['media.insert', 'media.remove'], (uow) => uow.media.remove(c.image)),
    ).toEqual([`event:${c.shown} updated`, `venue:${c.hall} updated`]);
    expect((await storage.read.events.get(c.shown))!.image_id).toBeNull();
    expect(
      await recorded(storage, ['users.insert', 'users.update', 'users.remove'], async (uow) => {
        await uow.users.remove(7);
      }),
    ).toEqual([`event:${c.shown} updated`, `venue:${c.hall} updated`]);
    const page = await storage.read.changes.page((state) => ({
      mode: 'changes',
      after: storage.read.changes.cursors.after(0),
      upTo: state.seq,
      limit: 1000,
      rows: false,
      names: false,
    }));
    // The author the foreign key set to none is the one the log keeps.
    expect(page.changes.find((ch) => ch.kind === 'venue')!.author).toBeNull();
  });
});

/**
 * Repository methods that write nothing the feed shows (an id, the trash's memory, a series'
 * rule, a media row or user before anything points at it).
 */
const NOT_IN_FEED = new Set([
  'events.newId',
  'events.claimId',
  'events.putTrashMeta',
  'events.dropTrashMeta',
  'series.insert',
  'series.update',
  'series.setExceptions',
  'venues.forgetTrash',
  'organizers.forgetTrash',
  'media.insert',
  'users.insert',
  'users.update',
]);

const COVERED_REPOSITORIES = [
  'events',
  'series',
  'venues',
  'organizers',
  'terms',
  'trash',
  'media',
  'users',
] as const;

// Runs after the tests above (a file's tests run in order): every write method of the
// repositories that write the feed's tables was called by them, or is listed as writing nothing
// the feed shows. A new write method needs its case here.
it('calls every write method of the repositories that write the objects of the feed', async () => {
  const storage = await ENGINES[0]!.open();
  const methods = await storage.write(async (uow) =>
    COVERED_REPOSITORIES.flatMap((repo) =>
      Object.keys(uow[repo])
        .filter((method) => !(method in storage.read[repo]))
        .map((method) => `${repo}.${method}`),
    ),
  );
  const missing = methods.filter((m) => !exercised.has(m) && !NOT_IN_FEED.has(m));
  expect(missing).toEqual([]);
  expect(methods.length).toBeGreaterThan(20);
});
