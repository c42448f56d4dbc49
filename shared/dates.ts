/**
 * Date input as the API accepts it (docs/contract/decisions.md, Input): `YYYY-MM-DD HH:MM:SS`, `YYYY-MM-DD`,
 * ISO 8601 with or without an offset, Unix timestamps, and natural language (`tomorrow 9am`,
 * `next wednesday 4pm`) read relative to "now" in the zone the value belongs to. Pure: the
 * server and the console parse dates the same way.
 */
import * as chrono from 'chrono-node';
import { DateTime } from 'luxon';
import { normalizeZone, wallToUtcMs } from './time.js';

export const WALL_FORMAT = 'yyyy-MM-dd HH:mm:ss';

const TIMESTAMP = /^-?\d+$/;
const DATE_ONLY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const HAS_OFFSET = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;
// Words after which PHP's strtotime, the reference's parser, means midnight unless a time is given.
const DAY_WORDS =
  /\b(today|tomorrow|yesterday|midnight|(mon|tues?|wed(nes)?|thu(rs)?|fri|sat(ur)?|sun)(day)?)\b|\b\d{1,2}(st|nd|rd|th)?\b(?!\s*(hours?|hrs?|minutes?|mins?|seconds?|secs?|days?|weeks?|fortnights?|months?|years?))/i;

function zoneOf(zone: string): string {
  return normalizeZone(zone) ?? 'UTC';
}

/** Whether the fields name a day of the (proleptic Gregorian) calendar and a time of a day. */
function realWall(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): boolean {
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31);
}

function wall(
  zone: string,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): DateTime | undefined {
  if (!realWall(year, month, day, hour, minute, second)) return undefined;
  const value = atWall(zone, year, month, day, hour, minute, second);
  return value.isValid ? value : undefined;
}

