/** Recurrence summaries in English and French. */
import { describe, expect, it } from 'vitest';
import { parseRecurrence } from '../../../shared/recurrence/lines.js';
import { summarize } from '../../../shared/recurrence/summary.js';

/** Tuesday 6 January 2026, 19:00 in Paris. */
const TIMING = { start: '2026-01-06 19:00:00', zone: 'Europe/Paris' };

const CASES: [string | string[], string, string][] = [
  ['RRULE:FREQ=DAILY', 'Every day', 'Tous les jours'],
  ['RRULE:FREQ=DAILY;INTERVAL=3', 'Every 3 days', 'Tous les 3 jours'],
  ['RRULE:FREQ=WEEKLY', 'Every Tuesday', 'Tous les mardis'],
  ['RRULE:FREQ=WEEKLY;BYDAY=TU', 'Every Tuesday', 'Tous les mardis'],
  [
    'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;UNTIL=20270630T215959Z',
    'Every 2nd Tuesday until 30 June 2027',
    'Un mardi sur deux jusqu’au 30 juin 2027',
  ],
  ['RRULE:FREQ=WEEKLY;INTERVAL=3', 'Every 3rd Tuesday', 'Un mardi sur trois'],
  ['RRULE:FREQ=WEEKLY;INTERVAL=12', 'Every 12th Tuesday', 'Un mardi sur 12'],
  ['RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'Every weekday', 'Du lundi au vendredi'],
  ['RRULE:FREQ=DAILY;BYDAY=FR,MO,WE,TH,TU', 'Every weekday', 'Du lundi au vendredi'],
  ['RRULE:FREQ=WEEKLY;BYDAY=SU,MO,TU,WE,TH,FR,SA', 'Every day', 'Tous les jours'],
  ['RRULE:FREQ=WEEKLY;BYDAY=TH,TU', 'Every Tuesday and Thursday', 'Tous les mardis et jeudis'],
  [
    'RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=10',
    'Every Monday, Wednesday and Friday, 10 times',
    'Tous les lundis, mercredis et vendredis, 10 fois',
  ],
  [
    'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH',
    'Every 2 weeks on Tuesday and Thursday',
    'Toutes les 2 semaines le mardi et le jeudi',
  ],
  ['RRULE:FREQ=MONTHLY', 'Every month on the 6th', 'Tous les mois le 6'],
  [
    'RRULE:FREQ=MONTHLY;BYMONTHDAY=1,15',
    'Every month on the 1st and the 15th',
    'Tous les mois le 1er et le 15',
  ],
  [
    'RRULE:FREQ=MONTHLY;BYMONTHDAY=-1',
    'Every month on the last day',
    'Tous les mois le dernier jour',
  ],
  [
    'RRULE:FREQ=MONTHLY;BYMONTHDAY=-3',
    'Every month on the 3rd to last day',
    'Tous les mois le 3e jour en partant de la fin',
  ],
  [
    'RRULE:FREQ=MONTHLY;BYDAY=1SA',
    'Every month on the 1st Saturday',
    'Tous les mois le 1er samedi',
  ],
  ['RRULE:FREQ=MONTHLY;BYDAY=2TU', 'Every month on the 2nd Tuesday', 'Tous les mois le 2e mardi'],
  [
    'RRULE:FREQ=MONTHLY;BYDAY=-1FR',
    'Every month on the last Friday',
    'Tous les mois le dernier vendredi',
  ],
  [
    'RRULE:FREQ=MONTHLY;BYDAY=-3WE',
    'Every month on the 3rd to last Wednesday',
    'Tous les mois le 3e mercredi en partant de la fin',
  ],
  [
    'RRULE:FREQ=MONTHLY;BYDAY=-2MO',
    'Every month on the 2nd to last Monday',
    'Tous les mois l’avant-dernier lundi',
  ],
  [
    'RRULE:FREQ=MONTHLY;INTERVAL=2;BYDAY=1SU,-1SU',
    'Every 2 months on the 1st Sunday and the last Sunday',
    'Tous les 2 mois le 1er dimanche et le dernier dimanche',
  ],
  [
    'RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    'Every month on the last weekday',
    'Tous les mois le dernier jour de semaine',
  ],
  [
    'RRULE:FREQ=MONTHLY;BYDAY=TU,WE,TH;BYSETPOS=3',
    'Every month on the 3rd of the Tuesdays, Wednesdays and Thursdays',
    'Tous les mois le 3e des mardis, mercredis et jeudis',
  ],
  [
    'RRULE:FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13',
    'Every month on the 13th if it is a Friday',
    'Tous les mois le 13 si c’est un vendredi',
  ],
  [
    'RRULE:FREQ=MONTHLY;INTERVAL=2;BYDAY=TU',
    'Every 2 months on every Tuesday',
    'Tous les 2 mois tous les mardis',
  ],
  ['RRULE:FREQ=YEARLY', 'Every year on 6 January', 'Tous les ans le 6 janvier'],
  [
    'RRULE:FREQ=YEARLY;BYMONTH=6,7',
    'Every year on 6 June and 6 July',
    'Tous les ans le 6 juin et le 6 juillet',
  ],
  [
    'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=4TH',
    'Every year on the 4th Thursday of November',
    'Tous les ans le 4e jeudi de novembre',
  ],
  [
    'RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1MO',
    'Every year on the 1st Monday of April',
    'Tous les ans le 1er lundi d’avril',
  ],
  [
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=TH',
    'Every year on every Thursday in March',
    'Tous les ans tous les jeudis en mars',
  ],
  [
    'RRULE:FREQ=YEARLY;BYDAY=20MO',
    'Every year on the 20th Monday of the year',
    'Tous les ans le 20e lundi de l’année',
  ],
  [
    'RRULE:FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO',
    'Every year on Monday in week 20',
    'Tous les ans le lundi de la semaine 20',
  ],
  [
    'RRULE:FREQ=YEARLY;INTERVAL=3;BYYEARDAY=1,100,200',
    'Every 3 years on day 1, 100 and 200 of the year',
    'Tous les 3 ans les jours 1, 100 et 200 de l’année',
  ],
  ['RRULE:FREQ=DAILY;BYMONTH=1', 'Every day in January', 'Tous les jours en janvier'],
  ['RRULE:FREQ=DAILY;COUNT=1', 'Every day, once', 'Tous les jours, une fois'],
  [
    'RRULE:FREQ=DAILY;UNTIL=20270701',
    'Every day until 1 July 2027',
    'Tous les jours jusqu’au 1er juillet 2027',
  ],
  // 22:30 UTC on 30 June is already 1 July in Paris.
  [
    'RRULE:FREQ=DAILY;UNTIL=20270630T223000Z',
    'Every day until 1 July 2027',
    'Tous les jours jusqu’au 1er juillet 2027',
  ],
  [
    ['RRULE:FREQ=WEEKLY', 'EXDATE:20260113T190000,20260120T190000', 'RDATE:20260108T190000'],
    'Every Tuesday, except 2 dates, plus 1 more date',
    'Tous les mardis, sauf 2 dates, plus 1 autre date',
  ],
  ['RDATE:20260110T190000,20260117T190000', 'On 3 dates', 'À 3 dates'],
  [
    ['RDATE:20260110T190000', 'EXDATE:20260110T190000'],
    'On 2 dates, except 1 date',
    'À 2 dates, sauf 1 date',
  ],
];

describe('summarize', () => {
  for (const [lines, english, french] of CASES) {
    it(`${JSON.stringify(lines)} → ${english}`, () => {
      const recurrence = parseRecurrence(lines);
      expect(summarize(recurrence, TIMING, 'en')).toBe(english);
      expect(summarize(recurrence, TIMING, 'fr')).toBe(french);
    });
  }

  it('is empty for an event that does not repeat', () => {
    expect(summarize(parseRecurrence([]), TIMING, 'en')).toBe('');
    expect(summarize(parseRecurrence(''), TIMING, 'fr')).toBe('');
  });
});
