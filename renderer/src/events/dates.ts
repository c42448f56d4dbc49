/** Date helpers for events: the API speaks `YYYY-MM-DD HH:MM:SS` wall-clock strings. */
import { DateTime } from 'luxon';
import { luxonClock, usesTwelveHours } from '../app/clock';

export const API_FORMAT = 'yyyy-MM-dd HH:mm:ss';

export function parseWall(value: string): DateTime {
  return DateTime.fromFormat(value, API_FORMAT, { zone: 'UTC' });
}

/** `2026-06-15 09:30:00` ⇄ the `2026-06-15T09:30` of a datetime-local input. */
export const toInput = (value: string, allDay: boolean) =>
  value ? (allDay ? value.slice(0, 10) : value.slice(0, 16).replace(' ', 'T')) : '';

export function fromInput(value: string, allDay: boolean, endOfDay = false): string {
  if (!value) return '';
  if (allDay) return `${value.slice(0, 10)} ${endOfDay ? '23:59:59' : '00:00:00'}`;
  return `${value.replace('T', ' ')}:00`.slice(0, 19);
}

/** An event's dates for lists, times on the console's clock (12 h or 24 h, as the calendar). */
export function formatRange(
  event: { start_date: string; end_date: string; all_day: boolean; timezone_abbr?: string },
  twelve = usesTwelveHours(),
): string {
  const start = parseWall(event.start_date);
  const end = parseWall(event.end_date);
  if (!start.isValid) return event.start_date;
  const day = 'EEE d LLL yyyy';
  if (event.all_day)
    return start.hasSame(end, 'day')
      ? `${start.toFormat(day)} · all day`
      : `${start.toFormat('d LLL')} – ${end.toFormat(day)}`;
  const zone = event.timezone_abbr ? ` ${event.timezone_abbr}` : '';
  const clock = luxonClock(twelve);
  if (start.hasSame(end, 'day'))
    return `${start.toFormat(day)}, ${start.toFormat(clock)}–${end.toFormat(clock)}${zone}`;
  return `${start.toFormat(`d LLL ${clock}`)} – ${end.toFormat(`d LLL yyyy ${clock}`)}${zone}`;
}

/** A date or datetime-local input's value as a wall time (UTC stands for "no zone"). */
const inputTime = (value: string, allDay: boolean): DateTime =>
  allDay
    ? DateTime.fromFormat(value, 'yyyy-MM-dd', { zone: 'UTC' })
    : DateTime.fromFormat(value, "yyyy-MM-dd'T'HH:mm", { zone: 'UTC' });

/**
 * The end that keeps the event's length when its start moves from `before` to `after`, as
 * calendar apps do (inputs' values; wall-clock arithmetic, so a DST change in between does not
 * stretch it); undefined while the new start is incomplete or the old times are not a range.
 */
export function endKeepingLength(
  before: string,
  end: string,
  after: string,
  allDay: boolean,
): string | undefined {
  const from = inputTime(before, allDay);
  const until = inputTime(end, allDay);
  const to = inputTime(after, allDay);
  if (!from.isValid || !until.isValid || !to.isValid || until < from) return undefined;
  const moved = to.plus(until.diff(from));
  return moved.toFormat(allDay ? 'yyyy-MM-dd' : "yyyy-MM-dd'T'HH:mm");
}
