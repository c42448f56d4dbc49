/**
 * The workloads: each turns a request number into a request, so that a run cycles through many
 * ids, slugs and payloads instead of hitting one cached object. Reads are anonymous, as the
 * public calendar's are; writes use the administrator's Basic credentials.
 */
import { syncPageToken, type Fixture } from './fixture.js';
import type { RequestSource, RequestSpec } from './load.js';
import { ADJECTIVES, FORMATS, TOPICS, DAY_MS, wall } from './seed-data.js';

export const NS = '/api/calendar/events/v1';
export const SYNC = '/api/calendar/sync/v1';

export type ScenarioKind = 'read' | 'write' | 'mixed';

export interface Scenario {
  name: string;
  label: string;
  kind: ScenarioKind;
  /** Event listings: the scaling run measures these at 10k and 1M events. */
  listing: boolean;
  source(fx: Fixture, auth: string): RequestSource;
}

const at = <T>(items: readonly T[], i: number): T => items[i % items.length]!;

const get = (path: string): RequestSpec => ({ method: 'GET', path });

/** A well-mixed number from a request number (Knuth's multiplicative hash). */
const mix = (i: number) => Math.imul(i + 1, 2654435761) >>> 0;

function createBody(fx: Fixture, i: number): string {
  // Titles from the seed's 24,000 combinations: some repeat, as real ones do (slugs get
  // suffixes), without every new event landing on one of a handful of titles.
  const h = mix(i);
  const start =
    Math.floor(Date.now() / DAY_MS) * DAY_MS + ((i % 365) + 1) * DAY_MS + 19 * 3_600_000;
  return JSON.stringify({
    title: `${at(ADJECTIVES, h)} ${at(TOPICS, h >>> 8)} ${at(FORMATS, h >>> 16)}`,
    description: 'Created by the benchmark. Everyone is welcome; doors open at seven.',
    start_date: wall(start),
    end_date: wall(start + 2 * 3_600_000),
    timezone: 'Europe/Paris',
    status: 'publish',
    cost: String(5 + (i % 6) * 5),
    categories: [at(fx.categoryIds, i)],
    tags: [at(fx.tagIds, i), at(fx.tagIds, i * 13 + 5)],
    venue: at(fx.venueIds, i),
    organizer: [at(fx.organizerIds, i)],
  });
}

function updateBody(i: number): string {
  return JSON.stringify({
    title: `${at(ADJECTIVES, mix(i) >>> 4)} ${at(TOPICS, mix(i) >>> 12)} ${at(FORMATS, mix(i) >>> 20)} (updated)`,
    cost: String(10 + (i % 4) * 5),
    featured: i % 5 === 0,
  });
}

const json = { 'content-type': 'application/json' };

/** A window for a varied listing: the default one, or from a day, open or 7/30/90 days long. */
function window(fx: Fixture, h: number): string {
  const day = at(fx.days, h);
  const variant = (h >>> 12) % 5;
  if (variant === 0) return '';
  if (variant === 1) return `start_date=${day}`;
  const end = new Date(Date.parse(day) + [7, 30, 90][variant - 2]! * DAY_MS);
  return `start_date=${day}&end_date=${end.toISOString().slice(0, 10)}`;
}

const query = (...parts: string[]) => {
  const joined = parts.filter((p) => p !== '').join('&');
  return joined === '' ? '' : `?${joined}`;
};

/** The varied default listing: random windows, page 1. */
const listing =
  (fx: Fixture) =>
  (i: number): RequestSpec =>
    get(`${NS}/events${query(window(fx, mix(i)))}`);

/** Encodings browsers accept: the server picks what it supports (or none). */
export const ACCEPT_COMPRESSED = 'gzip, deflate, br';

