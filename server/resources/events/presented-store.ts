/**
 * SQL of what decides whether a remembered event presentation is still the one to send
 * (events/presented.ts): the generation of the other rows events show (migration 0016) and, per
 * event, its links with their positions and its terms' counts, in one statement; and whether a
 * remembered listing total is (listing-totals.ts).
 */
import type { ReadDb } from '../../db/read.js';

export interface PresentedKeys {
  generation: number;
  /** SQLite's data_version when the keys were read: it moves when another connection commits. */
  dataVersion: number;
  /** Per event id, its links as one string (same links, same string). */
  links: Map<number, string>;
}

export function createPresentedStore(db: ReadDb) {
  // The order inside each list is the index's; a reordering still changes the text (positions).
  const keys = db
    .prepare<[string], [number, number, number, string | null, string | null]>(
      `SELECT (SELECT generation FROM presented_generation WHERE id = 1),
         (SELECT data_version FROM pragma_data_version), j.value,
         (SELECT group_concat(et.term_id || ':' || et.position || ':' || t.count)
          FROM event_terms et JOIN terms t ON t.id = et.term_id WHERE et.event_id = j.value),
         (SELECT group_concat(eo.organizer_id || ':' || eo.position)
          FROM event_organizers eo WHERE eo.event_id = j.value)
       FROM json_each(?) j`,
    )
    .raw();

  // The calendar's generation (migration 0012) moves with every write to events, their links and
  // what listings filter on; data_version with every commit of another connection (another
  // server process, a restore), after which the generation may repeat with other contents.
  const listed = db
    .prepare<[], [number, number]>(
      'SELECT (SELECT generation FROM calendar_feed WHERE id = 1), data_version FROM pragma_data_version',
    )
    .raw();

  const version = db.prepare<[], number>('SELECT data_version FROM pragma_data_version').pluck();

  return {
    /** SQLite's data_version: it moves when another connection commits. */
    dataVersion: (): number => version.get()!,
    /** What every listing's result depends on in the database, as one string. */
    listingVersion: (): string => listed.get()!.join(':'),
    /** The keys of some events (at least one). */
    keys(ids: readonly number[]): PresentedKeys {
      const out: PresentedKeys = { generation: 0, dataVersion: 0, links: new Map() };
      for (const [generation, dataVersion, id, terms, organizers] of keys.all(
        JSON.stringify(ids),
      )) {
        out.generation = generation;
        out.dataVersion = dataVersion;
        out.links.set(id, `${terms ?? ''}|${organizers ?? ''}`);
      }
      return out;
    },
  };
}

export type PresentedStore = ReturnType<typeof createPresentedStore>;
