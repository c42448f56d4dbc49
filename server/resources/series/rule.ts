/** A series row read as its rule, its timing and its template. */
import type { SeriesTiming } from '../../../shared/recurrence/expand.js';
import { parseRecurrence, type Recurrence } from '../../../shared/recurrence/lines.js';
import type { Snapshot } from './snapshot.js';
import type { SeriesRow } from '../../storage/series.js';

export const timingOf = (row: SeriesRow): SeriesTiming => ({
  zone: row.timezone,
  allDay: row.all_day === 1,
  start: row.start_local,
  end: row.end_local,
});

export const recurrenceOf = (row: SeriesRow): Recurrence =>
  parseRecurrence(JSON.parse(row.lines) as string[]);

export function templateOf(row: SeriesRow): Snapshot {
  const template = JSON.parse(row.template) as Snapshot;
  // Templates written before events had a status (migration 0019) are of scheduled events.
  const stored: Partial<Snapshot['values']> = template.values;
  template.values = {
    ...template.values,
    event_status: stored.event_status ?? 'scheduled',
    event_status_reason: stored.event_status_reason ?? '',
  };
  return template;
}
