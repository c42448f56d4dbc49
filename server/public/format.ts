/** Dates as people read them, in the event's own time zone (the wire dates already are). */
import { DateTime } from 'luxon';
import { attr, text } from './html.js';

const WIRE = 'yyyy-MM-dd HH:mm:ss';

interface EventDates {
  start_date: string;
  end_date: string;
  utc_start_date: string;
  utc_end_date: string;
  timezone_abbr: string;
  all_day: boolean;
}

const local = (value: string, locale: string) => DateTime.fromFormat(value, WIRE, { locale });
const isoUtc = (value: string) => `${value.replace(' ', 'T')}Z`;

/** `<time>` elements for the start and end, with the zone abbreviation. */
export function whenHtml(event: EventDates, locale: string): string {
  const start = local(event.start_date, locale);
  const end = local(event.end_date, locale);
  if (!start.isValid || !end.isValid) return text(`${event.start_date} – ${event.end_date}`);
  const sameDay = start.hasSame(end, 'day');
  const day = (d: DateTime) => d.toLocaleString(DateTime.DATE_HUGE);
  const time = (d: DateTime) => d.toLocaleString(DateTime.TIME_SIMPLE);
  const tag = (utc: string, label: string) =>
    `<time datetime="${attr(isoUtc(utc))}">${text(label)}</time>`;
  const zone = event.timezone_abbr
    ? ` <span class="muted">${text(event.timezone_abbr)}</span>`
    : '';
  if (event.all_day) {
    return sameDay
      ? tag(event.utc_start_date, day(start))
      : `${tag(event.utc_start_date, day(start))} – ${tag(event.utc_end_date, day(end))}`;
  }
  if (sameDay) {
    return `${tag(event.utc_start_date, `${day(start)}, ${time(start)}`)} – ${tag(event.utc_end_date, time(end))}${zone}`;
  }
  return `${tag(event.utc_start_date, `${day(start)}, ${time(start)}`)} – ${tag(event.utc_end_date, `${day(end)}, ${time(end)}`)}${zone}`;
}

/** A short date for lists. */
export function shortWhen(event: EventDates, locale: string): string {
  const start = local(event.start_date, locale);
  if (!start.isValid) return text(event.start_date);
  const label = event.all_day
    ? start.toLocaleString(DateTime.DATE_MED_WITH_WEEKDAY)
    : `${start.toLocaleString(DateTime.DATE_MED_WITH_WEEKDAY)}, ${start.toLocaleString(DateTime.TIME_SIMPLE)}`;
  return `<time datetime="${attr(isoUtc(event.utc_start_date))}">${text(label)}</time>`;
}
