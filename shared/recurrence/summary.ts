/**
 * A recurrence in words, in English or French: "Every 2nd Tuesday until 30 June 2027",
 * "Un mardi sur deux jusqu’au 30 juin 2027". Pure, so the console shows the same text while a
 * rule is being edited as the API gives for a saved one. Common rules read naturally; unusual
 * combinations of parts are spelled out part by part.
 */
import type { Language } from '../schemas/settings.js';
import { formatInZone, normalizeZone } from '../time.js';
import {
  isRecurring,
  WEEKDAYS,
  type Recurrence,
  type Rule,
  type RuleDate,
  type Weekday,
  type WeekdayRef,
} from './lines.js';
import { WORDS, type Words } from './words.js';

/** What the summary needs of the series: its first start (wall time) and zone. */
export interface SummaryTiming {
  start: string;
  zone: string;
}

const WORKDAYS = WEEKDAYS.slice(0, 5);

function weekdayOf(wall: string): Weekday {
  const day = new Date(`${wall.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(day + 6) % 7]!;
}

const inWeekOrder = (days: Weekday[]): Weekday[] =>
  [...days].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b));

const sameDays = (days: Weekday[], set: readonly Weekday[]) =>
  days.length === set.length && set.every((day) => days.includes(day));

/** Plain days (`TU`) when every BYDAY entry is one, else undefined. */
function plainDays(refs: WeekdayRef[] | undefined): Weekday[] | undefined {
  if (!refs || refs.some((ref) => ref.ordinal !== 0)) return undefined;
  return inWeekOrder(refs.map((ref) => ref.day));
}

const joinParts = (parts: (string | undefined)[]): string =>
  parts.filter((part): part is string => part !== undefined && part !== '').join(' ');

/** Weekly rules, and daily ones that only keep some weekdays. */
function weekly(rule: Rule, start: string, w: Words): string {
  const days = plainDays(rule.byDay) ?? [weekdayOf(start)];
  if (rule.interval === 1 && sameDays(days, WORKDAYS)) return w.everyWorkday;
  if (rule.interval === 1 && days.length === 7) return w.every('DAILY', 1);
  if (days.length === 1) return w.everyWeekday(days[0]!, rule.interval);
  if (rule.interval === 1) return w.everyWeekdays(days);
  return joinParts([w.every('WEEKLY', rule.interval), w.onDays(days)]);
}

/** Which days of a month (or year) a rule picks, after its frequency. */
function daysPicked(rule: Rule, start: string, w: Words): string {
  const days = plainDays(rule.byDay);
  const numbered = rule.byDay && !days ? rule.byDay : undefined;
  if (rule.bySetPos) {
    const lastWorkday =
      days && rule.bySetPos.length === 1 && rule.bySetPos[0] === -1 && sameDays(days, WORKDAYS);
    if (lastWorkday) return joinParts([w.on, w.lastWorkday]);
    if (days) return joinParts([w.on, w.setPosition(rule.bySetPos, days)]);
    if (rule.byMonthDay) {
      return joinParts([w.on, w.setPositionOfMonthDays(rule.bySetPos, rule.byMonthDay)]);
    }
  }
  if (numbered) return joinParts([w.on, w.list(numbered.map((r) => w.nthDay(r.ordinal, r.day)))]);
  if (rule.byMonthDay) {
    const monthDays = joinParts([w.on, w.list(rule.byMonthDay.map((n) => w.monthDay(n)))]);
    return days ? joinParts([monthDays, w.ifDay(days)]) : monthDays;
  }
  if (days) return w.onEvery(days);
  return joinParts([w.on, w.monthDay(Number(start.slice(8, 10)))]);
}

function monthly(rule: Rule, start: string, w: Words): string {
  return joinParts([
    w.every('MONTHLY', rule.interval),
    daysPicked(rule, start, w),
    rule.byMonth && w.inMonths(rule.byMonth),
  ]);
}

function yearly(rule: Rule, start: string, w: Words): string {
  const every = w.every('YEARLY', rule.interval);
  const { byMonth } = rule;
  if (rule.byYearDay) return joinParts([every, w.yearDays(rule.byYearDay)]);
  if (rule.byWeekNo) {
    const days = plainDays(rule.byDay);
    return joinParts([every, days && w.onDays(days), w.weeks(rule.byWeekNo)]);
  }
  if (!rule.byDay && !rule.byMonthDay) {
    const day = Number(start.slice(8, 10));
    const months = byMonth ?? [Number(start.slice(5, 7))];
    return joinParts([every, w.onDates(months.map((month) => w.date(day, month)))]);
  }
  const picked = daysPicked(rule, start, w);
  if (!byMonth) {
    const numbered = rule.byDay?.some((ref) => ref.ordinal !== 0);
    return joinParts([every, picked, numbered && !rule.bySetPos ? w.ofYear : undefined]);
  }
  // "every Thursday in March", but "the 4th Thursday of November".
  return joinParts([
    every,
    picked,
    plainDays(rule.byDay) ? w.inMonths(byMonth) : w.ofMonths(byMonth),
  ]);
}

function describeRule(rule: Rule, start: string, w: Words): string {
  const onlyDays = !rule.byMonth && !rule.byMonthDay && !rule.bySetPos;
  if (rule.freq === 'WEEKLY' && onlyDays) return weekly(rule, start, w);
  if (rule.freq === 'DAILY' && onlyDays && plainDays(rule.byDay) && rule.interval === 1) {
    return weekly({ ...rule, freq: 'WEEKLY' }, start, w);
  }
  if (rule.freq === 'MONTHLY') return monthly(rule, start, w);
  if (rule.freq === 'YEARLY') return yearly(rule, start, w);
  // Daily or weekly rules with extra filters: each part in turn.
  const days = plainDays(rule.byDay);
  return joinParts([
    w.every(rule.freq, rule.interval),
    days && w.onDays(days),
    rule.byMonthDay && joinParts([w.on, w.list(rule.byMonthDay.map((n) => w.monthDay(n)))]),
    rule.byMonth && w.inMonths(rule.byMonth),
  ]);
}

function untilDate(until: RuleDate, zone: string, w: Words): string {
  const day =
    until.type === 'date'
      ? until.date
      : until.type === 'utc'
        ? formatInZone(new Date(`${until.wall.replace(' ', 'T')}Z`), zone).slice(0, 10)
        : until.wall.slice(0, 10);
  return w.date(Number(day.slice(8, 10)), Number(day.slice(5, 7)), Number(day.slice(0, 4)));
}

/** The recurrence in words; `''` when the event does not repeat. */
export function summarize(
  recurrence: Recurrence,
  timing: SummaryTiming,
  language: Language,
): string {
  if (!isRecurring(recurrence)) return '';
  const w = WORDS[language];
  const zone = normalizeZone(timing.zone) ?? 'UTC';
  const { rule } = recurrence;
  if (rule === null) {
    const dates = w.onSomeDates(recurrence.rdates.length + 1);
    return recurrence.exdates.length > 0
      ? `${dates}, ${w.except(recurrence.exdates.length)}`
      : dates;
  }
  let text = joinParts([
    describeRule(rule, timing.start, w),
    rule.until ? w.until(untilDate(rule.until, zone, w)) : undefined,
  ]);
  const extras = [
    rule.count !== undefined ? w.times(rule.count) : undefined,
    recurrence.exdates.length > 0 ? w.except(recurrence.exdates.length) : undefined,
    recurrence.rdates.length > 0 ? w.plus(recurrence.rdates.length) : undefined,
  ].filter((part) => part !== undefined);
  if (extras.length > 0) text += `, ${extras.join(', ')}`;
  return text;
}
