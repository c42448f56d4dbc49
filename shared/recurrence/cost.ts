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
