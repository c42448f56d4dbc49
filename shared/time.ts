/** Time-zone helpers shared by the server and the console (pure, no Node APIs). */
import { DateTime, IANAZone, Info } from 'luxon';

/** True for IANA zone names (`Europe/Paris`, `UTC`) and fixed offsets (`UTC+2`, `UTC-05:30`). */
export function isValidTimeZone(zone: string): boolean {
  return normalizeZone(zone) !== undefined;
}

const OFFSET = /^UTC([+-])(\d{1,2})(?::?(\d{2}))?$/i;

/**
 * The zone luxon understands for a name the reference accepts: IANA names as they are, and
 * WordPress-style offsets `UTC+2` as `UTC+2` fixed zones. `undefined` when it is not a zone.
 */
export function normalizeZone(zone: string): string | undefined {
  const name = zone.trim();
  if (name === '') return undefined;
  if (/^(UTC|GMT|Z)$/i.test(name)) return 'UTC';
  const offset = OFFSET.exec(name);
  if (offset) {
    const hours = Number(offset[2]);
    const minutes = Number(offset[3] ?? '0');
    if (hours > 14 || minutes > 59) return undefined;
    const sign = offset[1]!;
    return minutes === 0
      ? `UTC${sign}${hours}`
      : `UTC${sign}${hours}:${String(minutes).padStart(2, '0')}`;
  }
  return isIanaZone(name) ? name : undefined;
}

/** Zone names already checked: the check builds an Intl formatter, far too slow per date shown. */
const checkedZones = new Map<string, boolean>();

function isIanaZone(name: string): boolean {
  let valid = checkedZones.get(name);
  if (valid === undefined) {
    valid = IANAZone.isValidZone(name);
    // Names can come from requests, so the memory stays bounded.
    if (checkedZones.size >= 1_000) checkedZones.clear();
    checkedZones.set(name, valid);
  }
  return valid;
}

/** The host's own IANA zone, the default site zone. */
export function hostTimeZone(): string {
  return DateTime.local().zoneName ?? 'UTC';
}

/** `YYYY-MM-DD HH:MM:SS` in UTC, the storage and wire format of the reference's `*_utc` fields. */
export function formatUtc(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** The instant of a stored `YYYY-MM-DD HH:MM:SS` UTC time (the inverse of `formatUtc`). */
export function parseUtc(text: string): Date {
  return new Date(`${text.replace(' ', 'T')}Z`);
}

/** `YYYY-MM-DD HH:MM:SS` of an instant as wall time in `zone`. */
export function formatInZone(date: Date, zone: string): string {
  const tz = normalizeZone(zone) ?? 'UTC';
  const ms = date.getTime();
  // Years 1000-9999 (every date the API stores): the ISO string has the wanted shape.
  if (ms >= MIN_FAST_MS && ms < MAX_FAST_MS) {
    return formatUtc(tz === 'UTC' ? date : new Date(ms + zoneOffsetMinutes(tz, ms) * 60_000));
  }
  return DateTime.fromJSDate(date, { zone: tz }).toFormat('yyyy-MM-dd HH:mm:ss');
}

/**
 * The instant (ms since the epoch) at which the clock of `zone` (as `normalizeZone` gives it)
 * reads `wallMs`, a wall time written as milliseconds of a clock without zones. Defined for every
 * wall time, as RFC 5545 §3.3.5 reads a local time: one that occurs twice (the autumn overlap) is
 * its first occurrence; one that does not occur (the spring gap) is read with the offset before
 * the gap, so 02:30 on a spring-forward night is 03:30. Luxon alone picks between the two
 * instants of an overlap by the offset in force today, which made such a time depend on the
 * season it was saved in.
 */
export function wallToUtcMs(wallMs: number, zone: string): number {
  const before = zoneOffsetMinutes(zone, wallMs - DAY_MS);
  const after = zoneOffsetMinutes(zone, wallMs + DAY_MS);
  const first = wallMs - before * 60_000;
  if (before === after) return first;
  const second = wallMs - after * 60_000;
  const reads = (ms: number) => ms + zoneOffsetMinutes(zone, ms) * 60_000 === wallMs;
  if (reads(first) && reads(second)) return Math.min(first, second);
  return reads(second) && !reads(first) ? second : first;
}

const DAY_MS = 86_400_000;
const MIN_FAST_MS = Date.UTC(1000, 0, 2);
const MAX_FAST_MS = Date.UTC(9999, 11, 30);
const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * DAY_MS;
/**
 * Offset (minutes) per zone, span and index of the span (UTC weeks, days or hours); NaN for a
 * span in which the offset changes. Keyed by numbers under the zone: a listing asks thousands of
 * times, and building a text key each time cost more than the lookup.
 */
const spanOffsets = new Map<string, Map<number, Map<number, number>>>();
let remembered = 0;

function spanOffset(zone: string, span: number, index: number): number {
  let bySpan = spanOffsets.get(zone);
  if (bySpan === undefined) {
    bySpan = new Map();
    spanOffsets.set(zone, bySpan);
  }
  let byIndex = bySpan.get(span);
  if (byIndex === undefined) {
    byIndex = new Map();
    bySpan.set(span, byIndex);
  }
  let offset = byIndex.get(index);
  if (offset === undefined) {
    const resolved = Info.normalizeZone(zone);
    const first = resolved.offset(index * span);
    const last = resolved.offset((index + 1) * span - 1);
    offset = first === last ? first : Number.NaN;
    if (remembered >= 100_000) {
      spanOffsets.clear();
      remembered = 0;
      return offset;
    }
    byIndex.set(index, offset);
    remembered++;
  }
  return offset;
}

/**
 * The UTC offset of a zone (as `normalizeZone` gives it) at an instant, in minutes. Luxon asks
 * Intl for it, which costs microseconds; a page of events asks dozens of times and a series
 * thousands, so offsets are remembered per UTC week (no zone changes its offset twice in one),
 * per day in a week with a change, and per hour on a day with a change. An hour
 * whose two ends disagree contains the change and is computed exactly each time.
 */
export function zoneOffsetMinutes(zone: string, ms: number): number {
  const weekly = spanOffset(zone, WEEK_MS, Math.floor(ms / WEEK_MS));
  if (!Number.isNaN(weekly)) return weekly;
  const daily = spanOffset(zone, DAY_MS, Math.floor(ms / DAY_MS));
  if (!Number.isNaN(daily)) return daily;
  const hourly = spanOffset(zone, HOUR_MS, Math.floor(ms / HOUR_MS));
  return Number.isNaN(hourly) ? Info.normalizeZone(zone).offset(ms) : hourly;
}

/** Milliseconds of a stored `YYYY-MM-DD HH:MM:SS` read as a UTC wall clock. */
export function wallMillis(text: string): number {
  return Date.UTC(
    Number(text.slice(0, 4)),
    Number(text.slice(5, 7)) - 1,
    Number(text.slice(8, 10)),
    Number(text.slice(11, 13)),
    Number(text.slice(14, 16)),
    Number(text.slice(17, 19)),
  );
}
