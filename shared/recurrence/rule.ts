/** The RRULE value (RFC 5545 §3.3.10) within the limits of docs/contract/extensions.md §E1. */
import { RECURRENCE_LIMITS as LIMITS } from './limits.js';
import {
  clip,
  fail,
  FREQUENCIES,
  unique,
  WEEKDAYS,
  type Frequency,
  type Rule,
  type Weekday,
  type WeekdayRef,
} from './types.js';
import { formatDateValue, readDate } from './values.js';

const SUB_DAILY = new Set(['SECONDLY', 'MINUTELY', 'HOURLY']);
const SUB_DAILY_PARTS = new Set(['BYHOUR', 'BYMINUTE', 'BYSECOND']);
const RULE_PARTS = new Set([
  'FREQ',
  'INTERVAL',
  'COUNT',
  'UNTIL',
  'BYMONTH',
  'BYWEEKNO',
  'BYYEARDAY',
  'BYMONTHDAY',
  'BYDAY',
  'BYSETPOS',
  'WKST',
]);

function integer(where: string, text: string, min: number, max: number, signed: boolean): number {
  if (!/^[+-]?\d{1,6}$/.test(text)) fail(`${where} must be made of integers, not "${clip(text)}".`);
  const n = Number(text);
  const size = Math.abs(n);
  if ((!signed && n < 0) || size < min || size > max || (signed && n === 0)) {
    const range = signed ? `${min} to ${max} or -${max} to -${min}` : `${min} to ${max}`;
    fail(`${where} must be in ${range}, not ${text}.`);
  }
  return n;
}

function integers(where: string, text: string, min: number, max: number, signed = true) {
  return unique(text.split(',').map((part) => integer(where, part.trim(), min, max, signed)));
}

function weekday(where: string, text: string): Weekday {
  const day = text.toUpperCase() as Weekday;
  if (!WEEKDAYS.includes(day)) fail(`${where} must name days as ${WEEKDAYS.join(', ')}.`);
  return day;
}

function weekdayRefs(text: string, freq: Frequency): WeekdayRef[] {
  const refs = text.split(',').map((part): WeekdayRef => {
    const match = /^([+-]?\d{1,2})?([A-Za-z]{2})$/.exec(part.trim());
    if (!match) fail(`BYDAY must list days such as TU, 2TU or -1FR, not "${clip(part)}".`);
    const day = weekday('BYDAY', match![2]!);
    if (match![1] === undefined) return { ordinal: 0, day };
    const max = freq === 'MONTHLY' ? 5 : 53;
    if (freq !== 'MONTHLY' && freq !== 'YEARLY') {
      fail(`BYDAY ${part.trim()}: a numbered day needs FREQ=MONTHLY or FREQ=YEARLY.`);
    }
    return { ordinal: integer('BYDAY', match![1]!, 1, max, true), day };
  });
  return unique(refs, (ref) => `${ref.ordinal}${ref.day}`);
}

