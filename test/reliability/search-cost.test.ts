/**
 * Search cost at 100,000 events: SQLite calls are synchronous, so a search that reads most of
 * the calendar freezes every other request of its process. The searches an attacker sent (3,000
 * one-letter words took 93 s) are refused before any query runs; every accepted search reads at
 * most SEARCH_CANDIDATES events, however common its words; the costliest accepted searches do the
 * work of a listing page plus their full-text steps (counted in statements, full-text words and
 * candidates, never in milliseconds); and other clients keep being answered while they run
 * (counted in searches answered while one read waits).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { seedDatabase } from '../../bench/seed.js';
import { testConfig } from '../../server/config.js';
import { start as startServer, type RunningServer } from '../../server/start.js';
import { MAX_SEARCH_WORDS, MIN_EVENT_SEARCH_WORD, SEARCH_CANDIDATES } from '../../shared/search.js';
import { recordStatements, type Execution } from '../helpers/statement-log.js';
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
/** A server in this process on the same file, whose statements the test records. */
let local: RunningServer;
let recorder: ReturnType<typeof recordStatements>;
/** The costliest searches the caps accept on this calendar (see beforeAll). */
let costliest: string[];

beforeAll(async () => {
  dir = tempDir('almanac-search-');
  const db = join(dir.dir, 'search.db');
  await seedDatabase({ file: db, events: EVENTS });
  // Remembered answers would serve repeated searches from memory: every request here is a query.
  server = await spawnServer({ db, env: { ALMANAC_ANSWER_CACHE: 'off' }, startTimeoutMs: 60_000 });
  side = openSide(db);
  // Remembered answers and presented events would hide the work of a repeated request.
  process.env.ALMANAC_ANSWER_CACHE = 'off';
  local = await startServer(testConfig({ dbPath: db }), { worker: true, checkpoints: false });
  recorder = recordStatements();
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
  recorder?.stop();
  await local?.close();
  side?.close();
  await server?.kill('SIGTERM');
  dir?.cleanup();
});

const get = (path: string, timeoutMs = 60_000): Promise<RawResponse> =>
  rawRequest(server.url, 'GET', `${EVENTS_API}${path}`, { timeoutMs });

const searchPath = (words: string, extra = '') =>
  `/events?search=${encodeURIComponent(words)}&per_page=50&${WIDE}${extra}`;

/** Runs a GET on the in-process server and returns the statements it ran. */
const work = (path: string): Promise<Execution[]> =>
  recorder.during(async () => {
    const res = await fetch(`${local.url}${EVENTS_API}${path}`);
    expect(res.status, await res.text()).toBe(200);
  });

/** The FTS5 query a full-text statement was given (positional or named). */
const ftsOf = (run: Execution): string => {
  const [first] = run.params;
  return typeof first === 'string' ? first : (first as { fts: string }).fts;
};

/** Rows a full-text statement answered: a count answers how many it counted. */
const rowsOf = (run: Execution): number => {
  if (Array.isArray(run.result)) return run.result.length;
  if (run.result === undefined) return 0;
  const counted = (run.result as { n?: unknown }).n;
  return typeof counted === 'number' ? counted : 1;
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

  it('does the work of a listing page plus its full-text steps for the costliest accepted searches', async () => {
    // A page of a wide listing: the statements any listing of 50 events runs.
    const page = await work(`/events?per_page=50&page=3&${WIDE}`);
    for (const words of costliest) {
      const ran = await work(searchPath(words));
      // Statements per request, not per event or per candidate.
      expect(ran.length, ran.map((r) => r.sql).join('\n')).toBeLessThanOrEqual(2 * page.length);
      const matches = ran.filter((run) => /\bMATCH\b/.test(run.sql));
      // The window's first candidate, the count, the page, and the events stored with a reserved
      // occurrence id (a rowid range of the general index, outside the packed listed index).
      expect(matches.length, matches.map((run) => run.sql).join('\n\n')).toBeLessThanOrEqual(4);
      for (const match of matches) {
        const terms = [...ftsOf(match).matchAll(/"([^"]*)"(\*?)/g)];
        expect(terms.length).toBeLessThanOrEqual(MAX_SEARCH_WORDS);
        // FTS5 merges every list a word start covers: at most one, and never a single letter.
        expect(terms.filter(([, , star]) => star === '*').length).toBeLessThanOrEqual(1);
        for (const [, word] of terms) {
          expect([...word!].length).toBeGreaterThanOrEqual(MIN_EVENT_SEARCH_WORD);
        }
      }
      // The candidates it reads from the index: at most SEARCH_CANDIDATES, and the page.
      const read = matches.reduce((sum, match) => sum + rowsOf(match), 0);
      expect(read, words).toBeLessThanOrEqual(SEARCH_CANDIDATES + 50 + 1);
    }
  });

  it('keeps answering other clients while the costliest searches run', async () => {
    let searching = true;
    const reads: RawResponse[] = [];
    const searches: RawResponse[] = [];
    /** For each read, how many searches were answered while it waited. */
    const waited: number[] = [];
    const reader = (async () => {
      while (searching) {
        const before = searches.length;
        reads.push(await get('/events?per_page=1'));
        waited.push(searches.length - before);
      }
    })();
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
    // Three searchers: a read waits for the searches sent before it, never behind later ones.
    expect(Math.max(...waited)).toBeLessThanOrEqual(6);
  });
});
