/**
 * Daily and weekly rules whose days repeat with a fixed period (no BY part but an unnumbered
 * BYDAY), counted and walked by arithmetic instead of by their iterator: the days of
 * `FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH` are those whose distance from an anchor, modulo 14, is one
 * of two residues. The k-th day, the days before a date, and the next day after one are then
 * O(1), however far the window (docs/architecture.md, "Recurrence model": counting and paging).
 * Any other rule is expanded by its iterator (`undefined` here).
 */
import type { Rule, Weekday } from './types.js';
import { WEEKDAYS } from './types.js';

export interface DayPattern {
  /** A day number (days since 1970-01-01) from which the residues are counted. */
  anchor: number;
  /** The period in days. */
  period: number;
  /** The days of a period that are rule days, as distances from its first day, ascending. */
  residues: number[];
}

/** 1970-01-01 was a Thursday: MO = 0 … SU = 6. */
export const weekdayOf = (day: number): number => (((day + 3) % 7) + 7) % 7;

const weekdayIndex = (day: Weekday): number => WEEKDAYS.indexOf(day);

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The pattern of a rule that has one, starting at day `first` (DTSTART's date). */
export function dayPattern(rule: Rule, first: number): DayPattern | undefined {
  const { byMonth, byWeekNo, byYearDay, byMonthDay, byDay, bySetPos } = rule;
  if (byMonth || byWeekNo || byYearDay || byMonthDay || bySetPos) return undefined;
  if (byDay?.some((ref) => ref.ordinal !== 0)) return undefined;
  const days = byDay === undefined ? undefined : new Set(byDay.map((ref) => weekdayIndex(ref.day)));
  const n = rule.interval;
  if (rule.freq === 'DAILY') {
    if (days === undefined) return { anchor: first, period: n, residues: [0] };
    const period = (n * 7) / gcd(n, 7);
    const residues: number[] = [];
    for (let k = 0; k * n < period; k++) {
      if (days.has(weekdayOf(first + k * n))) residues.push(k * n);
    }
    return residues.length === 0 ? undefined : { anchor: first, period, residues };
  }
  if (rule.freq === 'WEEKLY') {
    const weekStart = weekdayIndex(rule.wkst ?? 'MO');
    const anchor = first - ((weekdayOf(first) - weekStart + 7) % 7);
    const wanted = days ?? new Set([weekdayOf(first)]);
    const residues = [...wanted].map((day) => (day - weekStart + 7) % 7).sort((a, b) => a - b);
    return { anchor, period: 7 * n, residues };
  }
  return undefined;
}

/** Residues below `r`. */
function below(residues: number[], r: number): number {
  let lo = 0;
  let hi = residues.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (residues[mid]! < r) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Pattern days in [anchor, day). */
export function patternBefore(p: DayPattern, day: number): number {
  if (day <= p.anchor) return 0;
  const distance = day - p.anchor;
  const periods = Math.floor(distance / p.period);
  return periods * p.residues.length + below(p.residues, distance - periods * p.period);
}

/** The k-th pattern day (0 is the first at or after the anchor). */
export function patternDay(p: DayPattern, k: number): number {
  const size = p.residues.length;
  return p.anchor + Math.floor(k / size) * p.period + p.residues[k % size]!;
}

export function isPatternDay(p: DayPattern, day: number): boolean {
  if (day < p.anchor) return false;
  const r = (day - p.anchor) % p.period;
  return p.residues[below(p.residues, r)] === r;
}
