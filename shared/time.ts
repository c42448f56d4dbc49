/** Time-zone helpers shared by the server and the console (pure, no Node APIs). */
import { DateTime, IANAZone } from 'luxon';

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

/** `YYYY-MM-DD HH:MM:SS` of an instant as wall time in `zone`. */
export function formatInZone(date: Date, zone: string): string {
  return DateTime.fromJSDate(date, { zone: normalizeZone(zone) ?? 'UTC' }).toFormat(
    'yyyy-MM-dd HH:mm:ss',
  );
}
