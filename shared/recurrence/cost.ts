/**
 * What a rule costs to expand, counted in the candidate dates its iterator considers in a year
 * (docs/api/recurrence.md, "Limits"). Results alone would miss rules that flood the iterator with
 * candidates it then sorts and picks from (`BYWEEKNO=1..53;BYDAY=MO..SU;BYSETPOS=1..366`), or
 * that walk many periods for few results: the count is of work, known from the rule alone.
 */
import type { Rule, WeekdayRef } from './types.js';

const PERIODS_PER_YEAR = { DAILY: 366, WEEKLY: 53, MONTHLY: 12, YEARLY: 1 } as const;

/** Dates a BYDAY list names in a span of `weeks` weeks: an unnumbered day once a week. */
const daysIn = (refs: WeekdayRef[], weeks: number): number =>
  refs.reduce((sum, ref) => sum + (ref.ordinal === 0 ? weeks : 1), 0);

function candidatesPerPeriod(rule: Rule): number {
  const { byMonth, byWeekNo, byYearDay, byMonthDay, byDay } = rule;
  switch (rule.freq) {
    case 'DAILY':
      return 1;
    case 'WEEKLY':
      return byDay?.length ?? 1;
    case 'MONTHLY':
      return byMonthDay?.length ?? (byDay ? daysIn(byDay, 5) : 1);
    case 'YEARLY': {
      if (byYearDay) return byYearDay.length;
      if (byWeekNo) return byWeekNo.length * (byDay?.length ?? 7);
      const months = byMonth?.length ?? (byMonthDay || (byDay && byMonth) ? 12 : 1);
      if (byMonthDay) return months * byMonthDay.length;
      if (byDay) return byMonth ? months * daysIn(byDay, 5) : daysIn(byDay, 53);
      return months;
    }
  }
}

/** Candidate dates a year of the rule makes its iterator consider. */
export function candidatesPerYear(rule: Rule): number {
  const periods = Math.ceil(PERIODS_PER_YEAR[rule.freq] / rule.interval);
  return periods * candidatesPerPeriod(rule) * (rule.bySetPos?.length ?? 1);
}

/**
 * Rule shapes that the iterator (rrule-temporal) walks day by day in its general engine, about
 * ten times slower per candidate than the shapes it has plans for (docs/benchmark.md,
 * "Recurrence expansion"): a daily rule filtered by month or day of month, a yearly rule by day
 * of year or week number.
 */
function generalEngine(rule: Rule): boolean {
  if (rule.freq === 'DAILY') return Boolean(rule.byMonth || rule.byMonthDay || rule.byYearDay);
  if (rule.freq === 'YEARLY') return Boolean(rule.byYearDay || rule.byWeekNo);
  return false;
}

/** What starting one expansion costs, in the units of `expansionWork` (about a millisecond). */
export const EXPANSION_SETUP = 200;

/**
 * The work of expanding a rule over `years` years, in units of about one fast candidate date
 * each: what a request is charged before the iterator runs (limits.ts, workPerRequest).
 */
export function expansionWork(rule: Rule, years: number): number {
  const weight = generalEngine(rule) ? 10 : 1;
  return EXPANSION_SETUP + Math.ceil(candidatesPerYear(rule) * weight * Math.max(0, years));
}
