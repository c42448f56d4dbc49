import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import fc from 'fast-check';
import {
  dateDetails,
  formatWall,
  isDateInput,
  parseDateInput,
  zoneAbbreviation,
} from '../../shared/dates.js';

const now = new Date('2026-06-15T12:00:00Z');
const parse = (value: string | number, zone = 'UTC') => {
  const result = parseDateInput(value, zone, now);
  return result ? `${formatWall(result)} ${result.toUTC().toFormat('HH:mm')}Z` : undefined;
};

describe('parseDateInput', () => {
  it('reads plain wall times in the given zone', () => {
    expect(parse('2026-07-01 10:30:00', 'America/New_York')).toBe('2026-07-01 10:30:00 14:30Z');
    expect(parse('2026-07-01', 'Europe/Rome')).toBe('2026-07-01 00:00:00 22:00Z');
    expect(parse('2026-12-01T09:00', 'Europe/Rome')).toBe('2026-12-01 09:00:00 08:00Z');
  });

  it('converts values with an offset and timestamps into the zone', () => {
    expect(parse('2026-07-01T10:00:00Z', 'America/New_York')).toBe('2026-07-01 06:00:00 10:00Z');
    expect(parse('2026-07-01T10:00:00+02:00', 'UTC')).toBe('2026-07-01 08:00:00 08:00Z');
    expect(parse(1782907200, 'UTC')).toBe('2026-07-01 12:00:00 12:00Z');
    expect(parse('1782907200', 'Asia/Hong_Kong')).toBe('2026-07-01 20:00:00 12:00Z');
  });

  it('reads natural language relative to now in the zone', () => {
    expect(parse('tomorrow 9am', 'America/New_York')).toBe('2026-06-16 09:00:00 13:00Z');
    expect(parse('tomorrow 9am', 'Australia/Sydney')).toBe('2026-06-16 09:00:00 23:00Z');
    // PHP's strtotime, the reference's parser: "next <day>" is the first such day after today.
    expect(parse('next wednesday 4pm', 'UTC')).toBe('2026-06-17 16:00:00 16:00Z');
    expect(parse('next monday', 'UTC')).toBe('2026-06-22 00:00:00 00:00Z');
    expect(parse('saturday', 'UTC')).toBe('2026-06-20 00:00:00 00:00Z');
    expect(parse('last monday', 'UTC')).toBe('2026-06-08 00:00:00 00:00Z');
    expect(parse('next month', 'UTC')).toBe('2026-07-15 12:00:00 12:00Z');
    expect(parse('+5 days 11am', 'UTC')).toBe('2026-06-20 11:00:00 11:00Z');
    expect(parse('tomorrow', 'UTC')).toBe('2026-06-16 00:00:00 00:00Z');
    expect(parse('yesterday 23:59', 'UTC')).toBe('2026-06-14 23:59:00 23:59Z');
  });

  it('rejects what is not a date', () => {
    for (const bad of [
      'before my birthday',
      'foo tomorrow bar',
      '',
      'foo',
      '2026-02-30',
      '2026-01-01 25:00',
    ]) {
      expect(parse(bad), bad).toBeUndefined();
      expect(isDateInput(bad)).toBe(false);
    }
    expect(isDateInput({})).toBe(false);
  });

  it('accepts a wall time exactly when luxon reads it as a day from year 3 to 9999-12-29', () => {
    // isDateInput checks wall times by their fields; luxon's own reading is the reference.
    const pad = (n: number, width = 2) => String(n).padStart(width, '0');
    fc.assert(
      fc.property(
        fc.constantFrom(0, 2, 3, 4, 100, 1900, 2000, 2024, 2026, 9999),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.option(fc.tuple(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 }))),
        (year, month, day, time) => {
          const text =
            `${pad(year, 4)}-${pad(month)}-${pad(day)}` +
            (time ? ` ${pad(time[0])}:${pad(time[1])}:${pad(time[1])}` : '');
          // A day luxon knows, and a time of day (24:00 is not one).
          const known = DateTime.fromObject({ year, month, day }, { zone: 'UTC' }).isValid;
          const inDay = time === null || (time[0] <= 23 && time[1] <= 59);
          const key = year * 10_000 + month * 100 + day;
          const expected = known && inDay && key >= 3_0101 && key <= 9999_1229;
          expect(isDateInput(text), text).toBe(expected);
          expect(isDateInput(` ${text} `), text).toBe(expected);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('zoneAbbreviation', () => {
  const at = (iso: string, zone: string) => zoneAbbreviation(zone, DateTime.fromISO(iso));
  it('follows daylight saving time', () => {
    expect(at('2026-01-15T12:00:00Z', 'America/New_York')).toBe('EST');
    expect(at('2026-07-15T12:00:00Z', 'America/New_York')).toBe('EDT');
    expect(at('2026-01-15T12:00:00Z', 'Europe/Rome')).toBe('CET');
    expect(at('2026-07-15T12:00:00Z', 'Europe/Rome')).toBe('CEST');
    expect(at('2026-07-15T12:00:00Z', 'Australia/Sydney')).toBe('AEST');
    expect(at('2026-07-15T12:00:00Z', 'Asia/Hong_Kong')).toBe('HKT');
    expect(at('2026-07-15T12:00:00Z', 'UTC')).toBe('UTC');
    expect(at('2026-07-15T12:00:00Z', 'Asia/Dubai')).toBe('GST');
    expect(at('2026-07-15T12:00:00Z', 'UTC+2')).toBe('UTC+2');
  });
});

describe('dateDetails', () => {
  it('splits into zero-padded strings', () => {
    expect(dateDetails('2017-01-05 04:03:06')).toEqual({
      year: '2017',
      month: '01',
      day: '05',
      hour: '04',
      minutes: '03',
      seconds: '06',
    });
  });
});

describe('formatWall', () => {
  it("writes what luxon's yyyy-MM-dd HH:mm:ss writes, for any instant and zone", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -62_000_000_000_000, max: 260_000_000_000_000 }),
        fc.constantFrom(
          'UTC',
          'Europe/Paris',
          'America/St_Johns',
          'Asia/Kathmandu',
          'Pacific/Apia',
        ),
        (ms, zone) => {
          const value = DateTime.fromMillis(ms, { zone });
          expect(formatWall(value)).toBe(value.toFormat('yyyy-MM-dd HH:mm:ss'));
        },
      ),
      { numRuns: 2000 },
    );
    expect(formatWall(DateTime.invalid('test'))).toBe('Invalid DateTime');
  });
});
