/** PostgreSQL's SQL of CalDAV (migration 0020): object names and the lines kept per event. */
import type { CaldavReader, CaldavRepository } from '../caldav.js';
import { rowOf, rowsOf, type Query } from './query.js';

export function pgCaldavReader(q: Query): CaldavReader {
  return {
    headByName: async (name) =>
      (
        await rowOf<{ event_id: number }>(q, 'SELECT event_id FROM caldav_names WHERE name = $1', [
          name,
        ])
      )?.event_id,
    names: async (heads) =>
      new Map(
        (
          await rowsOf<{ event_id: number; name: string }>(
            q,
            'SELECT event_id, name FROM caldav_names WHERE event_id = ANY($1::bigint[])',
            [heads],
          )
        ).map((row) => [row.event_id, row.name]),
      ),
    kept: async (ids) =>
      new Map(
        (
          await rowsOf<{ event_id: number; lines: string }>(
            q,
            'SELECT event_id, lines FROM event_ical_kept WHERE event_id = ANY($1::bigint[])',
            [ids],
          )
        ).map((row) => [row.event_id, row.lines]),
      ),
  };
}

export function pgCaldav(q: Query): CaldavRepository {
  return {
    ...pgCaldavReader(q),
    async putName(head, name) {
      await q('DELETE FROM caldav_names WHERE name = $1', [name]);
      await q(
        `INSERT INTO caldav_names (event_id, name) VALUES ($1, $2)
         ON CONFLICT (event_id) DO UPDATE SET name = excluded.name`,
        [head, name],
      );
    },
    async putKept(id, lines) {
      if (lines === '') {
        await q('DELETE FROM event_ical_kept WHERE event_id = $1', [id]);
        return;
      }
      await q(
        `INSERT INTO event_ical_kept (event_id, lines) VALUES ($1, $2)
         ON CONFLICT (event_id) DO UPDATE SET lines = excluded.lines`,
        [id, lines],
      );
    },
  };
}
