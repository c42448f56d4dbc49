/**
 * A series' occurrences as an ordered sequence that can be counted and read by parts without
 * building it: how a listing learns its total and makes only the rows of its page
 * (docs/architecture.md, "Recurrence model"). A series has at most one occurrence a day, so the
 * sequence is indexed by the day of each occurrence's original start.
 *
 * Two sources give it. A rule with a day pattern (periodic.ts) is counted by arithmetic; the days
 * that differ from the pattern (DTSTART, RDATE, EXDATE, the occurrences stored or deleted on
 * their own: the *special* days) are computed one by one, as `expand` would, and kept with the
 * difference each makes to the count. Any other rule is expanded over the window by its iterator
 * (`expandMillis`) and read from that list.
 */
import { wallToUtcMs, zoneOffsetMinutes } from '../time.js';
import {
  DAY_MS,
  dayOf,
  expandMillis,
  keep,
  placeMillis,
  prepare,
  type ExpandOptions,
  type Placed,
  type Prepared,
  type SeriesTiming,
} from './expand.js';
import {
  dayPattern,
  isPatternDay,
  patternBefore,
  patternDay,
  type DayPattern,
} from './periodic.js';
import type { Recurrence } from './types.js';

/** An occurrence: the day and wall time (ms) of its original start, and where it is placed. */
export interface Step {
  day: number;
  original: number;
  at(): Placed;
}

const stepOf = (day: number, placed: Placed): Step => ({
  day,
  original: placed.original,
  at: () => placed,
});

/** The occurrences of a series in day order. */
export interface Source {
  /** The first occurrence whose original day is `day` or later. */
  next(day: number): Step | null;
  /** The last occurrence whose original day is before `day`. */
  prev(day: number): Step | null;
  /** Occurrences whose original day is before `day` (from any fixed origin: differences only). */
  rank(day: number): number;
}

const FIRST_PERIODIC_DAY = dayOf(Date.UTC(1000, 0, 3));
const LAST_DAY_MS = Date.UTC(9999, 11, 30, 23, 59, 59);
const END_MS = Date.UTC(10000, 0, 1);

