/**
 * Deterministic, realistic-looking content for the benchmark database: a seeded random source,
 * the word lists titles and descriptions are built from, and wall-time ↔ UTC conversion that is
 * exact across daylight-saving changes yet cheap enough for a million events.
 */
import { DateTime } from 'luxon';

/** mulberry32: tiny, fast and good enough to spread data; the same seed gives the same database. */
export function rng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

export type Rng = ReturnType<typeof rng>;

/** Weighted choice over [value, weight] pairs. */
export function weighted<T>(random: Rng, choices: ReadonlyArray<readonly [T, number]>): T {
  const total = choices.reduce((sum, [, w]) => sum + w, 0);
  let roll = random.next() * total;
  for (const [value, weight] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return choices[choices.length - 1]![0];
}

/** Comma-separated word lists keep the data compact and readable. */
const split = (list: string) => list.split(',');

export const ADJECTIVES = split(
  'Summer,Winter,Spring,Autumn,Late,Early,Open,Grand,Little,Great,Annual,Weekly,Monthly,Community,Family,Evening,Morning,Sunday,Friday,Neighbourhood,Downtown,Riverside,Harbour,Hillside,Midnight,Golden,Silver,Quiet,Lively,Acoustic,Electric,Classic,Modern,Local,Global,Free,Charity,Student,Senior,Junior',
);

/** Subjects; `search` scenarios query one of these, so each matches a known share of events. */
export const TOPICS = split(
  'Jazz,Blues,Folk,Opera,Poetry,Pottery,Yoga,Chess,Cinema,Theatre,Dance,Salsa,Tango,Choir,Orchestra,Painting,Photography,Gardening,Cooking,Baking,Wine,Coffee,Cheese,Science,Astronomy,History,Robotics,Coding,Startup,Marketing,Knitting,Cycling,Running,Hiking,Swimming,Football,Tennis,Climbing,Birdwatching,Meditation',
);

export const FORMATS = split(
  'Night,Workshop,Festival,Meetup,Class,Concert,Fair,Market,Tour,Lecture,Tasting,Session,Club,Marathon,Showcase',
);

const FIRST = split(
  'Ada,Bruno,Chloé,Dmitri,Elena,Farid,Greta,Hiro,Ines,Jonas,Kofi,Lena,Mateo,Nadia,Oskar,Priya,Quentin,Rosa,Sven,Tariq,Uma,Viktor,Wen,Xavier,Yara,Zoltan',
);
const LAST = split(
  'Almeida,Brandt,Castillo,Dubois,Eriksen,Fischer,García,Haddad,Ibrahim,Jansen,Kowalski,Larsen,Moreau,Nakamura,Okafor,Petrov,Quinn,Rossi,Schmidt,Tanaka,Ueda,Varga,Weber,Xu,Yilmaz,Zhang',
);

export const person = (random: Rng) => `${random.pick(FIRST)} ${random.pick(LAST)}`;

const SENTENCES = [
  'Join us for an afternoon of {topic} with friends old and new.',
  'Everyone is welcome, whatever their level of experience.',
  'Doors open thirty minutes before the start; seating is first come, first served.',
  'Bring your own {topic} gear if you have it; some will be available to borrow.',
  'Led by {person}, who has been sharing a love of {topic} for over a decade.',
  'Light refreshments will be served during the break.',
  'The venue is accessible by public transport and has step-free access.',
  'Tickets are limited, so book early to avoid disappointment.',
  'Part of our season celebrating {topic} in the city.',
  'Children under twelve must be accompanied by an adult.',
] as const;

export function description(random: Rng, topic: string): string {
  const count = random.int(1, 4);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    parts.push(
      random
        .pick(SENTENCES)
        .replaceAll('{topic}', topic.toLowerCase())
        .replaceAll('{person}', person(random)),
    );
  }
  return parts.join(' ');
}

export const CITIES = [
  ['Paris', 'France', 48.8566, 2.3522],
  ['Lyon', 'France', 45.764, 4.8357],
  ['Berlin', 'Germany', 52.52, 13.405],
  ['London', 'United Kingdom', 51.5072, -0.1276],
  ['New York', 'United States', 40.7128, -74.006],
  ['Chicago', 'United States', 41.8781, -87.6298],
  ['San Francisco', 'United States', 37.7749, -122.4194],
  ['Tokyo', 'Japan', 35.6762, 139.6503],
  ['Sydney', 'Australia', -33.8688, 151.2093],
  ['Toronto', 'Canada', 43.6532, -79.3832],
] as const;

export const STREETS = split(
  'High Street,Market Square,Station Road,Church Lane,Park Avenue,Mill Road,Harbour Walk,King Street,Queen Street,Garden Row',
);

export const VENUE_KINDS = split(
  'Hall,Theatre,Arts Centre,Library,Community Centre,Gallery,Park,Club,Studio,Pavilion,Church,Warehouse',
);

/** Zones events are given in, weighted roughly like a calendar with an international audience. */
export const ZONES = [
  ['Europe/Paris', 30],
  ['Europe/London', 15],
  ['America/New_York', 20],
  ['America/Los_Angeles', 10],
  ['Asia/Tokyo', 8],
  ['Australia/Sydney', 7],
  ['UTC', 10],
] as const;

const DAY_MS = 86_400_000;

const dayPrefixes = new Map<number, string>();
const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `YYYY-MM-DD HH:MM:SS` of a millisecond count read as a UTC wall clock (days cached: hot path). */
export function wall(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dayPrefixes.set(day, prefix);
  }
  const seconds = Math.floor((ms - day * DAY_MS) / 1000);
  return `${prefix} ${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/**
 * Converts wall times in a zone to UTC. Offsets are looked up once per (zone, day) at 00:00 and
 * at 23:59; only days on which they differ (daylight-saving changes) pay for an exact conversion.
 */
export function zoneConverter() {
  const days = new Map<string, readonly [number, number]>();
  const offsetAt = (zone: string, localMs: number) =>
    DateTime.fromMillis(localMs, { zone: 'UTC' }).setZone(zone, { keepLocalTime: true }).offset *
    60_000;
  return {
    /** UTC milliseconds of the wall time `localMs` (a UTC-read millisecond count) in `zone`. */
    toUtc(zone: string, localMs: number): number {
      if (zone === 'UTC') return localMs;
      const day = Math.floor(localMs / DAY_MS);
      const key = `${zone}|${day}`;
      let offsets = days.get(key);
      if (!offsets) {
        offsets = [offsetAt(zone, day * DAY_MS), offsetAt(zone, day * DAY_MS + DAY_MS - 1000)];
        days.set(key, offsets);
      }
      const offset = offsets[0] === offsets[1] ? offsets[0] : offsetAt(zone, localMs);
      return localMs - offset;
    },
  };
}

export { DAY_MS };
