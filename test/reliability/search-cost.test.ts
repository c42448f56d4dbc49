/**
 * Search cost at 100,000 events: SQLite calls are synchronous, so a search that reads most of
 * the calendar freezes every other request of its process. The searches an attacker sent (3,000
 * one-letter words took 93 s) are refused before any query runs; every accepted search reads at
 * most SEARCH_CANDIDATES events, however common its words; the costliest accepted searches cost a
 * small multiple of an ordinary listing page (a ratio of medians measured side by side, never a
 * wall-time bound); and other clients keep being answered while they run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { seedDatabase } from '../../bench/seed.js';
import { SEARCH_CANDIDATES } from '../../shared/search.js';
import {
  EVENTS_API,
  openSide,
  rawRequest,
  shapeProblem,
  spawnServer,
  tempDir,
  type RawResponse,
  type SpawnedServer,
} from '../helpers/reliability.js';

const EVENTS = 100_000;
/** The whole calendar, so that a listing's total counts every match. */
const WIDE = 'start_date=1900-01-01&end_date=2200-12-31';

let dir: { dir: string; cleanup(): void };
let server: SpawnedServer;
let side: Database.Database;
/** The costliest searches the caps accept on this calendar (see beforeAll). */
let costliest: string[];

beforeAll(async () => {
  dir = tempDir('almanac-search-');
  const db = join(dir.dir, 'search.db');
  await seedDatabase({ file: db, events: EVENTS });
  // Remembered answers would serve repeated searches from memory: every request here is a query.
  server = await spawnServer({ db, env: { ALMANAC_ANSWER_CACHE: 'off' }, startTimeoutMs: 60_000 });
  side = openSide(db);
  side.exec(`CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, 'events_fts', 'row')`);
  const terms = side
    .prepare(`SELECT term FROM temp.vocab WHERE length(term) >= 2 ORDER BY doc DESC LIMIT 8`)
    .pluck()
    .all() as string[];
  // The two-letter start shared by the most word occurrences: the dearest word-start there is.
  const start = side
    .prepare(
      `SELECT substr(term, 1, 2) FROM temp.vocab WHERE length(term) >= 2
       GROUP BY 1 ORDER BY sum(cnt) DESC LIMIT 1`,
    )
    .pluck()
    .get() as string;
  costliest = [
    [...terms.slice(0, 7), start].join(' '),
    terms.join(' '),
    terms.slice(0, 2).join(' '),
    // Eight one-letter words: today's index reads every word starting with each letter.
    'a e i o s t b c',
  ];
}, 300_000);

afterAll(async () => {
  side?.close();
  await server?.kill('SIGTERM');
  dir?.cleanup();
});

const get = (path: string, timeoutMs = 60_000): Promise<RawResponse> =>
  rawRequest(server.url, 'GET', `${EVENTS_API}${path}`, { timeoutMs });

const searchPath = (words: string, extra = '') =>
  `/events?search=${encodeURIComponent(words)}&per_page=50&${WIDE}${extra}`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

describe(`search at ${EVENTS.toLocaleString('en')} events`, () => {
  it('refuses the searches of the report at once, with a 400 naming search', async () => {
    const attacks = [
      Array(3000).fill('a').join(' '),
      Array.from({ length: 400 }, (_, i) => `word${i}`).join(' '),
      'x'.repeat(5000),
    ];
    for (const words of attacks) {
      const res = await get(searchPath(words));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(Object.keys((res.body.data as { params: object }).params)).toEqual(['search']);
    }
    const nul = await get('/events?search=a%00b');
    expect(nul.status, nul.text).toBe(200);
  });

  it(`reads at most ${SEARCH_CANDIDATES.toLocaleString('en')} events, however common the words`, async () => {
    for (const words of costliest.slice(0, 3)) {
      const fts = words
        .split(' ')
        .map((w, i, all) => `"${w}"${i === all.length - 1 ? '*' : ''}`)
        .join(' ');
      const matching = side
        .prepare('SELECT count(*) FROM events_fts WHERE events_fts MATCH ?')
        .pluck()
        .get(fts) as number;
      // Each of these is in far more events than one search considers.
      if (words === costliest[2]) expect(matching).toBeGreaterThan(SEARCH_CANDIDATES);
      const res = await get(searchPath(words, '&status=publish'));
      expect(res.status, res.text).toBe(200);
      const total = res.body.total as number;
      expect(total).toBeLessThanOrEqual(SEARCH_CANDIDATES);
      // Exactly the published ones among the most recently created matches.
      const expected = side
        .prepare(
          `SELECT count(*) FROM events WHERE status = 'publish' AND hide_from_listings = 0 AND id IN
             (SELECT rowid FROM events_fts WHERE events_fts MATCH ? ORDER BY rowid DESC LIMIT ?)`,
        )
        .pluck()
        .get(fts, SEARCH_CANDIDATES) as number;
      expect(total).toBe(expected);
    }
  });

  it('costs at most a few ordinary listing pages for the costliest accepted searches', async () => {
    const plain: number[] = [];
    const searched = costliest.map(() => [] as number[]);
    // Side by side, so that whatever else the machine does weighs on both alike.
    for (let round = 0; round < 7; round++) {
      for (const [i, words] of costliest.entries()) {
        // A different page each time: events presented once are remembered (presented.ts), so a
        // repeated page would measure a copy of remembered JSON rather than a listing's work.
        const base = await get(
          `/events?per_page=50&page=${round * costliest.length + i + 1}&${WIDE}`,
        );
        expect(base.status).toBe(200);
        plain.push(base.ms);
        const res = await get(searchPath(words));
        expect(res.status, res.text).toBe(200);
        searched[i]!.push(res.ms);
      }
    }
    const page = Math.max(1, median(plain));
    for (const [i, words] of costliest.entries()) {
      const cost = median(searched[i]!);
      console.log('RATIO', words, cost, page, cost / page);
      expect(cost / page, `"${words}": ${cost} ms, a listing page ${page} ms`).toBeLessThan(10);
    }
  });

  it('keeps answering other clients while the costliest searches run', async () => {
    let searching = true;
    const reads: RawResponse[] = [];
    const reader = (async () => {
      while (searching) reads.push(await get('/events?per_page=1'));
    })();
    const searches: RawResponse[] = [];
    await Promise.all(
      [0, 1, 2].map(async () => {
        for (let round = 0; round < 4; round++) {
          for (const words of costliest) {
            searches.push(await get(searchPath(words)));
          }
        }
      }),
    );
    searching = false;
    await reader;
    for (const res of [...searches, ...reads]) expect(shapeProblem(res)).toBeUndefined();
    // The reader waits at most for the searches already running: one answer per few searches.
    expect(reads.length).toBeGreaterThanOrEqual(searches.length / 6);
    expect(Math.max(...reads.map((r) => r.ms))).toBeLessThanOrEqual(
      4 * Math.max(...searches.map((r) => r.ms)),
    );
  });
});