/** Sorted search: the first index whose value is at least `value`. */
function lowerBound(values: number[], value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A day-indexed source over a list of occurrences (expanded by the rule's iterator). */
export function listSource(occurrences: Placed[]): Source {
  const days = occurrences.map((o) => dayOf(o.original));
  const at = (i: number): Step | null =>
    i >= 0 && i < days.length ? stepOf(days[i]!, occurrences[i]!) : null;
  return {
    next: (day) => at(lowerBound(days, day)),
    prev: (day) => at(lowerBound(days, day) - 1),
    rank: (day) => lowerBound(days, day),
  };
}

/** The series' rule cannot be read as a day pattern here; its iterator must expand it. */
class NotPeriodic extends Error {}

/**
 * The source of a series whose rule has a day pattern, or undefined. `taken`: the original
 * starts (floating wall ms) of occurrences stored or deleted on their own, which it leaves out.
 */
export function periodicSource(
  recurrence: Recurrence,
  timing: SeriesTiming,
  taken: ReadonlySet<number>,
  prepared: Prepared = prepare(recurrence, timing),
): Source | undefined {
  const { rule } = recurrence;
  if (rule === null) return undefined;
  const { zone, startMs, timeOfDay, duration } = prepared;
  const first = dayOf(startMs);
  if (first < FIRST_PERIODIC_DAY) return undefined;
  const pattern = dayPattern(rule, first);
  if (pattern === undefined) return undefined;
  const firstInPattern = isPatternDay(pattern, first);
  // Whether COUNT counts a DTSTART off the pattern is read differently by libraries: leave it
  // to the iterator.
  if (rule.count !== undefined && !firstInPattern) return undefined;
  try {
    return buildPeriodic(recurrence, prepared, pattern, first, taken, timeOfDay, duration, zone);
  } catch (error) {
    if (error instanceof NotPeriodic) return undefined;
    throw error;
  }
}

function buildPeriodic(
  recurrence: Recurrence,
  prepared: Prepared,
  pattern: DayPattern,
  first: number,
  taken: ReadonlySet<number>,
  timeOfDay: number,
  duration: number,
  zone: string,
): Source {
  const rule = recurrence.rule!;
  const base = patternBefore(pattern, first);
  const wallOn = (day: number) => day * DAY_MS + timeOfDay;
  const previousPatternDay = (day: number): number | null => {
    const k = patternBefore(pattern, day);
    return k === 0 ? null : patternDay(pattern, k - 1);
  };

  // The last pattern day the rule gives: COUNT, UNTIL, and year 9999.
  let last = Number.POSITIVE_INFINITY;
  if (rule.count !== undefined) last = patternDay(pattern, base + rule.count - 1);
  const { within } = prepared;
  if (within !== null) {
    // UNTIL's own day, read in the zone, give or take the day its offset can move it.
    let day = previousPatternDay(dayOf(prepared.untilWall!) + 2);
    while (day !== null && day >= first && !within(wallOn(day))) day = previousPatternDay(day);
    last = Math.min(last, day ?? first - 1);
  }
  const fits = (day: number) => {
    if (wallOn(day) > LAST_DAY_MS) return false;
    const placed = placeMillis(wallOn(day), zone, duration);
    return placed.endUtc < END_MS && placed.endLocal < END_MS;
  };
  let lastFit = Math.min(dayOf(LAST_DAY_MS), dayOf(END_MS - duration) + 2);
  while (!fits(lastFit)) lastFit--;
  last = Math.min(last, lastFit);

  const isRuleDay = (day: number) => day >= first && day <= last && isPatternDay(pattern, day);

  // The special days: every day on which something other than the pattern decides.
  const special = new Set<number>([first]);
  for (const wall of prepared.rdates) special.add(dayOf(wall));
  for (const day of prepared.excludedDays) special.add(day);
  for (const wall of prepared.excluded) {
    // An EXDATE in a DST gap names the clock's reading, which can be the next day's.
    for (const d of [-1, 0, 1]) special.add(dayOf(wall) + d);
  }
  for (const wall of taken) special.add(dayOf(wall));
  const days = [...special].sort((a, b) => a - b);
  const occurrences: (Placed | null)[] = [];
  // The count a special day adds to the pattern's: +1 for an occurrence, −1 for a rule day.
  const prefix = [0];
  for (const day of days) {
    const walls = new Set<number>();
    if (isRuleDay(day)) walls.add(wallOn(day));
    if (day === first) walls.add(prepared.startMs);
    for (const wall of prepared.rdates) if (dayOf(wall) === day) walls.add(wall);
    const found: Placed[] = [];
    for (const wall of [...walls].sort((a, b) => a - b)) {
      const placed = keep(prepared, wall);
      if (placed !== null && !taken.has(wall)) found.push(placed);
    }
    if (found.length > 1) throw new NotPeriodic();
    occurrences.push(found[0] ?? null);
    prefix.push(prefix.at(-1)! + (found.length > 0 ? 1 : 0) - (isRuleDay(day) ? 1 : 0));
  }

  const ruleBefore = (day: number): number => {
    if (day <= first || last < first) return 0;
    return patternBefore(pattern, Math.min(day, last + 1)) - base;
  };
  const at = (day: number): Step => {
    let placed: Placed | undefined;
    const original = wallOn(day);
    return { day, original, at: () => (placed ??= placeMillis(original, zone, duration)) };
  };

  /** The first rule day at or after `day` that is not special. */
  function nextRuleDay(day: number): number | null {
    let from = Math.max(day, first);
    for (;;) {
      if (from > last) return null;
      const found = patternDay(pattern, patternBefore(pattern, from));
      if (found > last) return null;
      if (!special.has(found)) return found;
      from = found + 1;
    }
  }

  function previousRuleDay(day: number): number | null {
    let before = Math.min(day, last + 1);
    for (;;) {
      const found = previousPatternDay(before);
      if (found === null || found < first) return null;
      if (!special.has(found)) return found;
      before = found;
    }
  }

  return {
    next(day) {
      const rule = nextRuleDay(day);
      for (let i = lowerBound(days, day); i < days.length; i++) {
        if (rule !== null && days[i]! > rule) break;
        const placed = occurrences[i];
        if (placed) return stepOf(days[i]!, placed);
      }
      return rule === null ? null : at(rule);
    },
    prev(day) {
      const rule = previousRuleDay(day);
      for (let i = lowerBound(days, day) - 1; i >= 0; i--) {
        if (rule !== null && days[i]! < rule) break;
        const placed = occurrences[i];
        if (placed) return stepOf(days[i]!, placed);
      }
      return rule === null ? null : at(rule);
    },
    rank: (day) => ruleBefore(day) + prefix[lowerBound(days, day)]!,
  };
}

/** The local day (in `zone`) of an instant. */
export const localDay = (zone: string, utcMs: number): number =>
  dayOf(utcMs + zoneOffsetMinutes(zone, utcMs) * 60_000);

/** Which occurrences a listing keeps: the date filters, as tests on the ends that bound them. */
export interface Bounds {
  /** Passes every lower date filter (later occurrences pass too). */
  lower(at: Placed): boolean;
  /** Passes every upper date filter (earlier occurrences pass too). */
  upper(at: Placed): boolean;
  /** Instants (UTC ms) outside which no occurrence's start passes, a day or more wider. */
  fromUtc: number;
  toUtc: number;
}

/** The occurrences of one series that pass a listing's date filters, counted and read by parts. */
export interface Timeline {
  size: number;
  /** Occurrences starting before the instant `utcMs`. */
  countBefore(utcMs: number): number;
  /** Occurrences starting in [fromUtcMs, toUtcMs), in order. */
  between(fromUtcMs: number, toUtcMs: number): Placed[];
  /** Steps taken so far (the work a request is charged for). */
  steps(): number;
}

/** The timeline of a source under a listing's bounds. */
export function timeline(source: Source, zone: string, bounds: Bounds): Timeline {
  let steps = 0;
  const next = (day: number) => {
    steps++;
    return source.next(day);
  };
  const prev = (day: number) => {
    steps++;
    return source.prev(day);
  };
  let head = next(localDay(zone, bounds.fromUtc) - 2);
  while (head !== null && !bounds.lower(head.at())) head = next(head.day + 1);
  let tail = prev(localDay(zone, bounds.toUtc) + 3);
  while (tail !== null && !bounds.upper(tail.at())) tail = prev(tail.day);
  const headStart = head?.at().startUtc ?? 0;
  const tailStart = tail?.at().startUtc ?? 0;
  // Where an occurrence starts is where its original wall time is placed (expand.ts, placeMs).
  const startOf = (step: Step) => wallToUtcMs(step.original, zone);
  const empty = head === null || tail === null || head.day > tail.day;
  const size = empty ? 0 : source.rank(tail!.day + 1) - source.rank(head!.day);

  return {
    size,
    countBefore(utcMs) {
      if (empty || utcMs <= headStart) return 0;
      if (utcMs > tailStart) return size;
      // Every occurrence two local days before the instant's starts before it (offsets differ
      // by less than two days); the few after are looked at one by one.
      const from = Math.max(head!.day, localDay(zone, utcMs) - 2);
      let count = source.rank(from) - source.rank(head!.day);
      for (let o = next(from); o !== null && o.day <= tail!.day; o = next(o.day + 1)) {
        if (startOf(o) >= utcMs) break;
        count++;
      }
      return count;
    },
    between(fromUtcMs, toUtcMs) {
      const out: Placed[] = [];
      if (empty) return out;
      const from = Math.max(head!.day, localDay(zone, fromUtcMs) - 2);
      for (let o = next(from); o !== null && o.day <= tail!.day; o = next(o.day + 1)) {
        const start = startOf(o);
        if (start >= toUtcMs) break;
        if (start >= fromUtcMs) out.push(o.at());
      }
      return out;
    },
    steps: () => steps,
  };
}

/**
 * The source of a series over a window: by arithmetic when its rule has a day pattern, else by
 * expanding the window (`options` bound that expansion). `taken` as in `periodicSource`.
 */
export function sourceOf(
  recurrence: Recurrence,
  timing: SeriesTiming,
  taken: ReadonlySet<number>,
  window: { fromUtc: string; toUtc: string },
  options: ExpandOptions = {},
): { source: Source; periodic: boolean } {
  const prepared = prepare(recurrence, timing);
  const periodic = periodicSource(recurrence, timing, taken, prepared);
  if (periodic !== undefined) return { source: periodic, periodic: true };
  const all = expandMillis(recurrence, timing, window.fromUtc, window.toUtc, options, prepared);
  return { source: listSource(all.filter((o) => !taken.has(o.original))), periodic: false };
}
