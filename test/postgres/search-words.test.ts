/**
 * PostgreSQL's search (tsvector words and a tsquery, migration 0004) finds the same events as
 * SQLite's FTS5 index for the same search: the same texts are indexed by both engines and every
 * search's matches compared.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createClient } from '../../server/storage/postgres/pool.js';
import { ftsQuery } from '../../server/storage/sqlite/listing.js';
import { eventSearchWords, MIN_EVENT_SEARCH_WORD } from '../../shared/search.js';
import { createTestDatabase, type TestDatabase } from '../helpers/pg-database.js';

const TEXTS: Array<[title: string, description: string, excerpt: string]> = [
  ['Jazz conference', '<p>Two days of <strong>jazz</strong></p>', ''],
  ['Conférence d’été', 'Une soirée à São Paulo, naïve et joyeuse', 'ÉTÉ'],
  ['JAZZ NIGHT', 'jazz-funk & soul; e-mail: jazz@example.org', 'Jazzy'],
  ['Straße fest', 'Große Feier in München', ''],
  ['Concert 2026', 'Doors at 19h30, entry 10€', 'x86_64 build party'],
  ['Ελληνική βραδιά', 'Μουσική και χορός', ''],
  ['東京 meetup', 'カンファレンス 2026', ''],
  ['O’Brien’s pub quiz', "it's the quiz, isn't it?", ''],
  ['naive', 'NAÏVE naïveté', ''],
  ['Café', 'cafe CAFÉ café', ''],
  ['Ünïcödé', 'résumé  co-operate  über', ''],
  ['Emoji 🎷 jam', 'sax🎷phone', ''],
];

const SEARCHES = [
  'jazz',
  'Jazz conf',
  'jaz',
  'conference',
  'conférence',
  'ete',
  'été',
  'sao paulo',
  'naive',
  'naïveté',
  'strasse',
  'straße',
  'große',
  'munchen',
  'münchen',
  'concert 2026',
  '19h30',
  'x86',
  'x86_64',
  'ελληνική',
  'μουσ',
  'meetup',
  'o’brien',
  'brien',
  'isn',
  'cafe',
  'café',
  'resume',
  'co operate',
  'uber',
  'sax',
  'phone',
  'jam',
  'funk soul',
  'example org',
  'p',
  'strong',
  'quiz it',
  'jazzy',
  'zz',
];

let sqlite: Database.Database;
let database: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  sqlite = new Database(':memory:');
  sqlite.exec(`CREATE VIRTUAL TABLE f USING fts5 (title, description, excerpt,
    tokenize = 'unicode61 remove_diacritics 2')`);
  const insert = sqlite.prepare(
    'INSERT INTO f (rowid, title, description, excerpt) VALUES (?, ?, ?, ?)',
  );
  TEXTS.forEach((text, i) => insert.run(i + 1, ...text));
  database = await createTestDatabase();
  client = createClient(database.url);
  await client.connect();
  await client.query(
    `CREATE TEMP TABLE f AS
     SELECT n AS id, search_words(t[1], t[2], t[3]) AS words
     FROM unnest($1::text[]) WITH ORDINALITY AS x(j, n),
       LATERAL (SELECT ARRAY(SELECT json_array_elements_text(j::json)) AS t) a`,
    [TEXTS.map((text) => JSON.stringify(text))],
  );
});

afterAll(async () => {
  await client.end();
  await database.drop();
  sqlite.close();
});

describe('search on PostgreSQL', () => {
  it.each(SEARCHES)('finds what FTS5 finds for %j', async (search) => {
    const words = eventSearchWords(search).filter((w) => [...w].length >= MIN_EVENT_SEARCH_WORD);
    const fts = ftsQuery(words);
    const expected =
      fts === undefined
        ? []
        : sqlite
            .prepare<[string], number>('SELECT rowid FROM f WHERE f MATCH ? ORDER BY rowid')
            .pluck()
            .all(fts);
    const { rows } = await client.query<{ id: number }>(
      'SELECT id::int AS id FROM f WHERE cardinality($1::text[]) > 0 AND words @@ search_query($1) ORDER BY id',
      [words],
    );
    expect(rows.map((r) => r.id)).toEqual(expected);
  });

  it('finds at least one text for most searches (the corpus is not trivially empty)', async () => {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM f WHERE words @@ search_query(ARRAY['jazz'])",
    );
    expect(rows[0]!.n).toBe(2);
  });
});
