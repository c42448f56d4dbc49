/**
 * Migration 0022 on a calendar whose series stored every occurrence: the occurrences nobody
 * changed go (the rule gives them again), the changed, moved and trashed ones and the first
 * event stay, and every series gets its number in the reserved id range.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../../server/db/migrate.js';

const COMPUTED = loadMigrations().findIndex((m) => m.sql.includes('slot_origin'));

describe('migration to computed occurrences', () => {
  it('removes the stored occurrences nobody changed and keeps the exceptions', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, loadMigrations().slice(0, COMPUTED));
    const event = (
      id: number,
      original: string,
      extra: { status?: string; start?: string; detached?: string } = {},
    ) => {
      db.prepare("INSERT INTO posts (id, kind) VALUES (?, 'event')").run(id);
      const start = extra.start ?? original;
      db.prepare(
        `INSERT INTO events (id, status, title, date_utc, modified_utc, timezone, start_local,
           end_local, start_utc, end_utc, series_id, original_start_local, detached, parent_id)
         VALUES (?, ?, 'Rehearsal', '2026-01-01 00:00:00', '2026-01-01 00:00:00', 'UTC',
           ?, ?, ?, ?, 1, ?, ?, ?)`,
      ).run(
        id,
        extra.status ?? 'publish',
        start,
        start.replace('19:00', '21:00'),
        start,
        start.replace('19:00', '21:00'),
        original,
        extra.detached ?? null,
        id === 1 ? null : 1,
      );
    };
    db.prepare(
      `INSERT INTO series (id, lines, timezone, all_day, start_local, end_local, template,
         generated_from_utc, generated_until_utc, last_start_utc, modified_utc)
       VALUES (1, '["RRULE:FREQ=WEEKLY"]', 'UTC', 0, '2026-01-06 19:00:00',
         '2026-01-06 21:00:00', '{}', '', '2028-01-01 00:00:00', NULL, '2026-01-01 00:00:00')`,
    ).run();
    event(1, '2026-01-06 19:00:00');
    event(2, '2026-01-13 19:00:00');
    event(3, '2026-01-20 19:00:00', { detached: '["title"]' });
    event(4, '2026-01-27 19:00:00', { status: 'trash' });
    event(5, '2026-02-03 19:00:00', { start: '2026-02-04 19:00:00', detached: '["times"]' });
    event(6, '2026-02-10 19:00:00');
    db.prepare(
      "INSERT INTO series_windows (series_id, from_utc, until_utc) VALUES (1, '2030-01-01', '2030-02-01')",
    ).run();

    migrate(db);
    const ids = db.prepare('SELECT id FROM events ORDER BY id').pluck().all();
    expect(ids).toEqual([1, 3, 4, 5]);
    expect(db.prepare('SELECT id FROM posts ORDER BY id').pluck().all()).toEqual([1, 3, 4, 5]);
    expect(db.prepare('SELECT slot, slot_origin FROM series').get()).toEqual({
      slot: 1,
      slot_origin: Date.UTC(2026, 0, 6) / 86_400_000,
    });
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'series_windows'")
      .all();
    expect(tables).toEqual([]);
  });
});
