/**
 * How many events one entry of an imported file stands for, for its report (§E2): 1 for a
 * single event; for a series, the occurrences its rule gives (the first one included, as RFC 5545
 * counts it); null for a series without end, or a rule the import refuses anyway.
 */
import { expand, lastStartBound, shiftWall } from '../../../shared/recurrence/expand.js';
import { parseRecurrence } from '../../../shared/recurrence/lines.js';
import { formatUtc, normalizeZone, wallMillis, wallToUtcMs } from '../../../shared/time.js';
import type { MappedEvent } from './import-map.js';

/** A mapped start or end as a wall time: all-day entries carry their date alone. */
export const wall = (value: string): string => (value.length === 10 ? `${value} 00:00:00` : value);

/** More than this is reported as a count anyway, without expanding further. */
const MOST = 100_000;

export function occurrenceCount(
  mapped: Pick<MappedEvent, 'recurrence' | 'start' | 'end' | 'timezone' | 'allDay'>,
): number | null {
  if (mapped.recurrence.length === 0) return 1;
  try {
    const recurrence = parseRecurrence(mapped.recurrence);
    const timing = {
      zone: mapped.timezone || 'UTC',
      allDay: mapped.allDay,
      start: wall(mapped.start),
      end: wall(mapped.end),
    };
    const last = lastStartBound(recurrence, timing);
    if (last === null) return null;
    const zone = normalizeZone(timing.zone) ?? 'UTC';
    const from = formatUtc(new Date(wallToUtcMs(wallMillis(timing.start), zone)));
    return expand(recurrence, timing, from, shiftWall(last, 1000), { limit: MOST }).length;
  } catch {
    return null;
  }
}
