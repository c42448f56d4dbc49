/** DATE and DATE-TIME values of rule lines (RFC 5545 §3.3.4, §3.3.5). */
import { RECURRENCE_LIMITS as LIMITS } from './limits.js';
import { clip, fail, type RuleDate } from './types.js';

const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function checkedDate(where: string, y: string, m: string, d: string): string {
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < LIMITS.minYear || year > LIMITS.maxYear) {
    fail(`${where}: the year must be between ${LIMITS.minYear} and ${LIMITS.maxYear}.`);
  }
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    fail(`${where}: ${y}${m}${d} is not a calendar date.`);
  }
  return `${y}-${m}-${d}`;
}

/** One DATE or DATE-TIME value; `zone` is a TZID parameter already checked. */
export function readDate(
  where: string,
  text: string,
  zone: string | null,
  dateOnly: boolean,
): RuleDate {
  const date = DATE.exec(text);
  if (date) {
    if (zone !== null) fail(`${where}: TZID applies to date-times, not to the date ${text}.`);
    return { type: 'date', date: checkedDate(where, date[1]!, date[2]!, date[3]!) };
  }
  const dateTime = DATE_TIME.exec(text);
  if (!dateTime || dateOnly) {
    fail(
      dateOnly
        ? `${where}: ${clip(text)} must be a date such as 20270630 (VALUE=DATE).`
        : `${where}: ${clip(text)} must be a date (20270630) or a date-time (20270630T190000, 20270630T170000Z).`,
    );
  }
  const [, y, mo, d, h, mi, s, utc] = dateTime!;
  const day = checkedDate(where, y!, mo!, d!);
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    fail(`${where}: ${text} is not a time of day.`);
  }
  const wall = `${day} ${h}:${mi}:${s}`;
  if (utc === 'Z') {
    if (zone !== null) fail(`${where}: ${text} is in UTC and cannot also have a TZID.`);
    return { type: 'utc', wall };
  }
  return { type: 'local', wall, zone };
}

export function formatDateValue(value: RuleDate): string {
  if (value.type === 'date') return value.date.replaceAll('-', '');
  const compact = value.wall.replace(/[-:]/g, '').replace(' ', 'T');
  return value.type === 'utc' ? `${compact}Z` : compact;
}
