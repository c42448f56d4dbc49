/** Seeding of what events link to: categories (a hierarchy), tags, venues and organizers. */
import type { Db } from '../server/db/open.js';
import {
  ADJECTIVES,
  CITIES,
  DAY_MS,
  STREETS,
  TOPICS,
  VENUE_KINDS,
  person,
  wall,
  weighted,
  type Rng,
} from './seed-data.js';

export interface SeededTerms {
  categories: number[];
  tags: number[];
}

export interface SeededPosts {
  /** Published ids, the ones events mostly link to. */
  published: number[];
  all: number[];
}

const CATEGORY_TREE: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['Music', ['Concerts', 'Jazz & Blues', 'Classical', 'Open Mic']],
  ['Arts', ['Exhibitions', 'Theatre', 'Film', 'Literature']],
  ['Sports', ['Running', 'Cycling', 'Team Sports', 'Outdoors']],
  ['Learning', ['Workshops', 'Lectures', 'Languages', 'Technology']],
  ['Food & Drink', ['Tastings', 'Markets', 'Cooking Classes', 'Festivals']],
  ['Community', ['Volunteering', 'Family', 'Wellbeing', 'Meetups']],
];

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function insertTerms(db: Db, random: Rng): SeededTerms {
  const insert = db.prepare<{
    taxonomy: string;
    name: string;
    slug: string;
    description: string;
    parent: number | null;
  }>(
    `INSERT INTO terms (taxonomy, name, slug, description, parent)
     VALUES (@taxonomy, @name, @slug, @description, @parent)`,
  );
  const categories: number[] = [];
  for (const [parentName, children] of CATEGORY_TREE) {
    const parent = Number(
      insert.run({
        taxonomy: 'category',
        name: parentName,
        slug: slugOf(parentName),
        description: `Everything about ${parentName.toLowerCase()}.`,
        parent: null,
      }).lastInsertRowid,
    );
    categories.push(parent);
    for (const name of children) {
      categories.push(
        Number(
          insert.run({
            taxonomy: 'category',
            name,
            slug: slugOf(name),
            description: random.chance(0.5) ? `${name} in and around town.` : '',
            parent,
          }).lastInsertRowid,
        ),
      );
    }
  }
  const tags: number[] = [];
  const names = new Set<string>();
  while (names.size < 100) {
    names.add(
      names.size < TOPICS.length
        ? TOPICS[names.size]!
        : `${random.pick(ADJECTIVES)} ${random.pick(TOPICS)}`,
    );
  }
  for (const name of names) {
    tags.push(
      Number(
        insert.run({
          taxonomy: 'tag',
          name,
          slug: slugOf(name),
          description: '',
          parent: null,
        }).lastInsertRowid,
      ),
    );
  }
  return { categories, tags };
}

const POST_STATUSES = [
  ['publish', 94],
  ['draft', 3],
  ['pending', 1],
  ['trash', 2],
] as const;

/** A publication date in the past three years, and a later modification no later than now. */
function postDates(random: Rng, now: Date) {
  const published = now.getTime() - random.int(1, 3 * 365) * DAY_MS - random.int(0, 86_399) * 1000;
  const modified = Math.min(now.getTime(), published + random.int(0, 60) * DAY_MS);
  return { date_utc: wall(published), modified_utc: wall(modified) };
}

/** Slugs stay unique per kind, as the API makes them: `name`, `name-2`, `name-3`… */
export function slugMaker() {
  const seen = new Map<string, number>();
  return (title: string) => {
    const base = slugOf(title) || 'untitled';
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  };
}

const posts = (db: Db) => db.prepare<[string]>('INSERT INTO posts (kind) VALUES (?)');

function trash(db: Db) {
  return db.prepare<{ post_id: number; previous_slug: string; trashed_utc: string }>(
    `INSERT INTO trash_meta (post_id, previous_status, previous_slug, trashed_utc)
     VALUES (@post_id, 'publish', @previous_slug, @trashed_utc)`,
  );
}

