/**
 * The storage contract of event listings and search (storage/listing.ts): on one calendar seeded
 * alike on SQLite and PostgreSQL, the same pages, counts, orders, ids and search answers, for
 * every filter, visibility and order a listing composes; and a few answers checked by hand.
 */
import { describe, expect, it } from 'vitest';
import type { PostStatus } from '../../../shared/roles.js';
import type { EventRow } from '../../../server/storage/events.js';
import type { LinkedValues } from '../../../server/storage/linked-posts.js';
import type { EventQuery, Visibility } from '../../../server/storage/listing.js';
import type { Storage } from '../../../server/storage/storage.js';
import { ENGINES, type Engine } from './engines.js';

const EVENTS = 96;
const FIRST_EVENT = 1000;
const STATUSES: PostStatus[] = [
  'publish',
  'publish',
  'publish',
  'draft',
  'pending',
  'private',
  'future',
  'trash',
];
const TITLES = [
  'Jazz night',
  'Tango class',
  'Jazz festival',
  'Yoga morning',
  'Théâtre d’été',
  'Tangerine market',
];
const CATEGORY_A = 9001;
const CATEGORY_B = 9002;
const TAG = 9003;

const linked = (title: string): LinkedValues => ({
  author: null,
  status: 'publish',
  slug: title.toLowerCase(),
  title,
  description: '',
  excerpt: '',
  date_utc: '2026-01-01 10:00:00',
  modified_utc: '2026-01-01 10:00:00',
  image_id: null,
});

const place = (lat: number | null, lng: number | null) => ({
  address: '',
  city: '',
  country: '',
  province: '',
  state: '',
  zip: '',
  phone: '',
  website: '',
  stateprovince: '',
  show_map: 0 as const,
  show_map_link: 0 as const,
  geo_lat: lat,
  geo_lng: lng,
});

const pad = (n: number) => String(n).padStart(2, '0');
const at = (day: number, hour: number) => {
  const date = new Date(Date.UTC(2026, 5, 1 + day, hour));
  return date.toISOString().slice(0, 19).replace('T', ' ');
};

interface Seeded {
  venues: number[];
  organizers: number[];
}

