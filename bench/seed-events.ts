/**
 * Seeding of events and their links: spread over five years centred on now, in several time
 * zones, 20% all-day, a few multi-day, drafts, pending, private and trashed ones, hidden and
 * featured ones, with categories, tags and organizers attached in order.
 */
import type { Db } from '../server/db/open.js';
import {
  ADJECTIVES,
  DAY_MS,
  FORMATS,
  TOPICS,
  ZONES,
  description,
  person,
  wall,
  weighted,
  zoneConverter,
  type Rng,
} from './seed-data.js';
import { postDates, slugMaker, type SeededPosts, type SeededTerms } from './seed-related.js';

export interface EventContext {
  users: number[];
  venues: SeededPosts;
  organizers: SeededPosts;
  terms: SeededTerms;
  now: Date;
}

const EVENT_STATUSES = [
  ['publish', 90],
  ['draft', 4],
  ['pending', 1.5],
  ['private', 1],
  ['trash', 3],
] as const;

const COSTS: ReadonlyArray<readonly [string[], number]> = [
  [[], 40],
  [['Free'], 10],
  [['0'], 5],
  [['5'], 8],
  [['10'], 10],
  [['15'], 8],
  [['25'], 8],
  [['€12.50'], 4],
  [['10', '20'], 5],
  [['$5', '$15', '$30'], 2],
];

/** Five years centred on today; the seeder's "now" decides which part is upcoming. */
const SPAN_DAYS = 5 * 365;

export function insertEvents(
  db: Db,
  random: Rng,
  count: number,
  ctx: EventContext,
  chunk: number,
  progress: (done: number) => void,
) {
  const post = db.prepare<[]>(`INSERT INTO posts (kind) VALUES ('event')`);
  // Positional parameters: the hottest statement of the seeding, bound a million times.
  const insert = db.prepare(
    `INSERT INTO events (id, author, status, slug, title, description, excerpt, date_utc,
       modified_utc, parent_id, timezone, start_local, end_local, start_utc, end_utc, all_day,
       cost, website, show_map, show_map_link, hide_from_listings, sticky, featured, venue_id,
       image_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
  );
  const term = db.prepare<[number, number, number]>(
    'INSERT INTO event_terms (event_id, term_id, position) VALUES (?, ?, ?)',
  );
  const organizer = db.prepare<[number, number, number]>(
    'INSERT INTO event_organizers (event_id, organizer_id, position) VALUES (?, ?, ?)',
  );
  const trashed = db.prepare<[number, string, string]>(
    `INSERT INTO trash_meta (post_id, previous_status, previous_slug, trashed_utc)
     VALUES (?, 'publish', ?, ?)`,
  );
  const zones = zoneConverter();
  const slug = slugMaker();
  const today = Math.floor(ctx.now.getTime() / DAY_MS) * DAY_MS;
  const firstDay = today - Math.floor(SPAN_DAYS / 2) * DAY_MS;
  const nowWall = wall(ctx.now.getTime());

  const one = () => {
    const id = Number(post.run().lastInsertRowid);
    const topic = random.pick(TOPICS);
    let title = `${random.pick(ADJECTIVES)} ${topic} ${random.pick(FORMATS)}`;
    if (random.chance(0.25)) title += ` with ${person(random)}`;
    const status = weighted(random, EVENT_STATUSES);
    const zone = weighted(random, ZONES);
    const allDay = random.chance(0.2);
    const day = firstDay + random.int(0, SPAN_DAYS - 1) * DAY_MS;
    let startLocal: number;
    let endLocal: number;
    if (allDay) {
      startLocal = day;
      endLocal = day + random.int(0, random.chance(0.1) ? 3 : 0) * DAY_MS + DAY_MS - 1000;
    } else {
      startLocal = day + random.int(8, 21) * 3_600_000 + random.int(0, 3) * 900_000;
      endLocal = random.chance(0.04)
        ? startLocal + random.int(1, 3) * DAY_MS
        : startLocal + random.int(2, 8) * 1_800_000;
    }
    // Drafts and pending events have no slug until they are published, as in WordPress.
    let eventSlug = status === 'draft' || status === 'pending' ? '' : slug(title);
    if (status === 'trash') {
      trashed.run(id, eventSlug, nowWall);
      eventSlug = `${eventSlug}__trashed`;
    }
    const published = ctx.venues.published;
    const dates = postDates(random, ctx.now);
    const venue =
      published.length > 0 && random.chance(0.85)
        ? random.chance(0.98)
          ? random.pick(published)
          : random.pick(ctx.venues.all)
        : null;
    insert.run(
      id,
      random.pick(ctx.users),
      status,
      eventSlug,
      title,
      description(random, topic),
      random.chance(0.1) ? `${topic} for everyone.` : '',
      dates.date_utc,
      dates.modified_utc,
      zone,
      wall(startLocal),
      wall(endLocal),
      wall(zones.toUtc(zone, startLocal)),
      wall(zones.toUtc(zone, endLocal)),
      allDay ? 1 : 0,
      JSON.stringify(weighted(random, COSTS)),
      // Without a website of its own an event shows its permalink: stored as NULL.
      random.chance(0.3) ? `https://tickets.example.org/${id}` : null,
      random.chance(0.5) ? 1 : 0, // show_map
      random.chance(0.5) ? 1 : 0, // show_map_link
      random.chance(0.01) ? 1 : 0, // hide_from_listings
      random.chance(0.01) ? 1 : 0, // sticky
      random.chance(0.05) ? 1 : 0, // featured
      venue,
    );
    const categories = new Set([random.pick(ctx.terms.categories)]);
    if (random.chance(0.3)) categories.add(random.pick(ctx.terms.categories));
    const tags = new Set<number>();
    const tagCount = random.int(0, 3);
    for (let t = 0; t < tagCount; t++) tags.add(random.pick(ctx.terms.tags));
    let position = 0;
    for (const termId of [...categories, ...tags]) term.run(id, termId, position++);
    if (ctx.organizers.published.length > 0 && random.chance(0.7)) {
      const first = random.pick(ctx.organizers.published);
      organizer.run(id, first, 0);
      const second = random.pick(ctx.organizers.published);
      if (second !== first && random.chance(0.2)) organizer.run(id, second, 1);
    }
  };

  const batch = db.transaction((n: number) => {
    for (let i = 0; i < n; i++) one();
  });
  for (let done = 0; done < count;) {
    const n = Math.min(chunk, count - done);
    batch(n);
    done += n;
    progress(done);
  }
}
