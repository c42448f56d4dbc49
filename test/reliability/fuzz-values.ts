/**
 * The values and encodings the hostile-input suite sends: a catalogue of known-nasty inputs
 * mixed with random ones, plausible values per argument name (so requests get past the first
 * check and reach the services and stores), and every way a client can put them on the wire.
 */
import fc from 'fast-check';
import { POST_STATUSES, ROLES } from '../../shared/roles.js';
import type { World } from '../helpers/reliability-fixtures.js';

/** Text put into a query string or form body verbatim, not percent-encoded (in JSON: a string). */
export class Raw {
  constructor(readonly text: string) {}
  toJSON(): string {
    return this.text;
  }
}

const nest = (depth: number, leaf: unknown, wrap: (inner: unknown) => unknown) => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
};

const INJECTIONS = [
  "' OR '1'='1",
  '1; DROP TABLE events;--',
  '") OR 1=1 --',
  '1 UNION SELECT login, password_hash FROM users--',
  "%' AND 1=1 AND '%'='",
  '*',
  '%',
  '_',
  '\\',
  '\0',
  'a\u0000b',
  '"',
  "'",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '<svg/onload=alert(1)>',
  '"><iframe src=//evil.example>',
  '<a href="javascript:alert(1)">x</a>',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  'http://localhost:1/',
  'data:image/png;base64,AAAA',
  '\r\n\r\nX-Injected: 1',
  'MATCH',
  'title:"x" OR',
  'NEAR(a b)',
  '"unterminated',
  '^*',
];

const DATES = [
  '0000-00-00 00:00:00',
  '0000-00-00',
  '9999-12-31 23:59:59',
  '10000-01-01',
  '-000001-01-01',
  '2026-02-30',
  '2026-13-01',
  '2026-06-15 25:61:61',
  '1970-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '-271821-04-20T00:00:00Z',
  '2026-06-15T12:00:00+99:99',
  'next tuesday in 10000 years',
  'tomorrow 9am',
  'yesterday',
  'now',
  '99999999999999999999',
  '-99999999999',
  '1e400',
  'NaN',
  'Infinity',
  'T',
  '2026-06-15 12:00:00 Mars/Olympus',
];

const NUMBER_STRINGS = [
  '-1',
  '0',
  '-0',
  '+1',
  '1.5',
  '1e3',
  '0x10',
  ' 7 ',
  '٣',
  '9007199254740993',
  '1,2,3',
  ',,,',
  '1,,2',
  ' , ',
  '1,-1',
  '1,abc',
];

const WORDS = [
  'true',
  'false',
  'null',
  'undefined',
  '[]',
  '{}',
  'publish',
  'trash',
  'inherit',
  'auto-draft',
  'any',
  'Mars/Olympus',
  'UTC+99',
  'UTC-14:30',
  '😀',
  '\u202Etxt.exe',
  '\uFEFF',
  'Ω≈ç√',
  'ﷺ',
  'a\u0301\u0302\u0303\u0304',
  '\uD800',
  'x\uDFFFy',
  '',
  ' ',
];

const HUGE = [
  'a'.repeat(200_000),
  '€'.repeat(100_000),
  ' '.repeat(10_000),
  ','.repeat(50_000),
  '1,'.repeat(20_000),
];

const RAW_QUERY = [
  '%ZZ',
  '%',
  '%FF%FE',
  '%ED%A0%80',
  '%C0%AF',
  'a%00b',
  '%E0%A4%A',
  '+++',
  '%26%3D',
  '%5B%5D',
].map((text) => new Raw(text));

const NUMBERS = [
  0,
  -1,
  1,
  -0,
  0.5,
  1e-300,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
];

const SHAPES: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [null],
  [[]],
  [[[1]]],
  { id: 1 },
  { id: 'x' },
  { a: { b: { c: {} } } },
  [1, 'a', null, {}],
  Array.from({ length: 1_000 }, (_, i) => i),
  nest(500, 1, (inner) => [inner]),
  nest(500, 1, (inner) => ({ a: inner })),
  JSON.parse('{"__proto__": {"role": "administrator", "id": 1}}'),
  { constructor: { prototype: { admin: true } } },
  { toString: 'x', valueOf: 1 },
];

