/**
 * The occurrences of a series between two instants.
 *
 * The rule is expanded in floating wall-clock time (rrule-temporal, in its UTC mode, so no DST
 * exists for it), and each wall time is then placed in the event's zone the way every Almanac
 * event is (time.ts `wallToUtcMs`): a 19:00 rehearsal stays at 19:00 local on both sides of a
 * DST change. A wall time that does not exist (in a spring-forward gap) moves forward by the gap
 * (02:30 → 03:30) and one that occurs twice (the autumn overlap) is the first, as RFC 5545
 * §3.3.5 reads them; the occurrence keeps the rule's wall time as its identity (`original`).
 *
 * An occurrence ends at the same wall-clock distance from its start as the series' first one
 * ("wall-clock start and end follow the rule", §E1): 19:00-21:00 stays 19:00-21:00; an all-day
 * event of three days stays three days.
 */
import { RRuleTemporal } from 'rrule-temporal';
import {
  formatInZone,
  normalizeZone,
  wallMillis,
  wallToUtcMs,
  zoneOffsetMinutes,
} from '../time.js';
import { formatRule, RecurrenceError, type Recurrence, type RuleDate } from './lines.js';

/** Where a series sits in time: its first occurrence (DTSTART and its end) and its zone. */
export interface SeriesTiming {
  zone: string;
  allDay: boolean;
  /** The first occurrence's start, `YYYY-MM-DD HH:MM:SS` wall time in `zone` (all-day: 00:00:00). */
  start: string;
  /** The first occurrence's end, same format. */
  end: string;
}

export interface Occurrence {
  /** The start the rule gives, wall time in the zone: the occurrence's identity in its series. */
  original: string;
  start_local: string;
  end_local: string;
  start_utc: string;
  end_utc: string;
}

export const DAY_MS = 86_400_000;
/**
 * Periods (days, weeks, months, years) the rule's iterator may walk when the caller gives no
 * bound. Candidate dates are bounded by the rule's cost (cost.ts) times the periods: the
 * library's own candidate cap is left at its default, which its fast plans require (any other
 * value sends every rule through its general engine, 30 to 80 times slower: docs/benchmark.md).
 */
const DEFAULT_EVALUATIONS = 10_000;
const LAST_WALL_MS = Date.UTC(9999, 11, 31, 23, 59, 59);
const LAST_DAY_MS = Date.UTC(9999, 11, 30, 23, 59, 59);
/** Instants written with four-digit years: [1000-01-01, 10000-01-01). */
const FIRST_MS = Date.UTC(1000, 0, 1);
const END_MS = Date.UTC(10000, 0, 1);

