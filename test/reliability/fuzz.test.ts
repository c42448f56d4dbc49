/**
 * Hostile input (issue 9, item 3). Every endpoint of the registry, with every argument it
 * declares, gets random and malicious values (wrong types, huge and invalid-UTF-8 strings, deep
 * JSON, injection strings, absurd dates and numbers, duplicated parameters, both array syntaxes)
 * through every way a client can send them (query, JSON, form, garbage bodies). The answer must
 * be a success or a 4xx in the API's error shape, in time, with the server still alive, and a
 * rejected request (or any GET) must leave every table exactly as it was.
 *
 * CI runs a short profile; ALMANAC_FUZZ_RUNS=<runs per endpoint> runs a longer one, and
 * ALMANAC_FUZZ_SEED replays a failure (fast-check prints the seed and path).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { ROLES } from '../../shared/roles.js';
import {
  allEndpoints,
  dbChecksum,
  derivedDataProblems,
  fillPath,
  integrityCheck,
  isNumericParam,
  openSide,
  rawRequest,
  shapeProblem,
  spawnServer,
  tempDir,
  type EndpointInfo,
  type RawResponse,
  type SpawnedServer,
} from '../helpers/reliability.js';
import { makeUser, seedWorld, type World } from '../helpers/reliability-fixtures.js';
import {
  encodeRequest,
  hostileValue,
  plausibleValue,
  randomClient,
  type Sent,
} from './fuzz-values.js';

const RUNS = Number(process.env.ALMANAC_FUZZ_RUNS ?? 6);
const SEED = process.env.ALMANAC_FUZZ_SEED ? Number(process.env.ALMANAC_FUZZ_SEED) : undefined;
/** A request that takes longer than this is a hang. */
const DEADLINE_MS = 8_000;

let server: SpawnedServer;
let world: World;
let side: Database.Database;
let dir: { dir: string; cleanup(): void };
/** Users the fuzzer may edit or delete; the actors it signs in as are never among them. */
const victims: number[] = [];
const endpoints = allEndpoints();

beforeAll(async () => {
  dir = tempDir();
  const db = join(dir.dir, 'fuzz.db');
  server = await spawnServer({ db, env: { ALMANAC_LOG_LEVEL: 'error' } });
  world = await seedWorld(server.url);
  for (const role of ['editor', 'author', 'subscriber'] as const)
    victims.push((await makeUser(server.url, world.admin.auth, role, `victim-${role}`)).id);
  side = openSide(db);
}, 60_000);

// After each test's hostile requests, the database passes the integrity check and its derived
// data is consistent: every test proves it for its own load, whatever ran before.
afterEach(() => {
  expect(integrityCheck(side)).toEqual(['ok']);
  expect(derivedDataProblems(side)).toEqual([]);
});

afterAll(async () => {
  side?.close();
  await server?.kill('SIGKILL');
  dir?.cleanup();
});

function idPool(): number[] {
  return [
    ...victims,
    ...world.categories,
    ...world.tags,
    ...world.venues,
    ...world.organizers,
    ...world.events,
    ...world.media,
  ];
}

function pathValue(info: EndpointInfo, name: string): fc.Arbitrary<string> {
  if (isNumericParam(info, name)) {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...idPool()).map(String) },
      { weight: 1, arbitrary: fc.constantFrom('0', '00', '999999', '9'.repeat(30), '1e3') },
      { weight: 1, arbitrary: fc.nat().map(String) },
    );
  }
  const slugs = world.slugs.filter((s) => s !== '');
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(slugs.length > 0 ? slugs : ['x'])) },
    { weight: 1, arbitrary: fc.constantFrom(...world.appPasswords, 'x', 'backup.db') },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '%ZZ',
        '%',
        '%E0%A4%A',
        '%FF%FE',
        '%00',
        '%2F..%2F..%2Fetc%2Fpasswd',
        '..',
        '%2e%2e',
        "'%20OR%201=1--",
        '%3Cscript%3E',
        'a'.repeat(5_000),
        '%F0%9F%98%80',
        '__proto__',
        'constructor',
      ),
    },
    {
      weight: 2,
      arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
    },
  );
}

function argValue(name: string): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 3, arbitrary: plausibleValue(name, world) },
    { weight: 4, arbitrary: hostileValue },
  );
}