const scalar = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...INJECTIONS, ...DATES, ...NUMBER_STRINGS, ...WORDS) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
);

/** Anything at all, biased towards what has broken servers before. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 2, arbitrary: fc.constantFrom(...SHAPES) },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
);

const DATE_SAMPLES = [
  '2026-07-01 10:00:00',
  '2026-07-01',
  '2026-07-02 18:30:00',
  'tomorrow 9am',
  '2026-07-01T10:00:00+02:00',
  1_780_000_000,
];

/** Values that could be right for an argument of that name, so requests reach deep code. */
export function plausibleValue(name: string, world: World): fc.Arbitrary<unknown> {
  const ids = (list: number[]) => (list.length > 0 ? list : [1]);
  const pick = (...values: unknown[]) => fc.constantFrom(...values);
  const users = Object.values(world.users).map((u) => u.id);
  switch (name) {
    case 'title':
    case 'name':
    case 'label':
    case 'display_name':
      return pick('Fuzz', 'Jazz night', 'Ünïcödé & <b>bold</b>', 'Concert 0');
    case 'venue':
      return pick(ids(world.venues)[0], 'Town Hall', { venue: 'Fuzz Hall', city: 'Paris' }, '');
    case 'organizer':
      return pick(
        ids(world.organizers),
        ids(world.organizers)[0],
        'Ada',
        { organizer: 'Fuzz Org' },
        [],
      );
    case 'start_date':
    case 'end_date':
    case 'date':
    case 'date_utc':
    case 'starts_before':
    case 'starts_after':
    case 'ends_before':
    case 'ends_after':
      return fc.constantFrom(...DATE_SAMPLES);
    case 'status':
      return fc.constantFrom(...POST_STATUSES, 'any');
    case 'categories':
      return pick(
        ids(world.categories),
        'Music',
        'Music,Fresh',
        ids(world.categories).join(','),
        [],
      );
    case 'tags':
      return pick(ids(world.tags), 'outdoor', 'outdoor,new-tag', []);
    case 'include':
    case 'exclude':
      return pick(ids(world.events), ids(world.categories), ids(world.tags).join(','));
    case 'page':
      return pick(1, 2, '1');
    case 'per_page':
      return pick(1, 10, 50, 100, '5');
    case 'search':
      return pick('Concert', 'jazz', 'Hall');
    case 'timezone':
      return pick('Europe/Paris', 'UTC', 'UTC+2', 'America/New_York', '');
    case 'author':
      return fc.constantFrom(world.admin.id, ...users);
    case 'cost':
      return pick('20$', '0', ['10', '20'], 'Free', '€6.50 - €8.50');
    case 'website':
    case 'public_url':
      return pick('https://example.org', '');
    case 'url':
    case 'image':
      return pick(ids(world.media)[0], 'https://images.example.org/x.jpg', '');
    case 'email':
      return pick('x@example.org', '');
    case 'login':
      return fc.stringMatching(/^[a-z]{4,12}$/);
    case 'password':
      return pick('fuzz-password-1');
    case 'role':
      return fc.constantFrom(...ROLES);
    case 'order':
      return pick('asc', 'desc', 'DESC');
    case 'orderby':
      return pick('name', 'count', 'id', 'slug');
    case 'parent':
      return pick(0, ...ids(world.categories));
    case 'post':
    case 'event':
    case 'post_parent':
      return fc.constantFrom(...ids(world.events));
    case 'slug':
    case 'new_slug':
      return pick('music', 'renamed', 'concert-0');
    case 'kind':
      return pick('event', 'venue', 'organizer', 'media');
    case 'uuid':
      return fc.constantFrom(...world.appPasswords, 'x');
    case 'cors_origins':
      return pick(['https://app.example.org'], 'https://a.example, https://b.example');
    case 'geoloc_lat':
      return pick(48.85, '48.85', -90, 90);
    case 'geoloc_lng':
      return pick(2.35, '2.35', -180, 180);
    case 'currency_code':
      return pick('EUR', 'usd');
    case 'currency_position':
      return pick('prefix', 'postfix');
    case 'language':
      return pick('en', 'fr');
    default:
      return fc.oneof(fc.boolean(), fc.constantFrom('1', '0', 'yes', 'Fuzz text', 3, ''));
  }
}

