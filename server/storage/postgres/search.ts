/**
 * PostgreSQL's event search (migration 0004): the events whose words hold every word of a
 * search, the last as the start of a word, most recently created first, at most `limit` of
 * them; SQLite's `events_fts MATCH … ORDER BY rowid DESC LIMIT …` (sqlite/listing.ts). `words`
 * are those a search looks for (listing.ts: letters and digits, two characters or more).
 */
import { rowsOf, type Query } from './query.js';

export async function searchCandidates(
  q: Query,
  words: string[],
  limit: number,
): Promise<number[]> {
  if (words.length === 0) return [];
  const rows = await rowsOf<{ id: number }>(
    q,
    `SELECT id FROM events_search WHERE words @@ search_query($1::text[])
     ORDER BY id DESC LIMIT $2`,
    [words, limit],
  );
  return rows.map((row) => row.id);
}