/** Users, terms, venues and organizers through the ports where they exist, events in SQL. */
async function seed(engine: Engine, storage: Storage): Promise<Seeded> {
  const [venues, organizers] = await storage.write(async (uow) => [
    [
      await uow.venues.insert(linked('Lyon hall'), place(45.76, 4.835)),
      await uow.venues.insert(linked('Paris club'), place(48.85, 2.35)),
      await uow.venues.insert(linked('Nowhere'), place(null, null)),
    ],
    [
      await uow.organizers.insert(linked('Ada'), { phone: '', website: '', email: 'a@x.org' }),
      await uow.organizers.insert(linked('Bob'), { phone: '', website: '', email: 'b@x.org' }),
    ],
  ]);
  const sql = [
    `INSERT INTO users (id, login, role, password_hash, created_utc, modified_utc) VALUES
      (1, 'ann', 'author', 'x', '2026-01-01 00:00:00', '2026-01-01 00:00:00'),
      (2, 'cid', 'contributor', 'x', '2026-01-01 00:00:00', '2026-01-01 00:00:00')`,
    `INSERT INTO terms (id, taxonomy, name, slug) VALUES
      (${CATEGORY_A}, 'category', 'Music', 'music'), (${CATEGORY_B}, 'category', 'Dance', 'dance'),
      (${TAG}, 'tag', 'Free', 'free')`,
  ];
  for (let i = 0; i < EVENTS; i++) {
    const id = FIRST_EVENT + i;
    // Every tenth event starts with others at the same instant: the id breaks the tie.
    const start = i % 10 === 0 ? at(9, 10) : at((i * 17) % 70, (i * 7) % 24);
    const end = i % 5 === 0 ? at(((i * 17) % 70) + 3, 1) : at((i * 17) % 70, ((i * 7) % 24) + 2);
    const [first, last] = start <= end ? [start, end] : [start, start];
    const author = i % 3 === 2 ? 'NULL' : String((i % 3) + 1);
    const venue = i % 4 === 3 ? 'NULL' : String(venues![i % 4 === 2 ? 2 : i % 2]);
    const title = `${TITLES[i % TITLES.length]} ${i % 2 === 0 ? 'Trio' : 'tanguero'}`;
    sql.push(
      `INSERT INTO posts (id, kind) VALUES (${id}, 'event')`,
      `INSERT INTO events (id, author, status, slug, title, description, date_utc, modified_utc,
         timezone, start_local, end_local, start_utc, end_utc, featured, hide_from_listings,
         venue_id, parent_id)
       VALUES (${id}, ${author}, '${STATUSES[i % STATUSES.length]}', 'e${id}', '${title}',
         '${i % 7 === 0 ? 'Quartet live' : ''}', '2026-0${(i % 5) + 1}-${pad((i % 27) + 1)} 08:00:00',
         '2026-0${(i % 4) + 1}-${pad((i % 23) + 1)} 09:00:00', 'UTC', '${first}', '${last}',
         '${first}', '${last}', ${i % 4 === 0 ? 1 : 0}, ${i % 13 === 12 ? 1 : 0}, ${venue},
         ${i % 9 === 8 ? FIRST_EVENT : 'NULL'})`,
    );
    if (i % 2 === 0) sql.push(term(id, CATEGORY_A));
    if (i % 3 === 0) sql.push(term(id, CATEGORY_B));
    if (i % 5 === 0) sql.push(term(id, TAG));
    if (i % 3 === 0) sql.push(organizer(id, organizers![0]!));
    if (i % 4 === 1) sql.push(organizer(id, organizers![1]!));
  }
  for (const statement of sql) await engine.exec(storage, statement);
  return { venues: venues!, organizers: organizers! };
}

const term = (event: number, id: number) =>
  `INSERT INTO event_terms (event_id, term_id, position) VALUES (${event}, ${id}, 0)`;
const organizer = (event: number, id: number) =>
  `INSERT INTO event_organizers (event_id, organizer_id, position) VALUES (${event}, ${id}, 0)`;

const VISIBILITIES: Visibility[] = [
  { kind: 'all', statuses: ['publish'] },
  { kind: 'all', statuses: ['publish', 'draft', 'private', 'future'] },
  { kind: 'own', publish: true, own: ['draft', 'pending'], author: 1 },
  { kind: 'own', publish: false, own: ['private', 'future'], author: 2 },
  { kind: 'own', publish: false, own: [], author: 2 },
];

/** Every filter a listing composes, alone and in a few combinations. */
function queries(seeded: Seeded, candidates: number[]): Array<Omit<EventQuery, 'visibility'>> {
  const [lyon, paris] = seeded.venues;
  const [ada, bob] = seeded.organizers;
  return [
    {},
    { startMin: at(5, 0), endMax: at(40, 23) },
    { startMin: at(9, 10), endMax: at(9, 12) },
    { startsAfter: at(9, 10), startsBefore: at(50, 0) },
    { endsAfter: at(20, 0), endsBefore: at(60, 0) },
    { categories: [CATEGORY_A] },
    { categories: [CATEGORY_A, CATEGORY_B], tags: [TAG] },
    { tags: [TAG], startMin: at(0, 0), endMax: at(69, 0) },
    { venues: [lyon!] },
    { venues: [lyon!, paris!], featured: false },
    { organizers: [ada!] },
    { organizers: [ada!, bob!], categories: [CATEGORY_B] },
    { include: [FIRST_EVENT + 5, FIRST_EVENT + 1, FIRST_EVENT + 40, FIRST_EVENT + 2, 1] },
    { parent: FIRST_EVENT },
    { featured: true },
    { geo: { kind: 'has', value: true } },
    { geo: { kind: 'has', value: false } },
    {
      geo: {
        kind: 'near',
        lat: 45.7,
        lng: 4.8,
        radiusKm: 50,
        minLat: 45.2,
        maxLat: 46.2,
        minLng: 4.1,
        maxLng: 5.5,
      },
    },
    { geo: { kind: 'near', lat: 47, lng: 3, radiusKm: 400, minLat: 43, maxLat: 51 } },
    { search: candidates },
    { search: candidates, startMin: at(0, 0), endMax: at(30, 0), categories: [CATEGORY_A] },
    { search: [] },
    { dueBy: '2026-03-15 00:00:00' },
    { dueBy: '2026-03-15 00:00:00', startMin: at(0, 0), endMax: at(69, 0) },
  ];
}

