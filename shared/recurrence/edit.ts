/**
 * Changes of a recurrence that edits of a series make: moving it in time, and cutting it in two
 * at an occurrence ("this and following"). Pure: the server applies them to rows.
 */
import { expand, occurrenceAt, shiftWall, type SeriesTiming } from './expand.js';
import { WEEKDAYS, type Recurrence, type Rule, type RuleDate } from './lines.js';
import { RecurrenceError } from './types.js';

const DAY_MS = 86_400_000;

function shiftDate(value: RuleDate, ms: number): RuleDate {
  if (value.type === 'date') {
    const days = Math.round(ms / DAY_MS);
    return { type: 'date', date: shiftWall(`${value.date} 00:00:00`, days * DAY_MS).slice(0, 10) };
  }
  return { ...value, wall: shiftWall(value.wall, ms) };
}

/** Whole days in a move, when it moves the date (a move of hours within the day is 0). */
export function daysMoved(from: string, ms: number): number {
  const to = shiftWall(from, ms);
  return Math.round(
    (Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) /
      DAY_MS,
  );
}

/**
 * The recurrence of a series moved by `ms` of wall-clock time: its EXDATE, RDATE and UNTIL
 * values move with its occurrences. A move to other days also moves the weekdays a weekly rule
 * names; a rule that names days in other ways (BYMONTHDAY, BYDAY=2TU, BYSETPOS...) cannot follow
 * by itself, and the caller must be given the new rule.
 */
export function shiftRecurrence(recurrence: Recurrence, from: string, ms: number): Recurrence {
  const days = daysMoved(from, ms);
  let rule: Rule | null = recurrence.rule;
  if (rule !== null) {
    rule = { ...rule, until: rule.until && shiftDate(rule.until, ms) };
    if (rule.until === undefined) delete rule.until;
    if (days !== 0) {
      const datedParts = rule.byMonthDay || rule.byYearDay || rule.byWeekNo || rule.bySetPos;
      const numbered = rule.byDay?.some((ref) => ref.ordinal !== 0);
      if (datedParts || numbered || (rule.byMonth && rule.freq !== 'YEARLY')) {
        throw new RecurrenceError(
          'names the days it repeats on; moving the series to another day needs its new ' +
            'recurrence in the same request.',
        );
      }
      if (rule.byMonth) {
        // A yearly rule in given months moves only within them.
        throw new RecurrenceError(
          'names the months it repeats in; moving the series to another day needs its new ' +
            'recurrence in the same request.',
        );
      }
      if (rule.byDay) {
        const step = ((days % 7) + 7) % 7;
        rule = {
          ...rule,
          byDay: rule.byDay.map((ref) => ({
            ordinal: 0,
            day: WEEKDAYS[(WEEKDAYS.indexOf(ref.day) + step) % 7]!,
          })),
        };
      }
    }
  }
  return {
    rule,
    exdates: recurrence.exdates.map((value) => shiftDate(value, ms)),
    rdates: recurrence.rdates.map((value) => shiftDate(value, ms)),
  };
}

/** Whether a rule date comes before the occurrence whose rule start is `at` (wall time). */
function before(value: RuleDate, at: string, timing: SeriesTiming): boolean {
  if (value.type === 'date') return value.date < at.slice(0, 10);
  if (value.type === 'utc') return value.wall < occurrenceAt(at, timing).start_utc;
  if (value.zone === null || value.zone === timing.zone) return value.wall < at;
  const instant = occurrenceAt(value.wall, { ...timing, zone: value.zone }).start_utc;
  return instant < occurrenceAt(at, timing).start_utc;
}

/**
 * Cuts a series at the occurrence whose rule start is `at`: the part before it ends just before
 * (UNTIL), the part from it keeps the rest, COUNT shared between them so the occurrences stay
 * the same ones.
 */
export function splitRecurrence(
  recurrence: Recurrence,
  timing: SeriesTiming,
  at: string,
): { before: Recurrence; after: Recurrence } {
  const { rule } = recurrence;
  let head: Rule | null = null;
  let tail: Rule | null = rule;
  if (rule !== null) {
    const { count: _count, ...unbounded } = rule;
    head = {
      ...unbounded,
      until: timing.allDay
        ? { type: 'date', date: shiftWall(`${at.slice(0, 10)} 00:00:00`, -DAY_MS).slice(0, 10) }
        : { type: 'utc', wall: shiftWall(occurrenceAt(at, timing).start_utc, -1000) },
    };
    if (rule.count !== undefined) {
      // EXDATEs count in COUNT (RFC 5545), so the count before the cut ignores them.
      const ruleOnly: Recurrence = { rule, exdates: [], rdates: [] };
      const first = occurrenceAt(timing.start, timing).start_utc;
      const cut = occurrenceAt(at, timing).start_utc;
      const earlier = expand(ruleOnly, timing, first, cut).filter((o) => o.original < at).length;
      tail = { ...rule, count: Math.max(1, rule.count - earlier) };
    }
  }
  const split = (values: RuleDate[]) => ({
    early: values.filter((v) => before(v, at, timing)),
    late: values.filter((v) => !before(v, at, timing)),
  });
  const ex = split(recurrence.exdates);
  const r = split(recurrence.rdates);
  return {
    before: { rule: head, exdates: ex.early, rdates: r.early },
    after: { rule: tail, exdates: ex.late, rdates: r.late },
  };
}
