/**
 * The words of recurrence summaries (summary.ts), per language. Sentences are built from these
 * functions rather than from a phrase catalogue because French and English order, agree and
 * number the parts differently ("Every 2nd Tuesday" / "Un mardi sur deux").
 */
import type { Language } from '../schemas/settings.js';
import type { Frequency, Weekday } from './lines.js';

export interface Words {
  /** "Every 2 weeks" / "Toutes les 2 semaines". */
  every(freq: Frequency, interval: number): string;
  /** One weekday every `interval` weeks: "Every Tuesday", "Every 2nd Tuesday". */
  everyWeekday(day: Weekday, interval: number): string;
  /** Several weekdays every week: "Every Monday and Friday" / "Tous les lundis et vendredis". */
  everyWeekdays(days: Weekday[]): string;
  everyWorkday: string;
  /** "on Tuesday and Thursday" / "le mardi et le jeudi". */
  onDays(days: Weekday[]): string;
  /** "on every Tuesday" / "tous les mardis". */
  onEvery(days: Weekday[]): string;
  /** "the 2nd Tuesday", "the last Friday" / "le 2e mardi", "le dernier vendredi". */
  nthDay(ordinal: number, day: Weekday): string;
  /** "the 15th", "the last day" / "le 15", "le dernier jour". */
  monthDay(n: number): string;
  /** Prefix of a list of nthDay or monthDay phrases: "on" / "". */
  on: string;
  /** "10 June" / "10 juin". */
  date(day: number, month: number, year?: number): string;
  /** "on 10 June and 10 July" / "le 10 juin et le 10 juillet". */
  onDates(dates: string[]): string;
  list(items: string[], last?: 'and' | 'or'): string;
  /** "in June and July" / "en juin et juillet". */
  inMonths(months: number[]): string;
  /** "of June" / "de juin", after a day of the month. */
  ofMonths(months: number[]): string;
  ofYear: string;
  /** "if it is a Friday" / "si c’est un vendredi". */
  ifDay(days: Weekday[]): string;
  /** "the 3rd of the Tuesdays and Thursdays" / "le 3e des mardis et jeudis". */
  setPosition(positions: number[], days: Weekday[]): string;
  /** The same over days of the month: "the last of the days 28, 29 and 30". */
  setPositionOfMonthDays(positions: number[], monthDays: number[]): string;
  lastWorkday: string;
  yearDays(days: number[]): string;
  weeks(weeks: number[]): string;
  times(n: number): string;
  until(date: string): string;
  except(n: number): string;
  plus(n: number): string;
  onSomeDates(n: number): string;
}

const WEEKDAY_EN: Record<Weekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};
const WEEKDAY_FR: Record<Weekday, string> = {
  MO: 'lundi',
  TU: 'mardi',
  WE: 'mercredi',
  TH: 'jeudi',
  FR: 'vendredi',
  SA: 'samedi',
  SU: 'dimanche',
};
const MONTHS_EN =
  'January February March April May June July August September October November December';
const MONTHS_FR =
  'janvier février mars avril mai juin juillet août septembre octobre novembre décembre';
const monthEn = (n: number): string => MONTHS_EN.split(' ')[n - 1]!;
const monthFr = (n: number): string => MONTHS_FR.split(' ')[n - 1]!;