const ORDERS: Array<EventQuery['order']> = [
  undefined,
  { by: 'start_date', dir: 'desc' },
  { by: 'end_date', dir: 'asc' },
  { by: 'title', dir: 'asc' },
  { by: 'title', dir: 'desc' },
  { by: 'date', dir: 'desc' },
  { by: 'modified', dir: 'asc' },
];

/** What a query answers on one engine: pages, the count and every id. */
async function answers(storage: Storage, q: EventQuery) {
  const listing = storage.read.listing;
  const ids = (rows: EventRow[]) => rows.map((row) => row.id);
  return {
    first: ids(await listing.page(q, 7, 0)),
    second: ids(await listing.page(q, 7, 5)),
    known: ids(await listing.page(q, 4, 2, await listing.count(q))),
    count: await listing.count(q),
    ...(q.order === undefined ? { all: await listing.allIds(q) } : {}),
  };
}

async function openSeeded(engine: Engine) {
  const storage = await engine.open();
  return { storage, seeded: await seed(engine, storage) };
}

describe('event listings on SQLite and PostgreSQL', () => {
  it('give the same pages, counts, orders and ids for every filter, visibility and order', async () => {
    const [sqlite, postgres] = await Promise.all(ENGINES.map(openSeeded));
    const candidates = await sqlite!.storage.read.listing.searchCandidates(['jazz']);
    expect(await postgres!.storage.read.listing.searchCandidates(['jazz'])).toEqual(candidates);
    let compared = 0;
    let nonEmpty = 0;
    for (const filters of queries(sqlite!.seeded, candidates)) {
      for (const visibility of VISIBILITIES) {
        for (const order of filters.include ? [undefined, ORDERS[3]] : ORDERS) {
          const q: EventQuery = { visibility, ...filters, order };
          const label = JSON.stringify(q);
          const expected = await answers(sqlite!.storage, q);
          expect(await answers(postgres!.storage, q), label).toEqual(expected);
          compared++;
          if (expected.count > 0) nonEmpty++;
        }
      }
    }
    expect(compared).toBeGreaterThan(600);
    // The calendar is not trivially empty for most queries.
    expect(nonEmpty).toBeGreaterThan(compared / 2);
  });

  it('read whole rows alike', async () => {
    const [sqlite, postgres] = await Promise.all(ENGINES.map(openSeeded));
    const q: EventQuery = { visibility: VISIBILITIES[1]!, startMin: at(0, 0), endMax: at(80, 0) };
    const rows = await sqlite!.storage.read.listing.page(q, 50, 0);
    expect(rows.length).toBeGreaterThan(20);
    expect(await postgres!.storage.read.listing.page(q, 50, 0)).toEqual(rows);
  });
});

