/**
 * VTIMEZONE components (RFC 5545 §3.6.5) made from the IANA zone's real transitions, as the
 * host's time-zone data gives them, for the years a feed covers. Each transition is one
 * STANDARD or DAYLIGHT observance with its own DTSTART, so a zone whose rules changed over the
 * years (Europe/Moscow, America/Sao_Paulo) is described exactly; clients never need to know the
 * zone by name.
 */
import { DateTime, Info } from 'luxon';
import { normalizeZone } from '../../../shared/time.js';
import { zoneAbbreviation } from '../../../shared/dates.js';

/** A jCal component: name, properties, sub-components (RFC 7265). */
export type JCal = [string, JCalProperty[], JCal[]];
export type JCalProperty = [string, Record<string, string>, string, ...unknown[]];

const DAY_MS = 86_400_000;
/** Offsets are sampled this far apart; no zone changes its offset twice within a week. */
const STEP_MS = 7 * DAY_MS;
/** Years outside this range are clamped: the tz database describes nothing useful beyond. */
const MIN_YEAR = 1900;
const MAX_YEAR = 2200;

interface Transition {
  /** The first instant with the new offset. */
  at: number;
  from: number;
  to: number;
}

function offsetAt(zone: string, ms: number): number {
  return Info.normalizeZone(zone).offset(ms);
}

/** The first instant in (lo, hi] whose offset differs from lo's, to the second. */
function changeBetween(zone: string, lo: number, hi: number): number {
  const before = offsetAt(zone, lo);
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (offsetAt(zone, mid) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

function transitions(zone: string, fromMs: number, toMs: number): Transition[] {
  const out: Transition[] = [];
  let t = fromMs;
  let offset = offsetAt(zone, t);
  while (t < toMs) {
    const next = Math.min(t + STEP_MS, toMs);
    const nextOffset = offsetAt(zone, next);
    if (nextOffset !== offset) {
      const at = changeBetween(zone, t, next);
      out.push({ at, from: offset, to: offsetAt(zone, at) });
      // A second change within the same step (rare) is found from the first one onwards.
      t = at;
      offset = offsetAt(zone, at);
      continue;
    }
    t = next;
  }
  return out;
}

/** `+0200`, `-0330` (the UTC-OFFSET value type). */
function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${sign}${hh}:${mm}`;
}

/** The transition's local wall time before it (RFC 5545: DTSTART is in the "from" offset). */
function localStart(at: number, fromMinutes: number): string {
  return new Date(at + fromMinutes * 60_000).toISOString().slice(0, 19);
}

function observance(zone: string, at: number, from: number, to: number, daylight: boolean): JCal {
  const name = zoneAbbreviation(zone, DateTime.fromMillis(at, { zone }));
  return [
    daylight ? 'daylight' : 'standard',
    [
      ['dtstart', {}, 'date-time', localStart(at, from)],
      ['tzoffsetfrom', {}, 'utc-offset', utcOffset(from)],
      ['tzoffsetto', {}, 'utc-offset', utcOffset(to)],
      ['tzname', {}, 'text', name],
    ],
    [],
  ];
}

const cache = new Map<string, JCal>();

/**
 * The VTIMEZONE of `zone` (an IANA name or a fixed `UTC+2`) for the years `fromYear` to
 * `toYear`: the offset in force at the start of `fromYear` and every transition until the end
 * of `toYear`. Remembered, as feeds ask for the same few zones again and again.
 */
export function vtimezone(zone: string, fromYear: number, toYear: number): JCal {
  const first = Math.max(MIN_YEAR, Math.min(fromYear, MAX_YEAR));
  const last = Math.max(first, Math.min(toYear, MAX_YEAR));
  const key = `${zone}|${first}|${last}`;
  const known = cache.get(key);
  if (known) return known;
  const resolved = normalizeZone(zone) ?? 'UTC';
  const start = Date.UTC(first, 0, 1);
  const end = Date.UTC(last + 1, 0, 1);
  const changes = transitions(resolved, start, end);
  const initial = offsetAt(resolved, start);
  // Whether an offset is daylight time: above the zone's smallest offset of the covered years.
  const standard = Math.min(initial, ...changes.map((c) => c.to));
  const observances: JCal[] = [
    observance(resolved, start, initial, initial, initial > standard),
    ...changes.map((c) => observance(resolved, c.at, c.from, c.to, c.to > standard)),
  ];
  const component: JCal = ['vtimezone', [['tzid', {}, 'text', zone]], observances];
  if (cache.size >= 500) cache.clear();
  cache.set(key, component);
  return component;
}
