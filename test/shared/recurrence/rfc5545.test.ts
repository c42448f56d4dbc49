/**
 * Every example of RFC 5545 §3.8.5.3 within the supported frequencies gives exactly the
 * occurrences the RFC lists, at 09:00 New York time (EDT or EST, on each side of 26 October
 * 1997), whatever the host's own zone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { expand, type SeriesTiming } from '../../../shared/recurrence/expand.js';
import { parseRecurrence, RecurrenceError } from '../../../shared/recurrence/lines.js';
import { RFC_EXAMPLES, type RfcExample } from './rfc5545-examples.js';

const ZONE = 'America/New_York';

function timing(example: RfcExample): SeriesTiming {
  const day = `${example.dtstart.slice(0, 4)}-${example.dtstart.slice(4, 6)}-${example.dtstart.slice(6)}`;
  return { zone: ZONE, allDay: false, start: `${day} 09:00:00`, end: `${day} 10:00:00` };
}

const asDate = (wall: string) => wall.slice(0, 10).replaceAll('-', '');

function occurrencesOf(example: RfcExample) {
  return expand(
    parseRecurrence(example.lines),
    timing(example),
    '1996-01-01 00:00:00',
    '2008-01-01 00:00:00',
  );
}

describe('RFC 5545 §3.8.5.3 examples', () => {
  for (const example of RFC_EXAMPLES) {
    it(example.title, () => {
      const occurrences = occurrencesOf(example);
      const dates = occurrences.map((o) => asDate(o.start_local));
      if (example.complete) expect(dates).toEqual(example.expected);
      else expect(dates.slice(0, example.expected.length)).toEqual(example.expected);
      for (const occurrence of occurrences) {
        expect(occurrence.start_local.slice(11)).toBe('09:00:00');
        expect(occurrence.end_local.slice(11)).toBe('10:00:00');
        expect(occurrence.original).toBe(occurrence.start_local);
        // 09:00 EDT is 13:00 UTC, 09:00 EST 14:00 UTC.
        expect(['13:00:00', '14:00:00']).toContain(occurrence.start_utc.slice(11));
      }
    });
  }

  it('follows the RFC’s EDT and EST annotations across the 1997 change', () => {
    const daily = RFC_EXAMPLES.find((e) => e.title === 'Daily until December 24, 1997')!;
    const byDate = new Map(occurrencesOf(daily).map((o) => [asDate(o.start_local), o.start_utc]));
    expect(byDate.get('19970902')).toBe('1997-09-02 13:00:00');
    expect(byDate.get('19971025')).toBe('1997-10-25 13:00:00');
    expect(byDate.get('19971026')).toBe('1997-10-26 14:00:00');
    expect(byDate.get('19971223')).toBe('1997-12-23 14:00:00');
    // UNTIL=19971224T000000Z is 19:00 EST on 23 December: 24 December is past it.
    expect(byDate.has('19971224')).toBe(false);
  });

  it('refuses the examples finer than a day', () => {
    const finer = [
      'RRULE:FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z',
      'RRULE:FREQ=MINUTELY;INTERVAL=15;COUNT=6',
      'RRULE:FREQ=MINUTELY;INTERVAL=90;COUNT=4',
      'RRULE:FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40',
      'RRULE:FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10,11,12,13,14,15,16',
    ];
    for (const line of finer) expect(() => parseRecurrence(line), line).toThrow(RecurrenceError);
  });
});

describe('the host’s own time zone', () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it('does not change any occurrence', () => {
    const expected = RFC_EXAMPLES.map((example) => occurrencesOf(example));
    for (const zone of ['Europe/Paris', 'Pacific/Auckland', 'America/Los_Angeles', 'UTC']) {
      process.env.TZ = zone;
      expect(
        RFC_EXAMPLES.map((example) => occurrencesOf(example)),
        zone,
      ).toEqual(expected);
    }
  });
});
