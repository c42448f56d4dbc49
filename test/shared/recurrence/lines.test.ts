/** Reading, checking and writing back the `recurrence` lines, and the payload schema around it. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RECURRENCE_LIMITS } from '../../../shared/recurrence/limits.js';
import {
  formatRecurrence,
  isRecurring,
  parseRecurrence,
  RecurrenceError,
} from '../../../shared/recurrence/lines.js';
import { recurrenceField, scopeField } from '../../../shared/recurrence/schema.js';

const canonical = (input: string | string[]) => formatRecurrence(parseRecurrence(input));

describe('parseRecurrence', () => {
  it('reads every supported part and writes it back in canonical form', () => {
    expect(
      canonical(
        'rrule:byday=2tu,-1FR;freq=monthly;interval=3;until=20270630T215959Z;bymonth=1,6;wkst=su;bysetpos=1,-1',
      ),
    ).toEqual([
      'RRULE:FREQ=MONTHLY;INTERVAL=3;UNTIL=20270630T215959Z;BYMONTH=1,6;BYDAY=2TU,-1FR;BYSETPOS=1,-1;WKST=SU',
    ]);
    expect(canonical(['RRULE:FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO;COUNT=3'])).toEqual([
      'RRULE:FREQ=YEARLY;COUNT=3;BYWEEKNO=20;BYDAY=MO',
    ]);
    expect(canonical('RRULE:FREQ=YEARLY;INTERVAL=1;BYYEARDAY=1,-1;BYMONTHDAY=5')).toEqual([
      'RRULE:FREQ=YEARLY;BYYEARDAY=1,-1;BYMONTHDAY=5',
    ]);
  });

  it('reads EXDATE and RDATE values with TZID, VALUE=DATE, UTC and floating times', () => {
    const recurrence = parseRecurrence([
      'RRULE:FREQ=WEEKLY',
      'EXDATE;TZID="America/New_York":20260106T190000,20260113T190000',
      'EXDATE;VALUE=DATE:20260120',
      'RDATE:20260201T180000Z,20260202T190000',
      'RDATE;VALUE=DATE:20260301',
    ]);
    expect(recurrence.exdates).toEqual([
      { type: 'local', wall: '2026-01-06 19:00:00', zone: 'America/New_York' },
      { type: 'local', wall: '2026-01-13 19:00:00', zone: 'America/New_York' },
      { type: 'date', date: '2026-01-20' },
    ]);
    expect(recurrence.rdates).toEqual([
      { type: 'utc', wall: '2026-02-01 18:00:00' },
      { type: 'local', wall: '2026-02-02 19:00:00', zone: null },
      { type: 'date', date: '2026-03-01' },
    ]);
    expect(formatRecurrence(recurrence)).toEqual([
      'RRULE:FREQ=WEEKLY',
      'EXDATE;TZID=America/New_York:20260106T190000,20260113T190000',
      'EXDATE;VALUE=DATE:20260120',
      'RDATE:20260201T180000Z,20260202T190000',
      'RDATE;VALUE=DATE:20260301',
    ]);
  });

  it('takes one string holding several lines, unfolds folded lines and drops duplicates', () => {
    expect(
      canonical('RRULE:FREQ=DAILY;\r\n COUNT=4\r\nEXDATE:20260102T100000\nEXDATE:20260102T100000'),
    ).toEqual(['RRULE:FREQ=DAILY;COUNT=4', 'EXDATE:20260102T100000']);
  });

  it('reads [] and "" as no recurrence', () => {
    for (const empty of [[], '', '  ', ['']]) {
      const recurrence = parseRecurrence(empty);
      expect(isRecurring(recurrence)).toBe(false);
      expect(formatRecurrence(recurrence)).toEqual([]);
    }
  });

  it('accepts a series of RDATEs without a rule', () => {
    expect(isRecurring(parseRecurrence('RDATE:20260201T100000'))).toBe(true);
  });

  const refused: [string | string[], RegExp][] = [
    ['RRULE:FREQ=HOURLY', /FREQ must be DAILY, WEEKLY, MONTHLY, YEARLY/],
    ['RRULE:FREQ=SECONDLY', /nothing finer than a day/],
    ['RRULE:FREQ=DAILY;BYHOUR=9', /BYHOUR is not supported/],
    ['RRULE:FREQ=DAILY;BYMINUTE=0', /BYMINUTE/],
    ['RRULE:INTERVAL=2', /needs FREQ/],
    ['RRULE:FREQ=WEEKLY;FREQ=DAILY', /FREQ twice/],
    ['RRULE:FREQ=WEEKLY;INTERVAL=0', /INTERVAL must be in 1 to 1000/],
    ['RRULE:FREQ=WEEKLY;INTERVAL=1001', /INTERVAL/],
    ['RRULE:FREQ=WEEKLY;INTERVAL=x', /integers/],
    ['RRULE:FREQ=WEEKLY;COUNT=0', /COUNT/],
    ['RRULE:FREQ=WEEKLY;COUNT=5001', /COUNT must be in 1 to 5000/],
    ['RRULE:FREQ=WEEKLY;COUNT=2;UNTIL=20270101', /both COUNT and UNTIL/],
    ['RRULE:FREQ=WEEKLY;UNTIL=2027-01-01', /must be a date/],
    ['RRULE:FREQ=WEEKLY;UNTIL=20270230', /not a calendar date/],
    ['RRULE:FREQ=WEEKLY;UNTIL=20270101T250000Z', /not a time of day/],
    ['RRULE:FREQ=WEEKLY;FOO=1', /FOO is not supported/],
    ['RRULE:FREQ=WEEKLY;RSCALE=GREGORIAN', /RSCALE is not supported/],
    ['RRULE:FREQ=WEEKLY;BYDAY=XX', /must name days/],
    ['RRULE:FREQ=WEEKLY;BYDAY=2TU', /numbered day needs FREQ=MONTHLY or FREQ=YEARLY/],
    ['RRULE:FREQ=MONTHLY;BYDAY=6TU', /BYDAY must be in 1 to 5/],
    ['RRULE:FREQ=MONTHLY;BYDAY=0TU', /BYDAY must be in/],
    ['RRULE:FREQ=WEEKLY;BYMONTHDAY=1', /BYMONTHDAY cannot be used with FREQ=WEEKLY/],
    ['RRULE:FREQ=MONTHLY;BYMONTHDAY=32', /BYMONTHDAY must be in 1 to 31/],
    ['RRULE:FREQ=MONTHLY;BYMONTHDAY=0', /BYMONTHDAY/],
    ['RRULE:FREQ=MONTHLY;BYMONTH=13', /BYMONTH must be in 1 to 12/],
    ['RRULE:FREQ=MONTHLY;BYWEEKNO=2', /BYWEEKNO needs FREQ=YEARLY/],
    ['RRULE:FREQ=MONTHLY;BYYEARDAY=2', /BYYEARDAY needs FREQ=YEARLY/],
    ['RRULE:FREQ=YEARLY;BYWEEKNO=20;BYDAY=1MO', /cannot number its days/],
    ['RRULE:FREQ=MONTHLY;BYSETPOS=1', /BYSETPOS needs another BY part/],
    ['RRULE:FREQ=WEEKLY;WKST=XY', /WKST must name days/],
    ['RRULE;X=1:FREQ=WEEKLY', /RRULE takes no parameters/],
    ['RRULE FREQ=WEEKLY', /must be followed by ":"/],
    [['RRULE:FREQ=DAILY', 'RRULE:FREQ=WEEKLY'], /at most one RRULE/],
    ['EXDATE:20260101T100000', /needs an RRULE or an RDATE/],
    ['DTSTART:20260101T100000', /DTSTART is not a recurrence line/],
    ['SUMMARY:Hello', /SUMMARY is not a recurrence line/],
    ['123', /not a content line/],
    [['RRULE:FREQ=DAILY', 'EXDATE;TZID=Mars/Base:20260101T100000'], /not a time zone/],
    [['RRULE:FREQ=DAILY', 'EXDATE;TZID=Europe/Paris:20260101T100000Z'], /cannot also have a TZID/],
    [['RRULE:FREQ=DAILY', 'EXDATE;TZID=Europe/Paris;VALUE=DATE:20260101'], /both TZID/],
    [['RRULE:FREQ=DAILY', 'EXDATE;VALUE=DATE:20260101T100000'], /must be a date such as/],
    [['RRULE:FREQ=DAILY', 'RDATE;VALUE=PERIOD:20260101T100000Z/PT1H'], /DATE or DATE-TIME/],
    [['RRULE:FREQ=DAILY', 'RDATE;FMTTYPE=x:20260101'], /parameter FMTTYPE/],
    [['RRULE:FREQ=DAILY', 'RDATE:'], /needs at least one date/],
    [['RRULE:FREQ=DAILY', 'RDATE:20260101T100000,nope'], /must be a date/],
    [['RRULE:FREQ=DAILY', 'RDATE:00010101'], /year must be between 1000 and 9999/],
  ];
  for (const [input, message] of refused) {
    it(`refuses ${JSON.stringify(input)}`, () => {
      expect(() => parseRecurrence(input)).toThrow(RecurrenceError);
      expect(() => parseRecurrence(input)).toThrow(message);
    });
  }

  it('enforces the documented size limits', () => {
    const { maxLines, maxLineLength, maxDates } = RECURRENCE_LIMITS;
    const exdate = (i: number) =>
      `EXDATE:2026${String((i % 12) + 1).padStart(2, '0')}01T0${i % 10}0000`;
    const lines = [
      'RRULE:FREQ=DAILY',
      ...Array.from({ length: maxLines - 1 }, (_, i) => exdate(i)),
    ];
    expect(() => parseRecurrence(lines)).not.toThrow();
    expect(() => parseRecurrence([...lines, exdate(99)])).toThrow(`at most ${maxLines} lines`);
    const long = `RRULE:FREQ=DAILY;BYMONTHDAY=${'1,'.repeat(maxLineLength)}1`;
    expect(() => parseRecurrence(long)).toThrow(`at most ${maxLineLength} characters`);
    const dates = Array.from({ length: maxDates + 1 }, (_, i) => {
      const day = new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      return day.replaceAll('-', '');
    });
    const perLine = 60;
    const chunks = Array.from({ length: Math.ceil(dates.length / perLine) }, (_, i) =>
      dates.slice(i * perLine, (i + 1) * perLine),
    );
    const tooMany = ['RRULE:FREQ=DAILY', ...chunks.map((c) => `EXDATE;VALUE=DATE:${c.join(',')}`)];
    expect(() => parseRecurrence(tooMany)).toThrow(`at most ${maxDates} EXDATE and RDATE`);
    expect(() => parseRecurrence(tooMany.slice(0, -1))).not.toThrow();
  });

  it('writes the documented maximum back as lines that pass the same limits', () => {
    const { maxLineLength, maxDates } = RECURRENCE_LIMITS;
    // 500 dates as five lines of 100 (docs/api/recurrence.md): each line is 917 characters.
    const day = (i: number) =>
      new Date(Date.UTC(2026, 6, 1) + i * 86_400_000)
        .toISOString()
        .slice(0, 10)
        .replaceAll('-', '');
    const written = Array.from(
      { length: 5 },
      (_, line) =>
        `RDATE;VALUE=DATE:${Array.from({ length: 100 }, (_, i) => day(line * 100 + i)).join(',')}`,
    );
    const lines = canonical(written);
    expect(lines.every((line) => line.length <= maxLineLength)).toBe(true);
    expect(parseRecurrence(lines).rdates).toHaveLength(maxDates);
    expect(formatRecurrence(parseRecurrence(lines))).toEqual(lines);
    // Date-times in a named zone: longer values, the same bound.
    const zoned = Array.from(
      { length: 5 },
      (_, line) =>
        `RDATE;TZID=America/Argentina/Buenos_Aires:${Array.from(
          { length: 100 },
          (_, i) => `${day(line * 100 + i)}T193000`,
        ).join(',')}`,
    );
    const zonedLines = canonical(zoned);
    expect(zonedLines.every((line) => line.length <= maxLineLength)).toBe(true);
    expect(parseRecurrence(zonedLines).rdates).toHaveLength(maxDates);
  });
});

describe('recurrenceField and scopeField', () => {
  const payload = z.object({ recurrence: recurrenceField.optional(), scope: scopeField });

  it('gives the parsed recurrence for an array or a string, nothing when absent', () => {
    expect(payload.parse({ recurrence: 'RRULE:FREQ=DAILY' }).recurrence?.rule?.freq).toBe('DAILY');
    expect(payload.parse({ recurrence: ['RRULE:FREQ=WEEKLY'] }).recurrence?.rule?.freq).toBe(
      'WEEKLY',
    );
    expect(payload.parse({ recurrence: [] }).recurrence?.rule).toBeNull();
    expect(payload.parse({}).recurrence).toBeUndefined();
  });

  it('reports a readable message for values of the wrong shape and invalid rules', () => {
    for (const value of [42, { rule: 'x' }, ['RRULE:FREQ=DAILY', 3], null]) {
      const result = payload.safeParse({ recurrence: value });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(
        'must be a list of RFC 5545 lines (RRULE, EXDATE, RDATE) or one such line.',
      );
      expect(result.error!.issues[0]!.path).toEqual(['recurrence']);
    }
    const invalid = payload.safeParse({ recurrence: 'RRULE:FREQ=HOURLY' });
    expect(invalid.error!.issues[0]!.message).toMatch(/^RRULE FREQ must be/);
  });

  it('defaults scope to this and refuses other words', () => {
    expect(payload.parse({}).scope).toBe('this');
    expect(payload.parse({ scope: 'following' }).scope).toBe('following');
    expect(payload.parse({ scope: 'series' }).scope).toBe('series');
    expect(payload.safeParse({ scope: 'some' }).error!.issues[0]!.message).toBe(
      'must be one of this, following, all, series.',
    );
  });
});
