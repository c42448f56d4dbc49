/** The recurrence tables (migrations 0009, 0022): identity of occurrences and what outlives deletion. */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/open.js';

function setup() {
  const db = openDatabase(':memory:');
  const event = (seriesId: number | null, original: string | null, status = 'publish') => {
    const id = Number(
      db.prepare("INSERT INTO posts (kind) VALUES ('event')").run().lastInsertRowid,
    );
    db.prepare(
      `INSERT INTO events (id, status, title, date_utc, modified_utc, timezone, start_local,
         end_local, start_utc, end_utc, series_id, original_start_local)
       VALUES (?, ?, 'Rehearsal', '2026-01-01 00:00:00', '2026-01-01 00:00:00', 'Europe/Paris',
         ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      status,
      original ?? '2026-01-06 19:00:00',
      '2026-01-06 21:00:00',
      '2026-01-06 18:00:00',
      '2026-01-06 20:00:00',
      seriesId,
      original,
    );
    return id;
  };
  const series = (id: number) =>
    db
      .prepare(
        `INSERT INTO series (id, lines, timezone, all_day, start_local, end_local, template,
           last_start_utc, modified_utc, slot, slot_origin, generated_from_utc, generated_until_utc)
         VALUES (?, '["RRULE:FREQ=WEEKLY"]', 'Europe/Paris', 0, '2026-01-06 19:00:00',
           '2026-01-06 21:00:00', '{}', NULL, '2026-01-01 00:00:00', 1, 20459, '', '')`,
      )
      .run(id);
  return { db, event, series };
}

describe('recurrence schema', () => {
  it('allows one occurrence per original start in a series', () => {
    const { db, event, series } = setup();
    const parent = event(null, null);
    series(parent);
    db.prepare(
      "UPDATE events SET series_id = ?, original_start_local = '2026-01-06 19:00:00' WHERE id = ?",
    ).run(parent, parent);
    event(parent, '2026-01-13 19:00:00');
    expect(() => event(parent, '2026-01-13 19:00:00')).toThrow(/UNIQUE constraint failed/);
    // Single events have no series and no original start, any number of them.
    event(null, null);
    event(null, null);
  });

  it('remembers an occurrence deleted for good from the trash, not one deleted otherwise', () => {
    const { db, event, series } = setup();
    const parent = event(null, null);
    series(parent);
    const trashed = event(parent, '2026-01-13 19:00:00', 'trash');
    const untouched = event(parent, '2026-01-20 19:00:00');
    db.prepare('DELETE FROM posts WHERE id IN (?, ?)').run(trashed, untouched);
    expect(
      db.prepare('SELECT series_id, original_start_local FROM series_exceptions').all(),
    ).toEqual([{ series_id: parent, original_start_local: '2026-01-13 19:00:00' }]);
  });

  it('refuses an occurrence of a series that does not exist', () => {
    const { event } = setup();
    expect(() => event(999, '2026-01-13 19:00:00')).toThrow(/FOREIGN KEY constraint failed/);
  });

  it('keeps the series and its other occurrences when the parent is deleted for good', () => {
    const { db, event, series } = setup();
    const parent = event(null, null);
    series(parent);
    const other = event(parent, '2026-01-13 19:00:00');
    db.prepare('DELETE FROM posts WHERE id = ?').run(parent);
    expect(db.prepare('SELECT id FROM series').all()).toEqual([{ id: parent }]);
    expect(db.prepare('SELECT series_id FROM events WHERE id = ?').get(other)).toEqual({
      series_id: parent,
    });
  });
});