export function insertVenues(
  db: Db,
  random: Rng,
  count: number,
  users: number[],
  now: Date,
): SeededPosts {
  const post = posts(db);
  const trashed = trash(db);
  const insert = db.prepare(
    `INSERT INTO venues (id, author, status, slug, title, description, excerpt, date_utc,
       modified_utc, address, city, country, province, state, zip, phone, website, stateprovince,
       show_map, show_map_link, geo_lat, geo_lng)
     VALUES (@id, @author, @status, @slug, @title, @description, '', @date_utc, @modified_utc,
       @address, @city, @country, '', @state, @zip, @phone, @website, @state, @show_map,
       @show_map_link, @geo_lat, @geo_lng)`,
  );
  const slug = slugMaker();
  const result: SeededPosts = { published: [], all: [] };
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const id = Number(post.run('venue').lastInsertRowid);
      const [city, country, lat, lng] = random.pick(CITIES);
      const title = `${random.pick(ADJECTIVES)} ${random.pick(VENUE_KINDS)} ${i + 1}`;
      const status = weighted(random, POST_STATUSES);
      const geo = random.chance(0.6);
      let venueSlug = slug(title);
      if (status === 'trash') {
        trashed.run({ post_id: id, previous_slug: venueSlug, trashed_utc: wall(now.getTime()) });
        venueSlug = `${venueSlug}__trashed`;
      }
      insert.run({
        id,
        author: random.pick(users),
        status,
        slug: venueSlug,
        title,
        description: random.chance(0.5) ? `A ${title.toLowerCase()} in ${city}.` : '',
        ...postDates(random, now),
        address: `${random.int(1, 250)} ${random.pick(STREETS)}`,
        city,
        country,
        state: country === 'United States' ? 'NY' : '',
        zip: String(random.int(10000, 99999)),
        phone: random.chance(0.7) ? `+1 555 ${random.int(1000000, 9999999)}` : '',
        website: random.chance(0.5) ? `https://venue${i + 1}.example.org` : '',
        show_map: random.chance(0.8) ? 1 : 0,
        show_map_link: random.chance(0.8) ? 1 : 0,
        geo_lat: geo ? lat + (random.next() - 0.5) / 10 : null,
        geo_lng: geo ? lng + (random.next() - 0.5) / 10 : null,
      });
      result.all.push(id);
      if (status === 'publish') result.published.push(id);
    }
  })();
  return result;
}

export function insertOrganizers(
  db: Db,
  random: Rng,
  count: number,
  users: number[],
  now: Date,
): SeededPosts {
  const post = posts(db);
  const trashed = trash(db);
  const insert = db.prepare(
    `INSERT INTO organizers (id, author, status, slug, title, description, excerpt, date_utc,
       modified_utc, phone, website, email)
     VALUES (@id, @author, @status, @slug, @title, @description, '', @date_utc, @modified_utc,
       @phone, @website, @email)`,
  );
  const slug = slugMaker();
  const result: SeededPosts = { published: [], all: [] };
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const id = Number(post.run('organizer').lastInsertRowid);
      const title = random.chance(0.5) ? person(random) : `${random.pick(TOPICS)} Society ${i + 1}`;
      const status = weighted(random, POST_STATUSES);
      let organizerSlug = slug(title);
      if (status === 'trash') {
        trashed.run({
          post_id: id,
          previous_slug: organizerSlug,
          trashed_utc: wall(now.getTime()),
        });
        organizerSlug = `${organizerSlug}__trashed`;
      }
      insert.run({
        id,
        author: random.pick(users),
        status,
        slug: organizerSlug,
        title,
        description: random.chance(0.4) ? `${title} organises events all year round.` : '',
        ...postDates(random, now),
        phone: random.chance(0.6)
          ? `+44 20 ${random.int(1000, 9999)} ${random.int(1000, 9999)}`
          : '',
        website: random.chance(0.5) ? `https://organizer${i + 1}.example.org` : '',
        email: random.chance(0.6) ? `contact${i + 1}@example.org` : '',
      });
      result.all.push(id);
      if (status === 'publish') result.published.push(id);
    }
  })();
  return result;
}

export { postDates, slugOf };