/** The moment the clock of `zone` reads this wall time (time.ts `wallToUtcMs` for the rule). */
function atWall(
  zone: string,
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): DateTime {
  const wallClock = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years 0-99 as 1900-1999.
  wallClock.setUTCFullYear(year, month - 1, day);
  wallClock.setUTCHours(hour, minute, second, 0);
  return DateTime.fromMillis(wallToUtcMs(wallClock.getTime(), zone), { zone });
}

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const WEEKDAY_PHRASE =
  /^(?:(next|last|this)\s+)?(mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\b\s*(.*)$/i;

/**
 * PHP's strtotime weekday rules, which chrono does not follow: a bare or `this` weekday is today
 * or the next one, `next` is the first one after today, `last` the last one before today.
 * Rewrites the phrase as a date so that chrono only reads the time that follows it.
 */
function weekdayAsDate(text: string, zone: string, now: Date): string | undefined {
  const match = WEEKDAY_PHRASE.exec(text);
  if (!match) return undefined;
  const today = DateTime.fromJSDate(now, { zone });
  const target = WEEKDAYS.indexOf(match[2]!.slice(0, 3).toLowerCase()) + 1;
  const ahead = (target - today.weekday + 7) % 7;
  const which = match[1]?.toLowerCase();
  const days =
    which === 'next'
      ? ahead || 7
      : which === 'last'
        ? -((today.weekday - target + 7) % 7 || 7)
        : ahead;
  const date = today.plus({ days }).toFormat('yyyy-MM-dd');
  return match[3] ? `${date} ${match[3]}` : date;
}

const MONTH_EDGE = /^(first|last) day of (next|last|previous|this) month\b\s*(.*)$/i;

/** `first day of next month` and the like: PHP keeps the current time unless one is given. */
function monthEdgeAsText(text: string, zone: string, now: Date): string | undefined {
  const match = MONTH_EDGE.exec(text);
  if (!match) return undefined;
  const today = DateTime.fromJSDate(now, { zone });
  const which = match[2]!.toLowerCase();
  const month = today.plus({ months: which === 'next' ? 1 : which === 'this' ? 0 : -1 });
  const day = match[1]!.toLowerCase() === 'first' ? month.startOf('month') : month.endOf('month');
  return `${day.toFormat('yyyy-MM-dd')} ${match[3] || today.toFormat('HH:mm:ss')}`;
}

function natural(text: string, zone: string, now: Date): DateTime | undefined {
  // PHP's `midnight` is the start of today; chrono reads it as the coming one.
  if (/^(today )?midnight$/i.test(text)) text = 'today';
  const edge = monthEdgeAsText(text, zone, now);
  if (edge !== undefined) text = edge;
  const rewritten = weekdayAsDate(text, zone, now);
  if (rewritten !== undefined && DATE_ONLY.test(rewritten)) {
    const [, y, mo, d] = DATE_ONLY.exec(rewritten)!;
    return wall(zone, +y!, +mo!, +d!);
  }
  if (rewritten !== undefined) text = rewritten;
  const offset = DateTime.fromJSDate(now, { zone }).offset;
  const results = chrono.parse(text, { instant: now, timezone: offset });
  // Only a parse of the whole text counts: "foo tomorrow bar" is not a date.
  if (results.length !== 1 || results[0]!.index !== 0 || results[0]!.text.length !== text.length) {
    return undefined;
  }
  const start = results[0]!.start;
  const timeGiven = start.isCertain('hour');
  const midnight = !timeGiven && DAY_WORDS.test(text) && !/\b(now|ago|from now)\b/i.test(text);
  return wall(
    zone,
    start.get('year')!,
    start.get('month')!,
    start.get('day')!,
    midnight ? 0 : start.get('hour')!,
    midnight ? 0 : start.get('minute')!,
    midnight ? 0 : start.get('second')!,
  );
}

/**
 * Reads a date given to the API as a wall time in `zone` (an IANA name or `UTC+2`); values that
 * carry their own offset, and timestamps, are converted to that zone. `undefined` when the value
 * is not a date.
 */
export function parseDateInput(
  value: string | number,
  zone: string,
  now: Date,
): DateTime | undefined {
  const tz = zoneOf(zone);
  if (typeof value === 'number') {
    return Number.isFinite(value)
      ? DateTime.fromSeconds(Math.trunc(value), { zone: tz })
      : undefined;
  }
  const text = value.trim().replace(/\s+/g, ' ');
  if (text === '') return undefined;
  if (TIMESTAMP.test(text) || /^@-?\d+$/.test(text)) {
    const seconds = Number(text.replace('@', ''));
    return Number.isSafeInteger(seconds) ? DateTime.fromSeconds(seconds, { zone: tz }) : undefined;
  }
  const fields = wallFields(text);
  if (fields) return wall(tz, ...fields);
  if (/^\d{4}-\d{2}-\d{2}T/.test(text) || HAS_OFFSET.test(text)) {
    const iso = DateTime.fromISO(text.replace(' ', 'T'), { zone: tz, setZone: false });
    if (iso.isValid) return iso.setZone(tz);
  }
  const rfc = DateTime.fromRFC2822(text, { zone: tz });
  if (rfc.isValid) return rfc.setZone(tz);
  return natural(text, tz, now);
}

/**
 * Whether `parseDateInput` reads `value` relative to "now" (natural language: `tomorrow 9am`,
 * `+1 week`): every other form (timestamps, wall times, ISO 8601, RFC 2822) names the same
 * moment whenever it is read.
 */
export function readsNow(value: string | number): boolean {
  if (typeof value === 'number') return false;
  const text = value.trim().replace(/\s+/g, ' ');
  if (text === '' || TIMESTAMP.test(text) || /^@-?\d+$/.test(text) || wallFields(text)) {
    return false;
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(text) || HAS_OFFSET.test(text)) {
    if (DateTime.fromISO(text.replace(' ', 'T'), { zone: 'UTC', setZone: false }).isValid) {
      return false;
    }
  }
  return !DateTime.fromRFC2822(text, { zone: 'UTC' }).isValid;
}

/**
 * True when `value` is a date the API accepts (the zone does not change that): one from year 3
 * to 9999-12-29 in UTC, so that read in any zone, and moved to the end of an all-day event's
 * day, it keeps the four-digit year of the wire format in its zone and in UTC.
 */
export function isDateInput(value: unknown): boolean {
  if (typeof value !== 'string' && typeof value !== 'number') return false;
  // A wall time read in UTC is its own fields: checked without making a date, since the write
  // that follows reads it again in the event's zone (the usual input, checked once per field).
  const fields = typeof value === 'string' ? wallFields(value.trim()) : undefined;
  if (fields !== undefined) {
    const [year, month, day] = fields;
    return realWall(...fields) && inWireYears(year * 10_000 + month * 100 + day);
  }
  const date = parseDateInput(value, 'UTC', new Date());
  if (date === undefined || !date.isValid) return false;
  return inWireYears(date.year * 10_000 + date.month * 100 + date.day);
}

const inWireYears = (day: number): boolean => day >= 3_0101 && day <= 9999_1229;

/** The fields of a `YYYY-MM-DD` or `YYYY-MM-DD HH:MM[:SS[.fff]]` text (single spaces). */
function wallFields(text: string): [number, number, number, number, number, number] | undefined {
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) return [+dateOnly[1]!, +dateOnly[2]!, +dateOnly[3]!, 0, 0, 0];
  const dateTime = DATE_TIME.exec(text);
  if (!dateTime) return undefined;
  const [, y, mo, d, h, mi, s] = dateTime;
  return [+y!, +mo!, +d!, +h!, +mi!, s === undefined ? 0 : +s];
}