function floatingWall(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

const compact = (wall: string): string => wall.replace(/[-:]/g, '').replace(' ', 'T');

const utcDate = (text: string): Date => new Date(`${text.replace(' ', 'T')}Z`);

/** The wall time in `zone` that a rule date names (dates: their midnight). */
function wallOf(value: RuleDate, zone: string): string {
  if (value.type === 'date') return `${value.date} 00:00:00`;
  if (value.type === 'utc') return formatInZone(utcDate(value.wall), zone);
  if (value.zone === null || value.zone === zone) return value.wall;
  return formatInZone(utcDate(place(value.wall, value.zone).utc), zone);
}

/** The instant at which the zone's clock reads a floating wall time, and what it then reads. */
function placeMs(wallMs: number, zone: string): { local: number; utc: number } {
  const utc = wallToUtcMs(wallMs, zone);
  return { local: utc + zoneOffsetMinutes(zone, utc) * 60_000, utc };
}

/** A wall time placed in the zone: the clock's reading (moved out of a gap) and UTC. */
function place(wall: string, zone: string): { local: string; utc: string } {
  const at = placeMs(wallMillis(wall), zone);
  return { local: floatingWall(at.local), utc: floatingWall(at.utc) };
}

/** An occurrence in milliseconds: floating wall times (`original`, locals) and instants. */
export interface Placed {
  original: number;
  startLocal: number;
  endLocal: number;
  startUtc: number;
  endUtc: number;
}

export function placeMillis(wallMs: number, zone: string, duration: number): Placed {
  const start = placeMs(wallMs, zone);
  let end = placeMs(wallMs + duration, zone);
  // A start moved out of a spring gap can pass the end's wall time: keep the length instead.
  if (end.utc < start.utc) end = placeMs(start.local + duration, zone);
  return {
    original: wallMs,
    startLocal: start.local,
    endLocal: end.local,
    startUtc: start.utc,
    endUtc: end.utc,
  };
}

export const written = (p: Placed): Occurrence => ({
  original: floatingWall(p.original),
  start_local: floatingWall(p.startLocal),
  end_local: floatingWall(p.endLocal),
  start_utc: floatingWall(p.startUtc),
  end_utc: floatingWall(p.endUtc),
});

/** The occurrence of a series whose rule gives the wall time `original`. */
export function occurrenceAt(original: string, timing: SeriesTiming): Occurrence {
  const zone = normalizeZone(timing.zone) ?? 'UTC';
  return written(placeMillis(wallMillis(original), zone, wallDelta(timing.start, timing.end)));
}

/** Milliseconds from wall time `from` to wall time `to`, as a clock without zones counts. */
export function wallDelta(from: string, to: string): number {
  return wallMillis(to) - wallMillis(from);
}

/** A wall time moved by `ms` on a clock without zones. */
export function shiftWall(wall: string, ms: number): string {
  return floatingWall(wallMillis(wall) + ms);
}

/** The rule's own occurrences (DTSTART included) whose wall start lies in [from, to], as ms. */
function ruleWalls(
  recurrence: Recurrence,
  start: string,
  fromMs: number,
  toMs: number,
  evaluations = DEFAULT_EVALUATIONS,
): number[] {
  const { rule } = recurrence;
  if (rule === null) {
    const ms = wallMillis(start);
    return ms >= fromMs && ms <= toMs ? [ms] : [];
  }
  // UNTIL is applied by the caller, against real instants; the rule here runs in floating time.
  const text = `DTSTART;TZID=UTC:${compact(start)}\n${formatRule({ ...rule, until: undefined })}`;
  try {
    const expansion = new RRuleTemporal({
      rruleString: text,
      includeDtstart: true,
      cache: false,
      // The library counts the periods it walks: the bound on work, with the rule's cost.
      maxIterations: evaluations,
    });
    return expansion
      .between(new Date(fromMs), new Date(toMs), true)
      .map((at) => at.epochMilliseconds);
  } catch (error) {
    // The library stops rules that would take too long to expand (its iteration caps).
    throw new RecurrenceError(
      `makes the server search too long for its occurrences; simplify the rule (${
        error instanceof Error ? error.message : String(error)
      }).`,
    );
  }
}

/** The last wall time (ms) UNTIL lets the rule give, as a test on a wall time. */
function untilTest(recurrence: Recurrence, zone: string): ((wallMs: number) => boolean) | null {
  const until = recurrence.rule?.until;
  if (until === undefined) return null;
  if (until.type === 'utc') {
    const last = wallMillis(until.wall);
    return (wallMs) => wallToUtcMs(wallMs, zone) <= last;
  }
  if (until.type === 'date') {
    const next = wallMillis(`${until.date} 00:00:00`) + DAY_MS;
    return (wallMs) => wallMs < next;
  }
  const last = wallMillis(wallOf(until, zone));
  return (wallMs) => wallMs <= last;
}

/** More occurrences in a window than the caller's `limit`. */
export class ExpansionLimit extends RecurrenceError {
  override name = 'ExpansionLimit';
}

export interface ExpandOptions {
  /** More occurrences than this in the window is a RecurrenceError naming the window. */
  limit?: number;
  /** Periods the rule's iterator may walk before it gives up. */
  evaluations?: number;
}

export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

/**
 * The occurrences whose start instant lies in [fromUtc, toUtc) (`YYYY-MM-DD HH:MM:SS` UTC),
 * in order. The first occurrence (DTSTART) is always one, as RFC 5545 counts it.
 */
export function expand(
  recurrence: Recurrence,
  timing: SeriesTiming,
  fromUtc: string,
  toUtc: string,
  options: ExpandOptions = {},
): Occurrence[] {
  return expandMillis(recurrence, timing, fromUtc, toUtc, options).map(written);
}

/** What every wall time of a series is checked against, read once from its lines and timing. */
export interface Prepared {
  zone: string;
  /** DTSTART as a floating wall time (ms), its time of day, and the occurrences' length. */
  startMs: number;
  timeOfDay: number;
  duration: number;
  excluded: Set<number>;
  excludedDays: Set<number>;
  /** UNTIL as a test on a rule's wall time, and as a wall time in the zone; null without. */
  within: ((wallMs: number) => boolean) | null;
  untilWall: number | null;
  /** The RDATEs' wall times (ms), as the series reads them. */
  rdates: number[];
}

export function prepare(recurrence: Recurrence, timing: SeriesTiming): Prepared {
  const zone = normalizeZone(timing.zone) ?? 'UTC';
  const until = recurrence.rule?.until;
  const startMs = wallMillis(timing.start);
  const timeOfDay = startMs - dayOf(startMs) * DAY_MS;
  const excluded = new Set<number>();
  const excludedDays = new Set<number>();
  for (const value of recurrence.exdates) {
    if (value.type === 'date') excludedDays.add(dayOf(wallMillis(`${value.date} 00:00:00`)));
    else if (timing.allDay) excludedDays.add(dayOf(wallMillis(wallOf(value, zone))));
    else excluded.add(wallMillis(wallOf(value, zone)));
  }
  const rdates = recurrence.rdates.map((value) => {
    // A date added to a timed series starts at the series' time; a time added to an all-day
    // series gives its day.
    if (value.type === 'date') {
      const day = wallMillis(`${value.date} 00:00:00`);
      return timing.allDay ? day : day + timeOfDay;
    }
    const wall = wallMillis(wallOf(value, zone));
    return timing.allDay ? dayOf(wall) * DAY_MS : wall;
  });
  return {
    zone,
    startMs,
    timeOfDay,
    duration: wallDelta(timing.start, timing.end),
    excluded,
    excludedDays,
    within: untilTest(recurrence, zone),
    untilWall: until === undefined ? null : wallMillis(wallOf(until, zone)),
    rdates,
  };
}

/** The occurrence a wall time of the series (a rule's or an RDATE's) makes, or null. */
export function keep(prepared: Prepared, wall: number): Placed | null {
  const { excluded } = prepared;
  if (excluded.has(wall) || prepared.excludedDays.has(dayOf(wall))) return null;
  // An occurrence ending after 9999 cannot be written in four-digit years: it does not exist.
  if (wall > LAST_DAY_MS) return null;
  const occurrence = placeMillis(wall, prepared.zone, prepared.duration);
  if (!inYears(occurrence.endUtc) || !inYears(occurrence.endLocal)) return null;
  // An EXDATE may name a wall time in a DST gap as the clock really read (03:30, not 02:30).
  if (excluded.has(occurrence.startLocal)) return null;
  return occurrence;
}

/** The floating wall-time window (ms) whose rule walls can start in [fromUtc, toUtc). */
function floatingWindow(
  recurrence: Recurrence,
  zone: string,
  fromUtcMs: number,
  toUtcMs: number,
): [number, number] {
  // The window in floating time, a day wider on each side than any UTC offset.
  const fromMs = wallMillis(formatInZone(new Date(fromUtcMs), zone)) - DAY_MS;
  // (A zone's wall time of the last UTC day of 9999 may be in year 10000: one day less, then.)
  const toBound = Math.min(toUtcMs, LAST_DAY_MS);
  let toMs = wallMillis(formatInZone(new Date(toBound), zone)) + 2 * DAY_MS;
  const until = recurrence.rule?.until;
  if (until !== undefined) toMs = Math.min(toMs, wallMillis(wallOf(until, zone)) + 2 * DAY_MS);
  // Dates end with year 9999 (four-digit years): the iterator cannot be asked beyond.
  toMs = Math.min(toMs, LAST_WALL_MS);
  return [fromMs, Math.max(fromMs, toMs)];
}

/** The occurrences starting in [fromUtc, toUtc), in milliseconds (see `expand`). */
export function expandMillis(
  recurrence: Recurrence,
  timing: SeriesTiming,
  fromUtc: string,
  toUtc: string,
  options: ExpandOptions = {},
  prepared = prepare(recurrence, timing),
): Placed[] {
  const fromUtcMs = wallMillis(fromUtc);
  const toUtcMs = wallMillis(toUtc);
  const [fromMs, toMs] = floatingWindow(recurrence, prepared.zone, fromUtcMs, toUtcMs);
  const walls = new Set<number>();
  const { within, startMs } = prepared;
  const steps = options.evaluations;
  for (const wall of ruleWalls(recurrence, timing.start, fromMs, toMs, steps)) {
    if (within === null || wall === startMs || within(wall)) walls.add(wall);
  }
  for (const wall of prepared.rdates) walls.add(wall);

  const occurrences: Placed[] = [];
  for (const wall of [...walls].sort((a, b) => a - b)) {
    const occurrence = keep(prepared, wall);
    if (occurrence === null) continue;
    if (occurrence.startUtc < fromUtcMs || occurrence.startUtc >= toUtcMs) continue;
    occurrences.push(occurrence);
    if (options.limit !== undefined && occurrences.length > options.limit) {
      throw new ExpansionLimit(
        `makes more than ${options.limit} occurrences between ${fromUtc} and ${toUtc} UTC; ` +
          'end the series sooner or repeat less often.',
      );
    }
  }
  return occurrences;
}

const inYears = (ms: number): boolean => ms >= FIRST_MS && ms < END_MS;

/**
 * The latest instant (UTC) at which an occurrence can start, or `null` when the series never
 * ends. Used to leave finished series out of generation.
 */
export function lastStartBound(recurrence: Recurrence, timing: SeriesTiming): string | null {
  const zone = normalizeZone(timing.zone) ?? 'UTC';
  const { rule } = recurrence;
  const candidates = [timing.start, ...recurrence.rdates.map((value) => wallOf(value, zone))];
  if (rule !== null && rule.count === undefined && rule.until === undefined) return null;
  const until = rule?.until;
  if (until !== undefined) {
    candidates.push(until.type === 'date' ? `${until.date} 23:59:59` : wallOf(until, zone));
  }
  if (rule?.count !== undefined) {
    const last = ruleWalls(recurrence, timing.start, wallMillis(timing.start), 253_402_300_799_000);
    candidates.push(...last.slice(-1).map(floatingWall));
  }
  const latest = candidates.sort().at(-1)!;
  return place(latest, zone).utc;
}

/**
 * Whether EXDATE removes the first occurrence. The first occurrence is the series' own event
 * (docs/contract/extensions.md §E1), so a recurrence may not remove it: the event is trashed instead.
 */
export function excludesFirst(recurrence: Recurrence, timing: SeriesTiming): boolean {
  const first = occurrenceAt(timing.start, timing).start_utc;
  return expand(recurrence, timing, first, shiftWall(first, 1000)).length === 0;
}
