/**
 * The sweep (issue 28, "No request holds the server"; docs/reliability.md, Long work): each route
 * family gets the costliest input its documentation allows, and the answer is compared by order,
 * never by a clock:
 * - imports, which work for seconds, must let a plain read sent while they write be answered
 *   first (they run in a worker thread);
 * - everything else must be answered before a second server process on the same database has
 *   answered 50 plain reads sent one after another (the request costs less than 50 plain reads,
 *   so it cannot hold the server long).
 * Two real server processes (`server/cli.ts`, as `npm start` runs it) share one database file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import {
  ADMIN_LOGIN,
  basicAuth,
  spawnServer,
  tempDir,
  type SpawnedServer,
} from '../helpers/reliability.js';
import { PLAIN_READ, arrivals, until, writeLockProbe } from '../helpers/ordering.js';

const EVENTS = '/api/calendar/events/v1';
const ADMIN = '/api/calendar/admin/v1';
const SYNC = '/api/calendar/sync/v1';
const auth = basicAuth(ADMIN_LOGIN.login, ADMIN_LOGIN.password);
/**
 * Plain reads (GET /events?per_page=1) the second process answers while the costly request runs
 * on the first: about the cost of ten listing pages, the bar of the search-cost test.
 */
const READS = 50;

let dir: ReturnType<typeof tempDir>;
let db: string;
let a: SpawnedServer;
let b: SpawnedServer;

const send = (server: SpawnedServer, path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, {
    ...init,
    headers: { authorization: auth, ...(init.headers as Record<string, string>) },
  });

function calendar(count: number, prefix: string): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Almanac tests//EN'];
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2026, 0, 1) + (i % 700) * 86_400_000);
    const date = day.toISOString().slice(0, 10).replaceAll('-', '');
    lines.push(
      'BEGIN:VEVENT',
      `UID:${prefix}-${i}@example.org`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${date}T${String(8 + (i % 12)).padStart(2, '0')}0000Z`,
      `DTEND:${date}T${String(9 + (i % 12)).padStart(2, '0')}0000Z`,
      `SUMMARY:Concert music night ${i} jazz festival`,
      `DESCRIPTION:An evening of music and dance number ${i}`,
      `LOCATION:Hall ${i % 40}, ${i % 40} Main Street`,
      `ORGANIZER;CN=Club ${i % 30}:mailto:club${i % 30}@example.org`,
      `CATEGORIES:Music,Genre ${i % 60}`,
      ...(i % 100 === 0 ? ['RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=300'] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

/**
 * Whether `costly` (sent to the first process) is answered before the second process has
 * answered READS plain reads, sent one after another.
 */
async function cheaperThanReads(costly: () => Promise<Response>): Promise<boolean> {
  let answered = false;
  const request = costly().then(async (res) => {
    const text = await res.text();
    answered = true;
    expect(res.status, text.slice(0, 300)).toBeLessThan(500);
  });
  for (let i = 0; i < READS && !answered; i++) await (await fetch(`${b.url}${PLAIN_READ}`)).text();
  const first = answered;
  await request;
  return first;
}

beforeAll(async () => {
  dir = tempDir();
  db = join(dir.dir, 'almanac.db');
  a = await spawnServer({ db });
  b = await spawnServer({ db });
  const seeded = await send(a, `${ADMIN}/import/ics`, {
    method: 'POST',
    headers: { 'content-type': 'text/calendar' },
    body: calendar(2_000, 'seed'),
  });
  expect(seeded.status).toBe(200);
}, 300_000);

afterAll(async () => {
  await Promise.all([a?.kill(), b?.kill()]);
  dir?.cleanup();
});

const eightWords = 'music night jazz festival evening dance concert number'.slice(0, 200);
const hundredIds = Array.from({ length: 100 }, (_, i) => i + 1).join(',');

/** The costliest inputs the documentation allows, one or more per route family. */
const quickCases: Array<[string, () => Promise<Response>]> = [
  [
    'events: widest window, 8-word search, 50 a page',
    () =>
      send(
        a,
        `${EVENTS}/events?per_page=50&start_date=1000-01-01&end_date=9999-12-31&search=${encodeURIComponent(eightWords)}`,
      ),
  ],
  [
    'events: 100 categories and 100 tags, every status',
    () =>
      send(
        a,
        `${EVENTS}/events?per_page=50&start_date=1000-01-01&end_date=9999-12-31&categories=${hundredIds}&tags=${hundredIds}&status=publish,draft,private,pending,future`,
      ),
  ],
  [
    'venues and organizers: 8-word search',
    () =>
      send(
        a,
        `${EVENTS}/venues?per_page=50&search=${encodeURIComponent('hall main street 1 2 3 4 5')}`,
      ),
  ],
  [
    'organizers: 8-word search',
    () =>
      send(
        a,
        `${EVENTS}/organizers?per_page=50&search=${encodeURIComponent('club 1 2 3 4 5 6 7')}`,
      ),
  ],
  ['categories: 50 a page', () => send(a, `${EVENTS}/categories?per_page=50&hide_empty=false`)],
  ['search: 8 words', () => send(a, `${EVENTS}/search?search=${encodeURIComponent(eightWords)}`)],
  ['sync changes: 200 a page', () => send(a, `${SYNC}/changes?per_page=200`)],
  ['users and trash: 100 a page', () => send(a, `${ADMIN}/users?per_page=100`)],
  [
    'event create: 100 new categories, 50 inline organizers, a 750 KB description',
    () =>
      send(a, `${EVENTS}/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'Everything at once',
          description: `<p>${'word '.repeat(150_000)}</p>`,
          start_date: '2026-07-01',
          end_date: '2026-07-01',
          all_day: true,
          categories: Array.from({ length: 100 }, (_, i) => `New category ${i}`),
          organizer: Array.from({ length: 50 }, (_, i) => ({ organizer: `Inline ${i}` })),
        }),
      }),
  ],
  [
    'media upload: 20 MB',
    () =>
      send(a, `${ADMIN}/media`, {
        method: 'POST',
        headers: {
          'content-type': 'image/png',
          'content-disposition': 'attachment; filename="big.png"',
        },
        body: new Uint8Array(20 * 1024 * 1024 - 1024),
      }),
  ],
];

describe('the sweep: no route holds the server', () => {
  for (const [name, costly] of quickCases) {
    it(`${name}: answered before ${READS} plain reads of another process`, async () => {
      expect(await cheaperThanReads(costly)).toBe(true);
    }, 120_000);
  }

  // The maximal imports (9,999 events, the costliest rules, 5,000 records, another site) are in
  // imports.test.ts; here the CLI's process, with its background work, runs one.
  it('an .ics import lets a read sent while it writes be answered first', async () => {
    const probe = writeLockProbe(db);
    try {
      const request = send(a, `${ADMIN}/import/ics?dry_run=true`, {
        method: 'POST',
        headers: { 'content-type': 'text/calendar' },
        body: calendar(1_000, 'sweep'),
      }).then((res) => res.text());
      await until(() => probe.held(), request);
      const read = fetch(`${a.url}${PLAIN_READ}`).then((res) => res.text());
      const order = await arrivals({ read, import: request });
      expect(order, a.stderr()).toEqual(['read', 'import']);
    } finally {
      probe.close();
    }
  }, 300_000);
});