/** `YYYY-MM-DD HH:MM:SS` of a date, the wire format of every date the API shows. */
export function formatWall(value: DateTime): string {
  // By hand for the usual years: luxon's formatter is the costliest step of an event write's dates.
  if (!value.isValid || value.year < 0 || value.year > 9999) return value.toFormat(WALL_FORMAT);
  return `${pad(value.year, 4)}-${pad(value.month)}-${pad(value.day)} ${pad(value.hour)}:${pad(value.minute)}:${pad(value.second)}`;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** A stored `YYYY-MM-DD HH:MM:SS` wall time read in `zone`. */
export function readWall(text: string, zone: string): DateTime {
  // Parsed by hand: luxon's format parser is the slowest step of presenting a page of events.
  return atWall(
    zoneOf(zone),
    Number(text.slice(0, 4)),
    Number(text.slice(5, 7)),
    Number(text.slice(8, 10)),
    Number(text.slice(11, 13)),
    Number(text.slice(14, 16)),
    Number(text.slice(17, 19)),
  );
}

/** The zero-padded parts of a `YYYY-MM-DD HH:MM:SS` string (docs/contract/compat-notes.md §1.2). */
export function dateDetails(text: string): {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
} {
  return {
    year: text.slice(0, 4),
    month: text.slice(5, 7),
    day: text.slice(8, 10),
    hour: text.slice(11, 13),
    minutes: text.slice(14, 16),
    seconds: text.slice(17, 19),
  };
}

const ABBR_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-NZ', 'en-IN', 'en-IE', 'en-CA', 'en-ZA'];
// Zones whose tz-database abbreviation no English locale of Intl names.
const KNOWN_ABBR: Record<string, [string, string?]> = {
  'Asia/Hong_Kong': ['HKT'],
  'Asia/Tokyo': ['JST'],
  'Asia/Seoul': ['KST'],
  'Asia/Shanghai': ['CST'],
  'Asia/Taipei': ['CST'],
  'Asia/Manila': ['PST'],
  'Asia/Singapore': ['+08'],
  'Asia/Jakarta': ['WIB'],
  'Asia/Karachi': ['PKT'],
  'Asia/Jerusalem': ['IST', 'IDT'],
  'Europe/Moscow': ['MSK'],
  'Africa/Johannesburg': ['SAST'],
  'Africa/Lagos': ['WAT'],
  'Africa/Nairobi': ['EAT'],
};
const formatters = new Map<string, Intl.DateTimeFormat>();

function intlName(locale: string, zone: string, at: Date): string | undefined {
  const key = `${locale}|${zone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' });
    formatters.set(key, format);
  }
  return format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
}

function numericAbbr(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  const minutes = abs % 60;
  return minutes === 0 ? `${sign}${hours}` : `${sign}${hours}${String(minutes).padStart(2, '0')}`;
}

/** Abbreviations by zone, offset and year: the same three always give the same name. */
const abbreviations = new Map<string, string>();

/**
 * `zoneAbbreviation` for an instant whose offset in the zone is already known (an event's stored
 * UTC and wall times give it), remembered: the Intl lookup behind it costs tens of microseconds.
 */
export function zoneAbbreviationAt(zone: string, instantMs: number, offsetMinutes: number): string {
  const tz = normalizeZone(zone);
  if (tz === undefined) return '';
  if (tz === 'UTC') return 'UTC';
  if (tz.startsWith('UTC')) return zone.trim();
  const key = `${tz}|${offsetMinutes}|${new Date(instantMs).getUTCFullYear()}`;
  let name = abbreviations.get(key);
  if (name === undefined) {
    name = zoneAbbreviation(zone, DateTime.fromMillis(instantMs, { zone: tz }));
    if (abbreviations.size >= 10_000) abbreviations.clear();
    abbreviations.set(key, name);
  }
  return name;
}

/**
 * The zone's abbreviation at an instant, as the reference shows it (`EST`, `EDT`, `CEST`, `AEST`,
 * `UTC`); tz-database style `+04` where a zone has no letters abbreviation.
 */
export function zoneAbbreviation(zone: string, at: DateTime): string {
  const tz = normalizeZone(zone);
  if (tz === undefined) return '';
  if (tz === 'UTC') return 'UTC';
  const local = at.setZone(tz);
  if (tz.startsWith('UTC')) return zone.trim();
  const known = KNOWN_ABBR[tz];
  if (known) return local.isInDST && known[1] ? known[1] : known[0];
  const instant = local.toJSDate();
  for (const locale of ABBR_LOCALES) {
    const name = intlName(locale, tz, instant);
    if (name && /^[A-Z]{2,5}$/.test(name) && (name !== 'GMT' || local.offset === 0)) return name;
  }
  return numericAbbr(local.offset);
}
