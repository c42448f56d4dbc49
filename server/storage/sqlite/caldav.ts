/** SQL of CalDAV (migration 0020): object names and the iCalendar lines kept per event. */
import type { Db } from '../../db/open.js';
import { readHandle, type ReadDb } from '../../db/read.js';
import type { CaldavReader, CaldavRepository } from '../caldav.js';
import type { Sync } from './repository.js';

export function sqliteCaldavReader(db: ReadDb): Sync<CaldavReader> {
  const byName = db.prepare<[string], { event_id: number }>(
    'SELECT event_id FROM caldav_names WHERE name = ?',
  );
  const names = db.prepare<[string], { event_id: number; name: string }>(
    'SELECT event_id, name FROM caldav_names WHERE event_id IN (SELECT value FROM json_each(?))',
  );
  const kept = db.prepare<[string], { event_id: number; lines: string }>(
    'SELECT event_id, lines FROM event_ical_kept WHERE event_id IN (SELECT value FROM json_each(?))',
  );
  return {
    headByName: (name) => byName.get(name)?.event_id,
    names: (heads) =>
      new Map(names.all(JSON.stringify(heads)).map((row) => [row.event_id, row.name])),
    kept: (ids) => new Map(kept.all(JSON.stringify(ids)).map((row) => [row.event_id, row.lines])),
  };
}

export function sqliteCaldav(db: Db): Sync<CaldavRepository> {
  const dropName = db.prepare<[string]>('DELETE FROM caldav_names WHERE name = ?');
  const putName = db.prepare<[number, string]>(
    `INSERT INTO caldav_names (event_id, name) VALUES (?, ?)
     ON CONFLICT (event_id) DO UPDATE SET name = excluded.name`,
  );
  const putKept = db.prepare<[number, string]>(
    `INSERT INTO event_ical_kept (event_id, lines) VALUES (?, ?)
     ON CONFLICT (event_id) DO UPDATE SET lines = excluded.lines`,
  );
  const dropKept = db.prepare<[number]>('DELETE FROM event_ical_kept WHERE event_id = ?');
  return {
    ...sqliteCaldavReader(readHandle(db)),
    putName(head, name) {
      dropName.run(name);
      putName.run(head, name);
    },
    putKept(id, lines) {
      if (lines === '') dropKept.run(id);
      else putKept.run(id, lines);
    },
  };
}
