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

const DAY_MS = 86_400_000;
/** The iterator's step bound when the caller gives none: the library's own default. */
const DEFAULT_EVALUATIONS = 10_000;
const LAST_WALL_MS = Date.UTC(9999, 11, 31, 23, 59, 59);
const LAST_DAY = '9999-12-30 23:59:59';
const FOUR_DIGIT_YEAR = /^\d{4}-/;

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

/** A wall time placed in the zone: the clock's reading (moved out of a gap) and UTC. */
function place(wall: string, zone: string): { local: string; utc: string } {
  const ms = wallToUtcMs(wallMillis(wall), zone);
  return {
    local: floatingWall(ms + zoneOffsetMinutes(zone, ms) * 60_000),
    utc: floatingWall(ms),
  };
}

function placeOccurrence(wall: string, zone: string, duration: number): Occurrence {
  const start = place(wall, zone);
  let end = place(floatingWall(wallMillis(wall) + duration), zone);
  // A start moved out of a spring gap can pass the end's wall time: keep the length instead.
  if (end.utc < start.utc) end = place(floatingWall(wallMillis(start.local) + duration), zone);
  return {
    original: wall,
    start_local: start.local,
    end_local: end.local,
    start_utc: start.utc,
    end_utc: end.utc,
  };
}

/** The occurrence of a series whose rule gives the wall time `original`. */
export function occurrenceAt(original: string, timing: SeriesTiming): Occurrence {
  const zone = normalizeZone(timing.zone) ?? 'UTC';
  return placeOccurrence(original, zone, wallDelta(timing.start, timing.end));
}

/** Milliseconds from wall time `from` to wall time `to`, as a clock without zones counts. */
export function wallDelta(from: string, to: string): number {
  return wallMillis(to) - wallMillis(from);
}

/** A wall time moved by `ms` on a clock without zones. */
export function shiftWall(wall: string, ms: number): string {
  return floatingWall(wallMillis(wall) + ms);
}

/** The rule's own occurrences (DTSTART included) whose wall start lies in [from, to]. */
function ruleWalls(
  recurrence: Recurrence,
  start: string,
  fromMs: number,
  toMs: number,
  evaluations = DEFAULT_EVALUATIONS,
): string[] {
  const { rule } = recurrence;
  if (rule === null) {
    const ms = wallMillis(start);
    return ms >= fromMs && ms <= toMs ? [start] : [];
  }
  // UNTIL is applied by the caller, against real instants; the rule here runs in floating time.
  const text = `DTSTART;TZID=UTC:${compact(start)}\n${formatRule({ ...rule, until: undefined })}`;
  try {
    const expansion = new RRuleTemporal({
      rruleString: text,
      includeDtstart: true,
      cache: false,
      // The library counts its own steps (periods and candidate dates): the bound on work.
      maxIterations: evaluations,
      maxCandidateEvaluations: evaluations,
    });
    return expansion
      .between(new Date(fromMs), new Date(toMs), true)
      .map((at) => floatingWall(at.epochMilliseconds));
  } catch (error) {
    // The library stops rules that would take too long to expand (its iteration caps).
    throw new RecurrenceError(
      `makes the server search too long for its occurrences; simplify the rule (${
        error instanceof Error ? error.message : String(error)
      }).`,
    );
  }
}

/** Whether a rule occurrence at `wall` is within UNTIL. */
function withinUntil(recurrence: Recurrence, wall: string, zone: string): boolean {
  const until = recurrence.rule?.until;
  if (until === undefined) return true;
  if (until.type === 'utc') return place(wall, zone).utc <= until.wall;
  if (until.type === 'date') return wall.slice(0, 10) <= until.date;
  return wall <= wallOf(until, zone);
}

/** More occurrences in a window than the caller's `limit`. */
export class ExpansionLimit extends RecurrenceError {
  override name = 'ExpansionLimit';
}

export interface ExpandOptions {
  /** More occurrences than this in the window is a RecurrenceError naming the window. */
  limit?: number;
  /** Steps the rule's iterator may take (periods and candidate dates) before it gives up. */
  evaluations?: number;
}

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
  const zone = normalizeZone(timing.zone) ?? 'UTC';
  // The window in floating time, a day wider on each side than any UTC offset.
  const fromMs = wallMillis(formatInZone(utcDate(fromUtc), zone)) - DAY_MS;
  // (A zone's wall time of the last UTC day of 9999 may be in year 10000: one day less, then.)
  const toBound = toUtc > LAST_DAY ? LAST_DAY : toUtc;
  let toMs = wallMillis(formatInZone(utcDate(toBound), zone)) + 2 * DAY_MS;
  const until = recurrence.rule?.until;
  if (until !== undefined) toMs = Math.min(toMs, wallMillis(wallOf(until, zone)) + 2 * DAY_MS);
  // Dates end with year 9999 (four-digit years): the iterator cannot be asked beyond.
  toMs = Math.min(toMs, LAST_WALL_MS);

  const startTime = timing.start.slice(11);
  const duration = wallDelta(timing.start, timing.end);
  const excluded = new Set<string>();
  const excludedDays = new Set<string>();
  for (const value of recurrence.exdates) {
    if (value.type === 'date') excludedDays.add(value.date);
    else if (timing.allDay) excludedDays.add(wallOf(value, zone).slice(0, 10));
    else excluded.add(wallOf(value, zone));
  }

  const walls = new Set<string>();
  const bounded = until !== undefined;
  const steps = options.evaluations;
  for (const wall of ruleWalls(recurrence, timing.start, fromMs, Math.max(fromMs, toMs), steps)) {
    if (!bounded || wall === timing.start || withinUntil(recurrence, wall, zone)) walls.add(wall);
  }
  for (const value of recurrence.rdates) {
    const wall = wallOf(value, zone);
    // A date added to a timed series starts at the series' time; a time added to an all-day
    // series gives its day.
    if (timing.allDay) walls.add(`${wall.slice(0, 10)} 00:00:00`);
    else walls.add(value.type === 'date' ? `${value.date} ${startTime}` : wall);
  }

  const occurrences: Occurrence[] = [];
  for (const wall of [...walls].sort()) {
    if (excluded.has(wall) || excludedDays.has(wall.slice(0, 10))) continue;
    // An occurrence ending after 9999 cannot be written in four-digit years: it does not exist.
    if (wall > LAST_DAY) continue;
    const occurrence = placeOccurrence(wall, zone, duration);
    if (!FOUR_DIGIT_YEAR.test(occurrence.end_utc) || !FOUR_DIGIT_YEAR.test(occurrence.end_local)) {
      continue;
    }
    // An EXDATE may name a wall time in a DST gap as the clock really read (03:30, not 02:30).
    if (excluded.has(occurrence.start_local)) continue;
    if (occurrence.start_utc < fromUtc || occurrence.start_utc >= toUtc) continue;
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
    candidates.push(...last.slice(-1));
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
