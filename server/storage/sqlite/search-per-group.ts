/**
 * The full-text indexes written once per group of writes (migration 0030): a group marks its
 * transaction, the events' triggers then note the events written (with the values their index
 * rows hold), and before COMMIT the notes become index rows, one statement per index and kind.
 * An event whose indexed text and listed key are as they were gets no new rows.
 */
import type { Db } from '../../db/open.js';

/** The listed index's rowid of `e`'s row, or NULL when it is not listed (migration 0017). */
const listedKey = (e: string) => `CASE WHEN ${e}.status = 'publish'
    AND ${e}.hide_from_listings = 0 AND ${e}.id < 536870912
    AND ${e}.start_utc >= '1900-01-01 00:00:00' AND ${e}.start_utc < '2172-01-01 00:00:00'
  THEN ((unixepoch(${e}.start_utc) + 2208988800) << 30) | (${e}.id << 1)
    | (${e}.end_utc > datetime(${e}.start_utc, '+2 days')) END`;

/** The noted event `p` is gone or its text is not what its index rows hold. */
const textChanged = `(e.id IS NULL OR e.title IS NOT p.title
  OR e.description IS NOT p.description OR e.excerpt IS NOT p.excerpt)`;

export interface SearchPerGroup {
  /** After BEGIN: the events' writes are noted instead of indexed. */
  begin(): void;
  /** Before COMMIT: the notes written into both indexes, and the mark gone. */
  finish(): void;
}

export function searchPerGroup(db: Db): SearchPerGroup {
  const mark = db.prepare('INSERT OR IGNORE INTO search_pending (id, indexed) VALUES (0, 0)');
  const noted = db.prepare<[], number>('SELECT count(*) FROM search_pending WHERE id <> 0').pluck();
  const steps = [
    db.prepare(
      `INSERT INTO events_fts (events_fts, rowid, title, description, excerpt)
       SELECT 'delete', p.id, p.title, p.description, p.excerpt
       FROM search_pending p LEFT JOIN events e ON e.id = p.id
       WHERE p.id <> 0 AND p.indexed = 1 AND ${textChanged}`,
    ),
    db.prepare(
      `INSERT INTO events_fts (rowid, title, description, excerpt)
       SELECT e.id, e.title, e.description, e.excerpt
       FROM search_pending p JOIN events e ON e.id = p.id
       WHERE p.id <> 0 AND (p.indexed = 0 OR ${textChanged})`,
    ),
    db.prepare(
      `DELETE FROM events_fts_listed WHERE rowid IN (
         SELECT p.listed FROM search_pending p LEFT JOIN events e ON e.id = p.id
         WHERE p.id <> 0 AND p.listed IS NOT NULL
           AND (${textChanged} OR p.listed IS NOT ${listedKey('e')}))`,
    ),
    db.prepare(
      `INSERT INTO events_fts_listed (rowid, title, description, excerpt)
       SELECT key, title, description, excerpt FROM (
         SELECT ${listedKey('e')} AS key, e.title, e.description, e.excerpt,
           p.indexed = 0 OR ${textChanged} AS changed, p.listed AS was
         FROM search_pending p JOIN events e ON e.id = p.id WHERE p.id <> 0)
       WHERE key IS NOT NULL AND (changed OR was IS NOT key)`,
    ),
  ];
  const clear = db.prepare('DELETE FROM search_pending');
  return {
    begin() {
      mark.run();
    },
    finish() {
      if (noted.get()! > 0) for (const step of steps) step.run();
      clear.run();
    },
  };
}