export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'events.list',
    label: 'GET /events (varied windows, page 1)',
    kind: 'read',
    listing: true,
    source: listing,
  },
  {
    name: 'events.list.filtered',
    label: 'GET /events?categories=…&venue=… (varied)',
    kind: 'read',
    listing: true,
    source: (fx) => (i) => {
      const h = mix(i);
      const pair = at(fx.pairs, h);
      const venues = (h >>> 9) % 3 === 0 ? `${pair.venue},${at(fx.venueIds, h >>> 3)}` : pair.venue;
      return get(
        `${NS}/events${query(`categories=${pair.category}`, `venue=${venues}`, (h >>> 20) % 2 ? window(fx, h >>> 1) : '')}`,
      );
    },
  },
  {
    name: 'events.list.search',
    label: 'GET /events?search=… (varied words)',
    kind: 'read',
    listing: true,
    source: (fx) => (i) => {
      const h = mix(i);
      const words = fx.words.length > 0 ? fx.words : [fx.search];
      const text = (h >>> 7) % 4 === 0 ? `${at(words, h)} ${at(words, h >>> 14)}` : at(words, h);
      return get(
        `${NS}/events${query(`search=${encodeURIComponent(text)}`, (h >>> 21) % 3 === 0 ? window(fx, h >>> 2) : '')}`,
      );
    },
  },
  {
    name: 'events.list.deep',
    label: 'GET /events?page=N (deep pages, varied)',
    kind: 'read',
    listing: true,
    source: (fx) => (i) => {
      const low = Math.max(1, Math.floor(fx.deepPage / 2));
      return get(`${NS}/events?page=${low + (mix(i) % (fx.deepPage - low + 1))}`);
    },
  },
  {
    name: 'events.list.compressed',
    label: 'GET /events (varied, Accept-Encoding: gzip, br)',
    kind: 'read',
    listing: false,
    source: (fx) => (i) => ({
      ...listing(fx)(i),
      headers: { 'accept-encoding': ACCEPT_COMPRESSED },
    }),
  },
  {
    name: 'events.get',
    label: 'GET /events/<id>',
    kind: 'read',
    listing: true,
    source: (fx) => (i) => get(`${NS}/events/${at(fx.eventIds, mix(i))}`),
  },
  {
    name: 'events.by-slug',
    label: 'GET /events/by-slug/<slug>',
    kind: 'read',
    listing: false,
    source: (fx) => (i) => get(`${NS}/events/by-slug/${encodeURIComponent(at(fx.slugs, mix(i)))}`),
  },
  {
    name: 'venues.list',
    label: 'GET /venues',
    kind: 'read',
    listing: false,
    source: (fx) => (i) => {
      const pages = Math.max(1, Math.floor(fx.venueIds.length / 10));
      return get(`${NS}/venues${query(i % 4 === 0 ? '' : `page=${1 + (mix(i) % pages)}`)}`);
    },
  },
  {
    name: 'categories.list',
    label: 'GET /categories',
    kind: 'read',
    listing: false,
    source: () => () => get(`${NS}/categories`),
  },
  {
    name: 'sync.changes',
    label: 'GET /sync/v1/changes (full-sync pages of events)',
    kind: 'read',
    listing: true,
    source: (fx) => (i) => {
      const h = mix(i);
      const token = fx.sync ? `&page_token=${syncPageToken(fx.sync, at(fx.eventIds, h) - 1)}` : '';
      return get(`${SYNC}/changes?per_page=100${token}`);
    },
  },
  {
    name: 'events.create',
    label: 'POST /events',
    kind: 'write',
    listing: false,
    source: (fx, auth) => (i) => ({
      method: 'POST',
      path: `${NS}/events`,
      headers: { ...json, authorization: auth },
      body: createBody(fx, i),
    }),
  },
  {
    name: 'events.update',
    label: 'PATCH /events/<id>',
    kind: 'write',
    listing: false,
    source: (fx, auth) => (i) => ({
      method: 'PATCH',
      path: `${NS}/events/${at(fx.eventIds, i * 7 + 1)}`,
      headers: { ...json, authorization: auth },
      body: updateBody(i),
    }),
  },
];

/** Reads in proportion to a calendar's traffic; one request in ten writes (half create, half update). */
const MIXED_READS: ReadonlyArray<readonly [string, number]> = [
  ['events.list', 3],
  ['events.get', 3],
  ['events.by-slug', 1],
  ['events.list.filtered', 1],
  ['events.list.search', 0.5],
  ['venues.list', 0.25],
  ['categories.list', 0.25],
];

export const MIXED: Scenario = {
  name: 'mixed',
  label: 'Mixed: 90% reads / 10% writes',
  kind: 'mixed',
  listing: false,
  source(fx, auth) {
    const byName = new Map(SCENARIOS.map((s) => [s.name, s.source(fx, auth)]));
    const reads: RequestSource[] = [];
    for (const [name, weight] of MIXED_READS)
      for (let k = 0; k < weight * 4; k++) reads.push(byName.get(name)!);
    const create = byName.get('events.create')!;
    const update = byName.get('events.update')!;
    return (i) => {
      if (i % 10 === 0) return (i / 10) % 2 === 0 ? create(i) : update(i);
      // Spread reads over the weighted list with a stride coprime to its length.
      return reads[(i * 7) % reads.length]!(i);
    };
  },
};

export const ALL_SCENARIOS: readonly Scenario[] = [...SCENARIOS, MIXED];
