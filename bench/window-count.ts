/**
 * The exact number of listed events of some statuses with start ≥ startMin and end ≤ endMax,
 * without counting every event in between: whole UTC days inside the window come from
 * event_day_counts (migration 0006), and only events starting on the window's first day or
 * ending on its last day are counted one by one (covering indexes, one day's worth each).
 *
 * Partition of the events by the UTC days of their start (a) and end (b), window [S, E]:
 *   day(a) < day(S) or day(b) > day(E)   → outside;
 *   day(a) = day(S)                      → counted exactly (start ≥ S and end ≤ E);
 *   day(a) > day(S) and day(b) < day(E)  → inside for sure: summed from the day counts;
 *   day(a) > day(S) and day(b) = day(E)  → counted exactly (end ≤ E).
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../server/db/open.js';

const DAY_MS = 86_400_000;

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

const statements = new WeakMap<Db, Statement>();

export function windowCount(db: Db, statuses: string[], startMin: string, endMax: string): number {
  let statement = statements.get(db);
  if (!statement) {
    statement = db.prepare(
      `SELECT
         (SELECT coalesce(sum(n), 0) FROM event_day_counts
          WHERE status IN (SELECT value FROM json_each(@statuses))
            AND start_day > @startDay AND start_day < @endDay AND end_day < @endDay)
       + (SELECT count(*) FROM events
          WHERE hide_from_listings = 0 AND status IN (SELECT value FROM json_each(@statuses))
            AND start_utc >= @startMin AND start_utc < @afterStartDay AND end_utc <= @endMax)
       + (SELECT count(*) FROM events
          WHERE hide_from_listings = 0 AND status IN (SELECT value FROM json_each(@statuses))
            AND end_utc >= @endDayStart AND end_utc <= @endMax AND start_utc >= @afterStartDay)
       AS n`,
    );
    statements.set(db, statement);
  }
  const startDay = startMin.slice(0, 10);
  const endDay = endMax.slice(0, 10);
  const row = statement.get({
    statuses: JSON.stringify(statuses),
    startDay,
    endDay,
    startMin,
    endMax,
    afterStartDay: `${nextDay(startDay)} 00:00:00`,
    endDayStart: `${endDay} 00:00:00`,
  }) as { n: number };
  return row.n;
}
