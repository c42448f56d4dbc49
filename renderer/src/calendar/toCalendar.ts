/**
 * Between API events and FullCalendar. The calendar runs in "UTC" mode so that the Date objects
 * it hands back carry each event's wall-clock time unchanged (events keep their own time zone).
 */
import type { EventInput } from '@fullcalendar/core';
import { DateTime } from 'luxon';
import { decodeEntities } from '../api/resources';
import type { EventWire } from '../../../shared/schemas/wire';
import { API_FORMAT, parseWall } from '../events/dates';
import { isOccurrence } from '../events/SeriesMark';

export function toCalendarEvent(event: EventWire): EventInput {
  const start = parseWall(event.start_date);
  const end = parseWall(event.end_date);
  return {
    id: String(event.id),
    title: decodeEntities(event.title) || '(untitled)',
    start: event.all_day ? start.toISODate()! : start.toISO({ includeOffset: false })!,
    // FullCalendar's all-day ends are exclusive: the day after the last day.
    end: event.all_day ? end.plus({ days: 1 }).toISODate()! : end.toISO({ includeOffset: false })!,
    allDay: event.all_day,
    classNames: [
      `event--${event.status}`,
      ...(event.featured ? ['event--featured'] : []),
      ...(isOccurrence(event) ? ['event--series'] : []),
    ],
    extendedProps: { event },
  };
}

const wall = (date: Date) => DateTime.fromJSDate(date, { zone: 'UTC' });

/** The start_date/end_date a dropped or resized calendar event should be saved with. */
export function datesAfterMove(
  start: Date,
  end: Date | null,
  allDay: boolean,
  original: EventWire,
) {
  const s = wall(start);
  if (allDay) {
    const lastDay = end
      ? wall(end).minus({ days: 1 })
      : s.plus(parseWall(original.end_date).diff(parseWall(original.start_date)));
    return {
      start_date: s.startOf('day').toFormat(API_FORMAT),
      end_date: lastDay.endOf('day').toFormat(API_FORMAT),
    };
  }
  const duration = parseWall(original.end_date).diff(parseWall(original.start_date));
  const e = end ? wall(end) : s.plus(duration);
  return { start_date: s.toFormat(API_FORMAT), end_date: e.toFormat(API_FORMAT) };
}

/** The visible range as listing filters: every event that overlaps it (docs/contract/compat-notes.md §3.2). */
export function rangeQuery(start: Date, end: Date) {
  return {
    ends_after: wall(start).minus({ days: 1 }).toFormat('yyyy-MM-dd'),
    starts_before: wall(end).toFormat('yyyy-MM-dd'),
  };
}
