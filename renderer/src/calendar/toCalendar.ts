/**
 * Between API events and FullCalendar. Timed events are placed by their UTC instants and shown
 * in the display zone (FullCalendar's luxon plugin); all-day events keep their own dates in
 * every zone, as a birthday does.
 */
import type { EventInput } from '@fullcalendar/core';
import { DateTime } from 'luxon';
import type { EventWire } from '../../../shared/schemas/wire';
import { normalizeZone } from '../../../shared/time';
import { API_FORMAT, parseWall } from '../events/dates';
import { isOccurrence } from '../events/SeriesMark';
import { textOn } from './colors';
import { eventTitle } from './eventLabel';
import { isMarked } from '../events/EventStatusMark';
import { t } from '../i18n';

const isoUtc = (text: string) => `${text.replace(' ', 'T')}Z`;

/** `id → #rrggbb` of the categories that have a colour. */
export type CategoryColors = ReadonlyMap<number, string>;

/** The colour of the first of the event's categories that has one. */
export function colorOf(event: EventWire, colors: CategoryColors): string | undefined {
  for (const category of event.categories) {
    const color = colors.get(category.id);
    if (color) return color;
  }
  return undefined;
}

export function toCalendarEvent(event: EventWire, colors: CategoryColors): EventInput {
  const start = parseWall(event.start_date);
  const end = parseWall(event.end_date);
  const color = colorOf(event, colors);
  return {
    id: String(event.id),
    // The mark in words before the title: cells have no room for a badge beside it.
    title: isMarked(event)
      ? t('eventStatus.calendarTitle', {
          status: t(`eventStatus.${event.event_status}`),
          title: eventTitle(event),
        })
      : eventTitle(event),
    start: event.all_day ? start.toISODate()! : isoUtc(event.utc_start_date),
    // FullCalendar's all-day ends are exclusive: the day after the last day.
    end: event.all_day ? end.plus({ days: 1 }).toISODate()! : isoUtc(event.utc_end_date),
    allDay: event.all_day,
    ...(color ? { backgroundColor: color, borderColor: color, textColor: textOn(color) } : {}),
    classNames: [
      `event--${event.status}`,
      ...(event.featured ? ['event--featured'] : []),
      ...(isOccurrence(event) ? ['event--series'] : []),
      ...(isMarked(event) ? [`event--${event.event_status}`] : []),
    ],
    extendedProps: { event },
  };
}

/**
 * The start_date/end_date a dropped or resized calendar event should be saved with: timed
 * events as wall times of their own zone (the instant FullCalendar gives, seen from there),
 * all-day events by the dates shown.
 */
export function datesAfterMove(
  start: Date,
  end: Date | null,
  allDay: boolean,
  original: EventWire,
  displayZone: string,
) {
  const duration = parseWall(original.end_date).diff(parseWall(original.start_date));
  if (allDay) {
    // All-day dates are midnights of the display zone: read them back there.
    const s = DateTime.fromJSDate(start, { zone: displayZone });
    const lastDay = end
      ? DateTime.fromJSDate(end, { zone: displayZone }).minus({ days: 1 })
      : s.plus(duration);
    return {
      start_date: s.startOf('day').toFormat(API_FORMAT),
      end_date: lastDay.endOf('day').toFormat(API_FORMAT),
    };
  }
  const zone = normalizeZone(original.timezone) ?? 'UTC';
  const s = DateTime.fromJSDate(start, { zone });
  const e = end ? DateTime.fromJSDate(end, { zone }) : s.plus(duration);
  return { start_date: s.toFormat(API_FORMAT), end_date: e.toFormat(API_FORMAT) };
}

/** The visible range as listing filters: every event that overlaps it (docs/contract/compat-notes.md §3.2). */
export function rangeQuery(start: Date, end: Date) {
  // A day of margin on each side: the listing reads these dates in the site's zone, the
  // calendar's range is in the display zone, and the two may differ by up to a day.
  const day = (date: Date) => DateTime.fromJSDate(date, { zone: 'UTC' });
  return {
    ends_after: day(start).minus({ days: 1 }).toFormat('yyyy-MM-dd'),
    starts_before: day(end).plus({ days: 1 }).toFormat('yyyy-MM-dd'),
  };
}
