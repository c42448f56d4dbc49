/**
 * SQL of CalDAV (migration 0020): the names clients gave calendar objects and the iCalendar
 * lines kept per event.
 */
import type { Db } from '../../db/open.js';

export function createCaldavStore(db: Db) {
  const s = {
    byName: db.prepare<[string], { event_id: number }>(
      'SELECT event_id FROM caldav_names WHERE name = ?',
    ),
    names: db.prepare<[string], { event_id: number; name: string }>(
      'SELECT event_id, name FROM caldav_names WHERE event_id IN (SELECT value FROM json_each(?))',
    ),
    dropName: db.prepare<[string]>('DELETE FROM caldav_names WHERE name = ?'),
    putName: db.prepare<[number, string]>(
      `INSERT INTO caldav_names (event_id, name) VALUES (?, ?)
       ON CONFLICT (event_id) DO UPDATE SET name = excluded.name`,
    ),
    kept: db.prepare<[string], { event_id: number; lines: string }>(
      'SELECT event_id, lines FROM event_ical_kept WHERE event_id IN (SELECT value FROM json_each(?))',
    ),
    putKept: db.prepare<[number, string]>(
      `INSERT INTO event_ical_kept (event_id, lines) VALUES (?, ?)
       ON CONFLICT (event_id) DO UPDATE SET lines = excluded.lines`,
    ),
    dropKept: db.prepare<[number]>('DELETE FROM event_ical_kept WHERE event_id = ?'),
  };
  return {
    headByName: (name: string): number | undefined => s.byName.get(name)?.event_id,
    names: (heads: readonly number[]): Map<number, string> =>
      new Map(s.names.all(JSON.stringify(heads)).map((row) => [row.event_id, row.name])),
    /** Gives the object this name (a name left by a deleted object is taken over). */
    putName(head: number, name: string): void {
      s.dropName.run(name);
      s.putName.run(head, name);
    },
    kept: (ids: readonly number[]): Map<number, string> =>
      new Map(s.kept.all(JSON.stringify(ids)).map((row) => [row.event_id, row.lines])),
    putKept(id: number, lines: string): void {
      if (lines === '') s.dropKept.run(id);
      else s.putKept.run(id, lines);
    },
  };
}

export type CaldavStore = ReturnType<typeof createCaldavStore>;