function requestArbitrary(info: EndpointInfo) {
  const path = fc.record(
    Object.fromEntries(info.pathParams.map((name) => [name, pathValue(info, name)])),
  );
  const bodyArgs = info.args.filter((a) => !info.pathParams.includes(a));
  const mixed = fc.record(Object.fromEntries(bodyArgs.map((name) => [name, argValue(name)])));
  // Every other argument plausible and one hostile: gets past validation to the services and
  // stores with a value that the schema accepts but may still be nasty (huge, injection, dates).
  const oneHostile =
    bodyArgs.length === 0
      ? mixed
      : fc
          .tuple(
            fc.record(
              Object.fromEntries(
                bodyArgs.map((name) => [
                  name,
                  fc.option(plausibleValue(name, world), { nil: undefined }),
                ]),
              ),
            ),
            fc.constantFrom(...bodyArgs),
            hostileValue,
          )
          .map(([values, name, value]) => ({ ...values, [name]: value }));
  const args = fc.oneof(mixed, oneHostile);
  const extra = fc.dictionary(
    fc.constantFrom(
      '__proto__',
      'constructor',
      'rest_route',
      'id',
      '_method',
      'context',
      '_fields',
      'x',
    ),
    hostileValue,
    { maxKeys: 2 },
  );
  const actor = fc.constantFrom<'admin' | (typeof ROLES)[number] | 'anonymous'>(
    'admin',
    'admin',
    'admin',
    'anonymous',
    'contributor',
    'subscriber',
    'author',
  );
  return fc.record({
    path,
    args,
    extra,
    actor,
    encoding: fc.constantFrom('query', 'json', 'json', 'form', 'garbage' as const),
    arrays: fc.constantFrom('brackets', 'csv', 'repeat', 'indexed' as const),
    client: randomClient,
  });
}

type Sample = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer T> ? T : never;

async function send(info: EndpointInfo, sample: Sample) {
  const values = { ...sample.extra, ...sample.args } as Record<string, unknown>;
  const sent: Sent = encodeRequest(info.method, values, sample.encoding, sample.arrays);
  const path = fillPath(info, sample.path as Record<string, string>) + sent.query;
  const auth =
    sample.actor === 'anonymous'
      ? undefined
      : sample.actor === 'admin'
        ? world.admin.auth
        : world.users[sample.actor].auth;
  return {
    path,
    sent,
    res: await rawRequest(server.url, info.method, path, {
      auth,
      headers: sent.headers,
      ...(sent.body !== undefined ? { body: sent.body } : {}),
      timeoutMs: DEADLINE_MS,
      localAddress: sample.client,
    }),
  };
}

function describeFailure(path: string, sent: Sent, res: RawResponse | undefined, why: string) {
  const body = sent.body === undefined ? '' : ` body ${String(sent.body).slice(0, 400)}`;
  return `${why}\n  ${path.slice(0, 400)}${body}\n  → ${res ? `${res.status} ${res.text.slice(0, 400)}` : 'no answer'}\n  stderr: ${server.stderr().slice(-1500)}`;
}

/** fast-check's own report prints whole counterexamples (200 kB strings included): keep it short. */
function conciseReport<T>(details: fc.RunDetails<T>): void {
  if (!details.failed) return;
  const cause =
    details.errorInstance instanceof Error
      ? details.errorInstance.message
      : String(details.errorInstance);
  throw new Error(
    `failed after ${details.numRuns} runs (seed ${details.seed}, path "${details.counterexamplePath}")\n${cause.slice(0, 3_000)}`,
  );
}

