/** Moving a recurrence in time and cutting it in two (shared/recurrence/edit.ts). */
import { describe, expect, it } from 'vitest';
import { daysMoved, shiftRecurrence, splitRecurrence } from '../../../shared/recurrence/edit.js';
import { expand, type SeriesTiming } from '../../../shared/recurrence/expand.js';
import {
  formatRecurrence,
  parseRecurrence,
  RecurrenceError,
} from '../../../shared/recurrence/lines.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PARIS: SeriesTiming = {
  zone: 'Europe/Paris',
  allDay: false,
  start: '2026-06-16 19:00:00',
  end: '2026-06-16 21:00:00',
};

const lines = (text: string[]) => parseRecurrence(text);

describe('shiftRecurrence', () => {
  it('moves EXDATE, RDATE and UNTIL with the occurrences, and weekly days with a change of day', () => {
    const moved = shiftRecurrence(
      lines([
        'RRULE:FREQ=WEEKLY;UNTIL=20260901T170000Z;BYDAY=TU,FR',
        'EXDATE;TZID=Europe/Paris:20260623T190000',
        'EXDATE;VALUE=DATE:20260630',
        'RDATE:20260702T190000',
      ]),
      PARIS.start,
      DAY + HOUR,
    );
    expect(formatRecurrence(moved)).toEqual([
      'RRULE:FREQ=WEEKLY;UNTIL=20260902T180000Z;BYDAY=WE,SA',
      'EXDATE;TZID=Europe/Paris:20260624T200000',
      'EXDATE;VALUE=DATE:20260701',
      'RDATE:20260703T200000',
    ]);
  });

  it('keeps the days of a move within the day, and refuses to guess other rules', () => {
    expect(
      formatRecurrence(shiftRecurrence(lines(['RRULE:FREQ=MONTHLY;BYDAY=2TU']), PARIS.start, HOUR)),
    ).toEqual(['RRULE:FREQ=MONTHLY;BYDAY=2TU']);
    for (const rule of [
      'RRULE:FREQ=MONTHLY;BYDAY=2TU',
      'RRULE:FREQ=MONTHLY;BYMONTHDAY=16',
      'RRULE:FREQ=YEARLY;BYMONTH=6',
      'RRULE:FREQ=MONTHLY;BYDAY=TU;BYSETPOS=-1',
    ]) {
      expect(() => shiftRecurrence(lines([rule]), PARIS.start, DAY), rule).toThrow(RecurrenceError);
    }
    // Late in the evening, two hours later is the next day.
    expect(daysMoved('2026-06-16 23:00:00', 2 * HOUR)).toBe(1);
    expect(daysMoved('2026-06-16 19:00:00', -20 * HOUR)).toBe(-1);
  });
});

describe('splitRecurrence', () => {
  const all = (recurrence: ReturnType<typeof lines>, timing: SeriesTiming) =>
    expand(recurrence, timing, '2026-01-01 00:00:00', '2027-01-01 00:00:00').map((o) => o.original);

  it('ends the first part just before the cut and keeps the same occurrences in all', () => {
    const recurrence = lines([
      'RRULE:FREQ=WEEKLY;COUNT=8',
      'EXDATE:20260623T190000',
      'RDATE:20260801T190000',
    ]);
    const { before, after } = splitRecurrence(recurrence, PARIS, '2026-07-07 19:00:00');
    expect(formatRecurrence(before)).toEqual([
      'RRULE:FREQ=WEEKLY;UNTIL=20260707T165959Z',
      'EXDATE:20260623T190000',
    ]);
    expect(formatRecurrence(after)).toEqual(['RRULE:FREQ=WEEKLY;COUNT=5', 'RDATE:20260801T190000']);
    const tail = { ...PARIS, start: '2026-07-07 19:00:00', end: '2026-07-07 21:00:00' };
    expect([...all(before, PARIS), ...all(after, tail)]).toEqual(all(recurrence, PARIS));
  });

  it('ends an all-day series the day before the cut', () => {
    const day: SeriesTiming = {
      zone: 'UTC',
      allDay: true,
      start: '2026-06-16 00:00:00',
      end: '2026-06-16 23:59:59',
    };
    const { before } = splitRecurrence(lines(['RRULE:FREQ=DAILY']), day, '2026-06-20 00:00:00');
    expect(formatRecurrence(before)).toEqual(['RRULE:FREQ=DAILY;UNTIL=20260619']);
  });
});