describe.each(ENGINES)('event listings on $name', (engine) => {
  it('list published listed events in start order, the id breaking ties', async () => {
    const { storage } = await openSeeded(engine);
    const q: EventQuery = {
      visibility: { kind: 'all', statuses: ['publish'] },
      startMin: at(9, 10),
      endMax: at(9, 12),
    };
    // Events 0, 10, 20, … start together; only event 0 also ends in the window (the seed makes
    // an end before the start the start itself).
    expect(await storage.read.listing.allIds(q)).toEqual([FIRST_EVENT]);
    expect(await storage.read.listing.count(q)).toBe(1);
    const ties: EventQuery = {
      visibility: q.visibility,
      startsAfter: at(9, 9),
      startsBefore: at(9, 11),
    };
    const ids = await storage.read.listing.allIds(ties);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toEqual(
      [0, 10, 20, 30, 40, 50, 60, 70, 80, 90]
        .filter((i) => i % 8 < 3 && i % 13 !== 12)
        .map((i) => FIRST_EVENT + i),
    );
  });

  it('find search candidates newest first, every word whole but the last', async () => {
    const { storage } = await openSeeded(engine);
    const expected = (match: (i: number) => boolean) =>
      Array.from({ length: EVENTS }, (_, i) => i)
        .filter(match)
        .map((i) => FIRST_EVENT + i)
        .reverse();
    const listing = storage.read.listing;
    expect(await listing.searchCandidates(['jazz'])).toEqual(
      expected((i) => i % 6 === 0 || i % 6 === 2),
    );
    // The last word is a prefix: "tang" finds Tango, Tangerine and "tanguero".
    expect(await listing.searchCandidates(['tang'])).toEqual(
      expected((i) => i % 6 === 1 || i % 6 === 5 || i % 2 === 1),
    );
    // A whole word before the last: "tang" alone is no word of any title.
    expect(await listing.searchCandidates(['tang', 'trio'])).toEqual([]);
    expect(await listing.searchCandidates(['jazz', 'trio'])).toEqual(
      expected((i) => (i % 6 === 0 || i % 6 === 2) && i % 2 === 0),
    );
    // Diacritics are folded: "ete" finds "été".
    expect(await listing.searchCandidates(['ete'])).toEqual(expected((i) => i % 6 === 4));
    expect(await listing.searchCandidates(['quartet', 'live'])).toEqual(
      expected((i) => i % 7 === 0),
    );
    expect(await listing.searchCandidates([])).toEqual([]);
  });

  it('site search: the visible matches newest first, at most the limit', async () => {
    const { storage } = await openSeeded(engine);
    const listing = storage.read.listing;
    const published = await listing.siteSearch(['jazz'], { kind: 'all', statuses: ['publish'] }, 4);
    expect(published).toEqual(
      Array.from({ length: EVENTS }, (_, i) => EVENTS - 1 - i)
        .filter((i) => (i % 6 === 0 || i % 6 === 2) && i % 8 < 3)
        .slice(0, 4)
        .map((i) => ({
          id: FIRST_EVENT + i,
          title: `${TITLES[i % 6]} Trio`,
          status: 'publish',
        })),
    );
    const own = await listing.siteSearch(
      ['jazz'],
      { kind: 'own', publish: false, own: ['draft', 'pending', 'private', 'future'], author: 1 },
      100,
    );
    expect(own.map((hit) => hit.id)).toEqual(
      Array.from({ length: EVENTS }, (_, i) => i)
        .filter((i) => (i % 6 === 0 || i % 6 === 2) && i % 3 === 0)
        .filter((i) => ['draft', 'pending', 'private', 'future'].includes(STATUSES[i % 8]!))
        .map((i) => FIRST_EVENT + i)
        .reverse(),
    );
    expect(await listing.siteSearch([], { kind: 'all', statuses: ['publish'] }, 4)).toEqual([]);
  });

  it('a search listing from the engine’s own index, if any, is the general plan’s', async () => {
    const { storage } = await openSeeded(engine);
    const listing = storage.read.listing;
    for (const words of [['jazz'], ['tang'], ['nothing']]) {
      const q: EventQuery = {
        visibility: { kind: 'all', statuses: ['publish'] },
        startMin: at(0, 0),
        endMax: at(50, 0),
      };
      const found = await listing.searchPage(q, words, 5, 2);
      if (engine.name === 'postgres') {
        expect(found).toBeUndefined();
        continue;
      }
      const general = { ...q, search: await listing.searchCandidates(words) };
      expect(found).toEqual({
        total: await listing.count(general),
        rows: await listing.page(general, 5, 2),
      });
    }
  });
});