describe('hostile input on every endpoint of the registry', () => {
  it('covers the routes of every namespace', () => {
    const namespaces = new Set(endpoints.map((e) => e.namespace));
    expect([...namespaces]).toEqual(
      expect.arrayContaining(['calendar/events/v1', 'calendar/admin/v1']),
    );
    expect(endpoints.length).toBeGreaterThan(20);
  });

  it.each(endpoints.map((e) => [e.label, e] as const))(
    '%s answers 2xx or a 4xx error, and rejected writes change nothing',
    async (_label, info) => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(info), async (sample) => {
          // A refused credential is counted by the sign-in throttle, and an open stream holds a
          // lease of its client's: writes the test allows.
          const before = dbChecksum(side, { exceptClientLimits: true });
          const { path, sent, res } = await send(info, sample);
          const problem = shapeProblem(res);
          if (problem) throw new Error(describeFailure(path, sent, res, problem));
          const readOnly = info.method === 'GET' || res.status >= 400;
          if (readOnly && dbChecksum(side, { exceptClientLimits: true }) !== before) {
            throw new Error(describeFailure(path, sent, res, 'the database changed'));
          }
          if (server.child.exitCode !== null) {
            throw new Error(describeFailure(path, sent, res, 'the server process died'));
          }
        }),
        {
          numRuns: RUNS,
          ...(SEED !== undefined ? { seed: SEED } : {}),
          endOnFailure: RUNS > 50,
          reporter: conciseReport,
        },
      );
    },
    120_000,
  );

  it('any path, method and credentials under the REST roots answer in the error shape', async () => {
    const segment = fc.oneof(
      fc.constantFrom(
        'calendar',
        'events',
        'v1',
        'admin',
        'tribe',
        'by-slug',
        'users',
        '1',
        '0',
        '%ZZ',
        '%00',
        '..',
        '%2e%2e',
        '%2F',
        '',
        '?',
        '#',
        ';',
        'a'.repeat(3_000),
      ),
      fc.string({ unit: 'binary', maxLength: 12 }).map(encodeURIComponent),
    );
    const credentials = fc.constantFrom(
      undefined,
      'Basic',
      'Basic ',
      'Basic !!!',
      `Basic ${Buffer.from('admin').toString('base64')}`,
      `Basic ${Buffer.from('admin:').toString('base64')}`,
      `Basic ${Buffer.from(':x').toString('base64')}`,
      `Basic ${Buffer.from('admin:x:y').toString('base64')}`,
      `Basic ${Buffer.from(`${'a'.repeat(5_000)}:x`).toString('base64')}`,
      'Bearer',
      'Bearer .',
      'Bearer a.b.c',
      `Bearer ${'x'.repeat(6_000)}`,
      'Digest username="admin"',
      'Basic YWRtaW46AA==',
      'basic    ',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api',
          '/wp-json',
          '/?rest_route=',
          '/index.php?rest_route=',
          '/api/calendar/events/v1',
          '/api/calendar/admin/v1',
          '/wp-json/tribe/events/v1',
        ),
        fc.array(segment, { maxLength: 4 }),
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'TRACE'),
        credentials,
        fc.constantFrom(
          undefined,
          'application/json',
          'text/xml',
          'multipart/form-data',
          'application/json; charset=utf-32',
          '*/*',
        ),
        randomClient,
        async (root, segments, method, auth, type, client) => {
          const path = `${root}/${segments.join('/')}`;
          const res = await rawRequest(server.url, method, path, {
            auth,
            headers: type ? { 'content-type': type } : {},
            ...(type ? { body: '{"a":1}' } : {}),
            timeoutMs: DEADLINE_MS,
            localAddress: client,
          });
          const problem = shapeProblem(res);
          if (problem)
            throw new Error(`${method} ${path.slice(0, 200)} [${auth?.slice(0, 40)}]: ${problem}`);
        },
      ),
      {
        numRuns: RUNS * 20,
        ...(SEED !== undefined ? { seed: SEED } : {}),
        reporter: conciseReport,
      },
    );
  }, 120_000);

  it('public pages and media files answer any path without a 5xx and never leave their folder', async () => {
    const traversal = fc.constantFrom(
      '..%2Ffuzz.db',
      '%2e%2e/fuzz.db',
      '%2e%2e%2ffuzz.db',
      '..%5Cfuzz.db',
      '....//fuzz.db',
      '..%252Ffuzz.db',
      '%00',
      '.hidden',
      'x/../../fuzz.db',
      '%C0%AE%C0%AE/fuzz.db',
    );
    const slug = fc.oneof(
      traversal,
      fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(encodeURIComponent),
      fc.constantFrom(
        'concert-0',
        'town-hall',
        'ada',
        'music',
        'outdoor',
        '%ZZ',
        'a'.repeat(3_000),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/event/',
          '/venue/',
          '/organizer/',
          '/events/category/',
          '/tag/',
          '/media/',
          '/console/',
          '/',
        ),
        slug,
        fc.constantFrom('', '/', '/feed/', '?p=1'),
        randomClient,
        async (prefix, value, suffix, client) => {
          const path = `${prefix}${value}${suffix}`;
          const res = await rawRequest(server.url, 'GET', path, {
            timeoutMs: DEADLINE_MS,
            localAddress: client,
          });
          if (res.status >= 500)
            throw new Error(`GET ${path.slice(0, 200)}: ${res.status} ${res.text.slice(0, 300)}`);
          if (res.text.startsWith('SQLite format 3') || res.text.includes('root:x:0:0'))
            throw new Error(`GET ${path.slice(0, 200)} served a file outside its folder`);
        },
      ),
      {
        numRuns: RUNS * 20,
        ...(SEED !== undefined ? { seed: SEED } : {}),
        reporter: conciseReport,
      },
    );
  }, 120_000);
});
