/**
 * SQL of what decides whether a remembered event presentation is still the one to send
 * (events/presented.ts): the generation of the other rows events show (migration 0016) and, per
 * event, its links with their positions and its terms' counts, in one statement.
 */
import type { Db } from '../../db/open.js';

export interface PresentedKeys {
  generation: number;
  /** Per event id, its links as one string (same links, same string). */
  links: Map<number, string>;
}

export function createPresentedStore(db: Db) {
  // The order inside each list is the index's; a reordering still changes the text (positions).
  const keys = db
    .prepare<[string], [number, number, string | null, string | null]>(
      `SELECT (SELECT generation FROM presented_generation WHERE id = 1), j.value,
         (SELECT group_concat(et.term_id || ':' || et.position || ':' || t.count)
          FROM event_terms et JOIN terms t ON t.id = et.term_id WHERE et.event_id = j.value),
         (SELECT group_concat(eo.organizer_id || ':' || eo.position)
          FROM event_organizers eo WHERE eo.event_id = j.value)
       FROM json_each(?) j`,
    )
    .raw();

  return {
    /** The keys of some events (at least one). */
    keys(ids: readonly number[]): PresentedKeys {
      const links = new Map<number, string>();
      let generation = 0;
      for (const [gen, id, terms, organizers] of keys.all(JSON.stringify(ids))) {
        generation = gen;
        links.set(id, `${terms ?? ''}|${organizers ?? ''}`);
      }
      return { generation, links };
    },
  };
}

export type PresentedStore = ReturnType<typeof createPresentedStore>;