/** A client address per request: the failed-login throttle is per client, as in real life. */
export const randomClient = fc
  .tuple(
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 2, max: 254 }),
  )
  .map(([a, b, c]) => `127.${a}.${b}.${c}`);

/** percent-encodes like encodeURIComponent, but writes lone surrogates as (invalid) UTF-8 bytes. */
export function encodeLoose(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

type ArraySyntax = 'brackets' | 'csv' | 'repeat' | 'indexed';

function pairs(key: string, value: unknown, arrays: ArraySyntax): string[] {
  if (value === undefined) return [];
  const k = encodeLoose(key).replace(/%5B/g, '[').replace(/%5D/g, ']');
  if (value instanceof Raw) return [`${k}=${value.text}`];
  if (value === null) return [`${k}=`];
  if (Array.isArray(value)) {
    if (arrays === 'csv' && value.every((v) => typeof v !== 'object' || v === null))
      return [`${k}=${encodeLoose(value.map((v) => String(v)).join(','))}`];
    return value.flatMap((v, i) =>
      pairs(
        arrays === 'repeat' ? key : arrays === 'indexed' ? `${key}[${i}]` : `${key}[]`,
        v,
        arrays,
      ),
    );
  }
  if (typeof value === 'object') {
    return Object.keys(value as object).flatMap((sub) =>
      pairs(`${key}[${sub}]`, (value as Record<string, unknown>)[sub], arrays),
    );
  }
  return [`${k}=${encodeLoose(String(value))}`];
}

export function formEncode(values: Record<string, unknown>, arrays: ArraySyntax): string {
  return Object.keys(values)
    .flatMap((key) => pairs(key, values[key], arrays))
    .join('&');
}

export type Encoding = 'query' | 'json' | 'form' | 'garbage';

export interface Sent {
  /** `?…` or empty. */
  query: string;
  body?: string | Buffer;
  headers: Record<string, string>;
}

const GARBAGE: Array<(json: string) => { type: string; body: string | Buffer }> = [
  () => ({ type: 'application/json', body: '{"title": ' }),
  () => ({ type: 'application/json', body: '[]' }),
  () => ({ type: 'application/json', body: 'null' }),
  () => ({ type: 'application/json', body: '"text"' }),
  () => ({ type: 'application/json', body: '{"title":"a","title":{"x":1}}' }),
  (json) => ({ type: 'text/plain', body: json }),
  (json) => ({ type: 'application/json', body: `\uFEFF${json}` }),
  (json) => ({
    type: 'application/json',
    body: Buffer.concat([
      Buffer.from(json.slice(0, -1)),
      Buffer.from([0x2c, 0x22, 0x78, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]),
    ]),
  }),
  (json) => ({ type: 'application/json; charset=iso-8859-1', body: json }),
  (json) => ({ type: 'application/x-www-form-urlencoded', body: json }),
  () => ({ type: 'application/octet-stream', body: Buffer.from([0, 1, 2, 255]) }),
];

/** Puts the values on the wire the way `encoding` says; GET and DELETE always use the query. */
export function encodeRequest(
  method: string,
  values: Record<string, unknown>,
  encoding: Encoding,
  arrays: ArraySyntax,
): Sent {
  const inQuery = method === 'GET' || method === 'DELETE' || encoding === 'query';
  if (inQuery) {
    const query = formEncode(values, arrays);
    return { query: query === '' ? '' : `?${query}`, headers: {} };
  }
  const json = JSON.stringify(values);
  if (encoding === 'json')
    return { query: '', body: json, headers: { 'content-type': 'application/json' } };
  if (encoding === 'form')
    return {
      query: '',
      body: formEncode(values, arrays),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  const which = GARBAGE[json.length % GARBAGE.length]!(json);
  return { query: '', body: which.body, headers: { 'content-type': which.type } };
}
