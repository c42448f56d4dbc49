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

const MIN_FAST_MS = Date.UTC(1000, 0, 2);
const MAX_FAST_MS = Date.UTC(9999, 11, 30);
const HOUR_MS = 3_600_000;
/** Offset (minutes) per zone and UTC hour; NaN for an hour in which the offset changes. */
const hourOffsets = new Map<string, number>();

/**
 * The UTC offset of a zone (as `normalizeZone` gives it) at an instant, in minutes. Luxon asks
 * Intl for it, which costs microseconds; a page of events asks dozens of times, so offsets are
 * remembered per hour. An hour whose two ends disagree contains a change and is computed
 * exactly each time.
 */
export function zoneOffsetMinutes(zone: string, ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  const key = `${zone}|${hour}`;
  let offset = hourOffsets.get(key);
  if (offset === undefined) {
    const resolved = Info.normalizeZone(zone);
    const first = resolved.offset(hour * HOUR_MS);
    const last = resolved.offset((hour + 1) * HOUR_MS - 1);
    offset = first === last ? first : Number.NaN;
    if (hourOffsets.size >= 100_000) hourOffsets.clear();
    hourOffsets.set(key, offset);
  }
  return Number.isNaN(offset) ? Info.normalizeZone(zone).offset(ms) : offset;
}