export function readRule(value: string): Rule {
  const parts = new Map<string, string>();
  for (const part of value.split(';')) {
    const match = /^([A-Za-z]+)=(.+)$/.exec(part.trim());
    if (!match) fail(`RRULE part "${clip(part)}" must be NAME=VALUE.`);
    const key = match![1]!.toUpperCase();
    if (SUB_DAILY_PARTS.has(key)) {
      fail(`RRULE ${key} is not supported: every occurrence starts at the event's start time.`);
    }
    if (!RULE_PARTS.has(key)) fail(`RRULE part ${key} is not supported.`);
    if (parts.has(key)) fail(`RRULE has ${key} twice.`);
    parts.set(key, match![2]!.trim());
  }
  const freqText = parts.get('FREQ')?.toUpperCase();
  if (freqText === undefined) fail('RRULE needs FREQ.');
  if (SUB_DAILY.has(freqText!) || !FREQUENCIES.includes(freqText as Frequency)) {
    fail(
      `RRULE FREQ must be ${FREQUENCIES.join(', ')} (nothing finer than a day), not ${freqText}.`,
    );
  }
  const freq = freqText as Frequency;
  const rule: Rule = { freq, interval: 1 };
  const get = (key: string) => parts.get(key);
  if (get('INTERVAL') !== undefined) {
    rule.interval = integer('INTERVAL', get('INTERVAL')!, 1, LIMITS.maxInterval, false);
  }
  if (get('COUNT') !== undefined && get('UNTIL') !== undefined) {
    fail('RRULE cannot have both COUNT and UNTIL.');
  }
  if (get('COUNT') !== undefined) {
    rule.count = integer('COUNT', get('COUNT')!, 1, LIMITS.maxCount, false);
  }
  if (get('UNTIL') !== undefined) rule.until = readDate('UNTIL', get('UNTIL')!, null, false);
  if (get('BYMONTH') !== undefined)
    rule.byMonth = integers('BYMONTH', get('BYMONTH')!, 1, 12, false);
  if (get('BYWEEKNO') !== undefined) {
    if (freq !== 'YEARLY') fail('BYWEEKNO needs FREQ=YEARLY.');
    rule.byWeekNo = integers('BYWEEKNO', get('BYWEEKNO')!, 1, 53);
  }
  if (get('BYYEARDAY') !== undefined) {
    if (freq !== 'YEARLY') fail('BYYEARDAY needs FREQ=YEARLY.');
    rule.byYearDay = integers('BYYEARDAY', get('BYYEARDAY')!, 1, 366);
  }
  if (get('BYMONTHDAY') !== undefined) {
    if (freq === 'WEEKLY') fail('BYMONTHDAY cannot be used with FREQ=WEEKLY.');
    rule.byMonthDay = integers('BYMONTHDAY', get('BYMONTHDAY')!, 1, 31);
  }
  if (get('BYDAY') !== undefined) {
    rule.byDay = weekdayRefs(get('BYDAY')!, freq);
    if (rule.byWeekNo && rule.byDay.some((ref) => ref.ordinal !== 0)) {
      fail('BYDAY cannot number its days when BYWEEKNO is given.');
    }
  }
  if (get('BYSETPOS') !== undefined) {
    const others = ['BYMONTH', 'BYWEEKNO', 'BYYEARDAY', 'BYMONTHDAY', 'BYDAY'];
    if (!others.some((key) => parts.has(key))) {
      fail('BYSETPOS needs another BY part (such as BYDAY) to choose from.');
    }
    rule.bySetPos = integers('BYSETPOS', get('BYSETPOS')!, 1, 366);
  }
  if (get('WKST') !== undefined) rule.wkst = weekday('WKST', get('WKST')!);
  return rule;
}

/** `RRULE:...` in canonical form: FREQ first, then the parts in the order RFC 5545 lists them. */
export function formatRule(rule: Rule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.count !== undefined) parts.push(`COUNT=${rule.count}`);
  if (rule.until !== undefined) parts.push(`UNTIL=${formatDateValue(rule.until)}`);
  if (rule.byMonth) parts.push(`BYMONTH=${rule.byMonth.join(',')}`);
  if (rule.byWeekNo) parts.push(`BYWEEKNO=${rule.byWeekNo.join(',')}`);
  if (rule.byYearDay) parts.push(`BYYEARDAY=${rule.byYearDay.join(',')}`);
  if (rule.byMonthDay) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`);
  if (rule.byDay) {
    parts.push(`BYDAY=${rule.byDay.map((ref) => `${ref.ordinal || ''}${ref.day}`).join(',')}`);
  }
  if (rule.bySetPos) parts.push(`BYSETPOS=${rule.bySetPos.join(',')}`);
  if (rule.wkst) parts.push(`WKST=${rule.wkst}`);
  return `RRULE:${parts.join(';')}`;
}