function join(items: string[], word: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1)}`;
}

function ordinalEn(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

const positionEn = (n: number): string =>
  n === -1 ? 'last' : n < 0 ? `${ordinalEn(-n)} to last` : ordinalEn(n);

const UNIT_EN: Record<Frequency, string> = {
  DAILY: 'day',
  WEEKLY: 'week',
  MONTHLY: 'month',
  YEARLY: 'year',
};

const english: Words = {
  every: (freq, n) => (n === 1 ? `Every ${UNIT_EN[freq]}` : `Every ${n} ${UNIT_EN[freq]}s`),
  everyWeekday: (day, n) => `Every ${n === 1 ? '' : `${ordinalEn(n)} `}${WEEKDAY_EN[day]}`,
  everyWeekdays: (days) =>
    `Every ${join(
      days.map((d) => WEEKDAY_EN[d]),
      'and',
    )}`,
  everyWorkday: 'Every weekday',
  onDays: (days) =>
    `on ${join(
      days.map((d) => WEEKDAY_EN[d]),
      'and',
    )}`,
  onEvery: (days) =>
    `on every ${join(
      days.map((d) => WEEKDAY_EN[d]),
      'and',
    )}`,
  nthDay: (ordinal, day) => `the ${positionEn(ordinal)} ${WEEKDAY_EN[day]}`,
  monthDay: (n) => (n < 0 ? `the ${positionEn(n)} day` : `the ${ordinalEn(n)}`),
  on: 'on',
  date: (day, month, year) => `${day} ${monthEn(month)}${year === undefined ? '' : ` ${year}`}`,
  onDates: (dates) => `on ${join(dates, 'and')}`,
  list: (items, last = 'and') => join(items, last),
  inMonths: (months) => `in ${join(months.map(monthEn), 'and')}`,
  ofMonths: (months) => `of ${join(months.map(monthEn), 'and')}`,
  ofYear: 'of the year',
  ifDay: (days) =>
    `if it is a ${join(
      days.map((d) => WEEKDAY_EN[d]),
      'or',
    )}`,
  setPosition: (positions, days) =>
    `the ${join(positions.map(positionEn), 'and')} of the ${join(
      days.map((d) => `${WEEKDAY_EN[d]}s`),
      'and',
    )}`,
  setPositionOfMonthDays: (positions, monthDays) =>
    `the ${join(positions.map(positionEn), 'and')} of the days ${join(monthDays.map(String), 'and')}`,
  lastWorkday: 'the last weekday',
  yearDays: (days) => `on day ${join(days.map(String), 'and')} of the year`,
  weeks: (weeks) => `in week ${join(weeks.map(String), 'and')}`,
  times: (n) => (n === 1 ? 'once' : `${n} times`),
  until: (date) => `until ${date}`,
  except: (n) => (n === 1 ? 'except 1 date' : `except ${n} dates`),
  plus: (n) => (n === 1 ? 'plus 1 more date' : `plus ${n} more dates`),
  onSomeDates: (n) => (n === 1 ? 'On 1 date' : `On ${n} dates`),
};

/** Words for the intervals of "un mardi sur deux"; larger ones are written in figures. */
const NUMBERS_FR = 'zéro un deux trois quatre cinq six sept huit neuf dix'.split(' ');
const numberFr = (n: number): string => NUMBERS_FR[n] ?? String(n);
const ordinalFr = (n: number): string => (n === 1 ? '1er' : `${n}e`);
const positionFr = (n: number): string =>
  n === -1 ? 'dernier' : n === -2 ? 'avant-dernier' : ordinalFr(Math.abs(n));
/** Counted from the end beyond the last two: "le 3e lundi en partant de la fin". */
const fromEndFr = (n: number): string => (n < -2 ? ' en partant de la fin' : '');
/** "le 2e mardi", but "l’avant-dernier mardi". */
const theFr = (word: string): string => (/^[aeiouéh]/i.test(word) ? `l’${word}` : `le ${word}`);

const EVERY_FR: Record<Frequency, [string, string]> = {
  DAILY: ['Tous les jours', 'Tous les %d jours'],
  WEEKLY: ['Toutes les semaines', 'Toutes les %d semaines'],
  MONTHLY: ['Tous les mois', 'Tous les %d mois'],
  YEARLY: ['Tous les ans', 'Tous les %d ans'],
};

const plural = (days: Weekday[]) => days.map((d) => `${WEEKDAY_FR[d]}s`);

const french: Words = {
  every: (freq, n) => (n === 1 ? EVERY_FR[freq][0] : EVERY_FR[freq][1].replace('%d', String(n))),
  everyWeekday: (day, n) =>
    n === 1 ? `Tous les ${WEEKDAY_FR[day]}s` : `Un ${WEEKDAY_FR[day]} sur ${numberFr(n)}`,
  everyWeekdays: (days) => `Tous les ${join(plural(days), 'et')}`,
  everyWorkday: 'Du lundi au vendredi',
  onDays: (days) =>
    join(
      days.map((d) => `le ${WEEKDAY_FR[d]}`),
      'et',
    ),
  onEvery: (days) => `tous les ${join(plural(days), 'et')}`,
  nthDay: (ordinal, day) =>
    `${theFr(`${positionFr(ordinal)} ${WEEKDAY_FR[day]}`)}${fromEndFr(ordinal)}`,
  monthDay: (n) =>
    n < 0 ? `${theFr(`${positionFr(n)} jour`)}${fromEndFr(n)}` : n === 1 ? 'le 1er' : `le ${n}`,
  on: '',
  date: (day, month, year) =>
    `${day === 1 ? '1er' : day} ${monthFr(month)}${year === undefined ? '' : ` ${year}`}`,
  onDates: (dates) =>
    join(
      dates.map((date) => `le ${date}`),
      'et',
    ),
  list: (items, last = 'and') => join(items, last === 'and' ? 'et' : 'ou'),
  inMonths: (months) => `en ${join(months.map(monthFr), 'et')}`,
  ofMonths: (months) =>
    join(
      months.map((m) => (/^[aeiou]/.test(monthFr(m)) ? `d’${monthFr(m)}` : `de ${monthFr(m)}`)),
      'et',
    ),
  ofYear: 'de l’année',
  ifDay: (days) =>
    `si c’est un ${join(
      days.map((d) => WEEKDAY_FR[d]),
      'ou',
    )}`,
  setPosition: (positions, days) =>
    `${theFr(join(positions.map(positionFr), 'et'))} des ${join(plural(days), 'et')}${fromEndFr(Math.min(...positions))}`,
  setPositionOfMonthDays: (positions, monthDays) =>
    `${theFr(join(positions.map(positionFr), 'et'))} des jours ${join(monthDays.map(String), 'et')}${fromEndFr(Math.min(...positions))}`,
  lastWorkday: 'le dernier jour de semaine',
  yearDays: (days) =>
    `${days.length === 1 ? 'le jour' : 'les jours'} ${join(days.map(String), 'et')} de l’année`,
  weeks: (weeks) =>
    `${weeks.length === 1 ? 'de la semaine' : 'des semaines'} ${join(weeks.map(String), 'et')}`,
  times: (n) => (n === 1 ? 'une fois' : `${n} fois`),
  until: (date) => `jusqu’au ${date}`,
  except: (n) => (n === 1 ? 'sauf 1 date' : `sauf ${n} dates`),
  plus: (n) => (n === 1 ? 'plus 1 autre date' : `plus ${n} autres dates`),
  onSomeDates: (n) => (n === 1 ? 'À 1 date' : `À ${n} dates`),
};

export const WORDS: Readonly<Record<Language, Words>> = { en: english, fr: french };
