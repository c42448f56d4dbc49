/**
 * The workloads: each turns a request number into a request, so that a run cycles through many
 * ids, slugs and payloads instead of hitting one cached object. Reads are anonymous, as the
 * public calendar's are; writes use the administrator's Basic credentials.
 */
import type { Fixture } from './fixture.js';
import type { RequestSource, RequestSpec } from './load.js';
import { ADJECTIVES, FORMATS, TOPICS, DAY_MS, wall } from './seed-data.js';

export const NS = '/api/calendar/events/v1';

/** The page the "deep page" listing asks for: far from the first, present at 10k events too. */
export const DEEP_PAGE = 200;

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

export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'events.list',
    label: 'GET /events (default window, page 1)',
    kind: 'read',
    listing: true,
    source: () => () => get(`${NS}/events`),
  },
  {
    name: 'events.list.filtered',
    label: 'GET /events?categories=…&venue=…',
    kind: 'read',
    listing: true,
    source: (fx) => () =>
      get(`${NS}/events?categories=${fx.filter.category}&venue=${fx.filter.venues.join(',')}`),
  },
  {
    name: 'events.list.search',
    label: `GET /events?search=…`,
    kind: 'read',
    listing: true,
    source: (fx) => () => get(`${NS}/events?search=${encodeURIComponent(fx.search)}`),
  },
  {
    name: 'events.list.deep',
    label: `GET /events?page=${DEEP_PAGE} (deep page)`,
    kind: 'read',
    listing: true,
    source: (fx) => () => get(`${NS}/events?page=${fx.deepPage}`),
  },
  {
    name: 'events.get',
    label: 'GET /events/<id>',
    kind: 'read',
    listing: false,
    source: (fx) => (i) => get(`${NS}/events/${at(fx.eventIds, i)}`),
  },
  {
    name: 'events.by-slug',
    label: 'GET /events/by-slug/<slug>',
    kind: 'read',
    listing: false,
    source: (fx) => (i) => get(`${NS}/events/by-slug/${encodeURIComponent(at(fx.slugs, i))}`),
  },
  {
    name: 'venues.list',
    label: 'GET /venues',
    kind: 'read',
    listing: false,
    source: () => () => get(`${NS}/venues`),
  },
  {
    name: 'categories.list',
    label: 'GET /categories',
    kind: 'read',
    listing: false,
    source: () => () => get(`${NS}/categories`),
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
