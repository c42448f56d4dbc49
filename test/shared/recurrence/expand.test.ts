/** Expanding a series: windows, all-day and multi-day series, EXDATE/RDATE, UNTIL, limits. */
import { describe, expect, it } from 'vitest';
import { expand, lastStartBound, type SeriesTiming } from '../../../shared/recurrence/expand.js';
import { parseRecurrence, RecurrenceError } from '../../../shared/recurrence/lines.js';

const PARIS_19H: SeriesTiming = {
  zone: 'Europe/Paris',
  allDay: false,
  start: '2026-01-06 19:00:00',
  end: '2026-01-06 21:00:00',
};

const starts = (list: { start_local: string }[]) => list.map((o) => o.start_local);

function run(
  lines: string | string[],
  timing = PARIS_19H,
  from = '2026-01-01 00:00:00',
  to = '2027-01-01 00:00:00',
) {
  return expand(parseRecurrence(lines), timing, from, to);
}

describe('windows', () => {
  it('gives the occurrences starting in [from, to), from any point of the series', () => {
    const all = run('RRULE:FREQ=WEEKLY');
    // 2026-01-13 19:00 Paris is 18:00 UTC: the window's end excludes it, its start includes it.
    expect(
      starts(run('RRULE:FREQ=WEEKLY', PARIS_19H, '2026-01-06 18:00:00', '2026-01-13 18:00:00')),
    ).toEqual(['2026-01-06 19:00:00']);
    expect(
      starts(run('RRULE:FREQ=WEEKLY', PARIS_19H, '2026-01-13 18:00:00', '2026-01-20 18:00:01')),
    ).toEqual(['2026-01-13 19:00:00', '2026-01-20 19:00:00']);
    expect(
      run('RRULE:FREQ=WEEKLY', PARIS_19H, '2025-01-01 00:00:00', '2026-01-06 17:59:59'),
    ).toEqual([]);
    const later = run('RRULE:FREQ=WEEKLY', PARIS_19H, '2026-07-01 00:00:00', '2027-01-01 00:00:00');
    expect(later).toEqual(all.filter((o) => o.start_utc >= '2026-07-01 00:00:00'));
  });

  it('counts COUNT from the first occurrence even for a window far after it', () => {
    expect(starts(run('RRULE:FREQ=WEEKLY;COUNT=5', PARIS_19H, '2026-02-01 00:00:00'))).toEqual([
      '2026-02-03 19:00:00',
    ]);
  });

  it('finds occurrences decades ahead without walking there occurrence by occurrence', () => {
    const far = run('RRULE:FREQ=DAILY', PARIS_19H, '2090-03-01 00:00:00', '2090-03-04 00:00:00');
    expect(starts(far)).toEqual([
      '2090-03-01 19:00:00',
      '2090-03-02 19:00:00',
      '2090-03-03 19:00:00',
    ]);
  });
});

describe('the first occurrence', () => {
  it('is always the series’ start, and counts in COUNT, even when the rule would skip it', () => {
    // 2026-01-05 is a Monday; the rule asks for Tuesdays.
    const monday = { ...PARIS_19H, start: '2026-01-05 19:00:00', end: '2026-01-05 21:00:00' };
    expect(starts(run('RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=3', monday))).toEqual([
      '2026-01-05 19:00:00',
      '2026-01-06 19:00:00',
      '2026-01-13 19:00:00',
    ]);
  });
});

describe('UNTIL', () => {
  it('includes an occurrence at exactly UNTIL in UTC and nothing after', () => {
    // 19:00 Paris on 3 February is 18:00 UTC.
    expect(starts(run('RRULE:FREQ=WEEKLY;UNTIL=20260203T180000Z')).at(-1)).toBe(
      '2026-02-03 19:00:00',
    );
    expect(starts(run('RRULE:FREQ=WEEKLY;UNTIL=20260203T175959Z')).at(-1)).toBe(
      '2026-01-27 19:00:00',
    );
  });

  it('reads a date UNTIL as the whole day and a floating one as wall time in the event’s zone', () => {
    expect(starts(run('RRULE:FREQ=WEEKLY;UNTIL=20260203')).at(-1)).toBe('2026-02-03 19:00:00');
    expect(starts(run('RRULE:FREQ=WEEKLY;UNTIL=20260203T190000')).at(-1)).toBe(
      '2026-02-03 19:00:00',
    );
    expect(starts(run('RRULE:FREQ=WEEKLY;UNTIL=20260203T185959')).at(-1)).toBe(
      '2026-01-27 19:00:00',
    );
  });
});

describe('EXDATE and RDATE', () => {
  it('removes the named starts in whatever zone they are written, and whole days', () => {
    const lines = [
      'RRULE:FREQ=WEEKLY;COUNT=6',
      // 13:00 in New York and 18:00 UTC are both 19:00 in Paris in January.
      'EXDATE;TZID=America/New_York:20260113T130000',
      'EXDATE:20260127T180000Z',
      'EXDATE;VALUE=DATE:20260203',
    ];
    // Excluded occurrences still count in COUNT (RFC 5545: EXDATE applies to the generated set).
    expect(starts(run(lines))).toEqual([
      '2026-01-06 19:00:00',
      '2026-01-20 19:00:00',
      '2026-02-10 19:00:00',
    ]);
  });

  it('adds dates (at the series’ time) and date-times, outside the rule and past UNTIL', () => {
    const lines = [
      'RRULE:FREQ=WEEKLY;UNTIL=20260113T235959Z',
      'RDATE;VALUE=DATE:20260301',
      'RDATE;TZID=Europe/London:20260110T090000',
    ];
    const all = run(lines);
    expect(starts(all)).toEqual([
      '2026-01-06 19:00:00',
      '2026-01-10 10:00:00',
      '2026-01-13 19:00:00',
      '2026-03-01 19:00:00',
    ]);
    expect(all[1]!.end_local).toBe('2026-01-10 12:00:00');
  });

  it('makes a series of the start and its RDATEs when there is no rule', () => {
    expect(starts(run('RDATE:20260110T190000,20260105T190000'))).toEqual([
      '2026-01-05 19:00:00',
      '2026-01-06 19:00:00',
      '2026-01-10 19:00:00',
    ]);
  });
});

describe('all-day and multi-day series', () => {
  const saturday: SeriesTiming = {
    zone: 'Europe/Paris',
    allDay: true,
    start: '2026-01-03 00:00:00',
    end: '2026-01-03 23:59:59',
  };

  it('repeats whole days, midnight to 23:59:59 local, whatever the offset', () => {
    const days = run(['RRULE:FREQ=WEEKLY;COUNT=20', 'EXDATE;VALUE=DATE:20260110'], saturday);
    expect(days).toHaveLength(19);
    for (const day of days) {
      expect(day.start_local.slice(11)).toBe('00:00:00');
      expect(day.end_local).toBe(`${day.start_local.slice(0, 10)} 23:59:59`);
    }
    expect(days.find((d) => d.start_local.startsWith('2026-04-04'))!.start_utc).toBe(
      '2026-04-03 22:00:00',
    );
    expect(days.find((d) => d.start_local.startsWith('2026-01-17'))!.start_utc).toBe(
      '2026-01-16 23:00:00',
    );
  });

  it('keeps a three-day all-day event three days long, across month ends', () => {
    const festival = { ...saturday, start: '2026-01-30 00:00:00', end: '2026-02-01 23:59:59' };
    const editions = run('RRULE:FREQ=MONTHLY;BYMONTHDAY=-2;COUNT=3', festival);
    expect(editions.map((e) => [e.start_local, e.end_local])).toEqual([
      ['2026-01-30 00:00:00', '2026-02-01 23:59:59'],
      ['2026-02-27 00:00:00', '2026-03-01 23:59:59'],
      ['2026-03-30 00:00:00', '2026-04-01 23:59:59'],
    ]);
  });

  it('reads date-time EXDATEs and RDATEs of an all-day series as their day', () => {
    const days = run(
      ['RRULE:FREQ=WEEKLY;COUNT=3', 'EXDATE:20260110T120000', 'RDATE:20260105T080000'],
      saturday,
    );
    expect(starts(days)).toEqual([
      '2026-01-03 00:00:00',
      '2026-01-05 00:00:00',
      '2026-01-17 00:00:00',
    ]);
  });

  it('keeps a weekend camp Friday 18:00 to Sunday 16:00 in wall time across a DST change', () => {
    const camp = { ...PARIS_19H, start: '2026-03-20 18:00:00', end: '2026-03-22 16:00:00' };
    const camps = run('RRULE:FREQ=WEEKLY;COUNT=2', camp);
    expect(camps[1]).toEqual({
      original: '2026-03-27 18:00:00',
      start_local: '2026-03-27 18:00:00',
      end_local: '2026-03-29 16:00:00',
      start_utc: '2026-03-27 17:00:00',
      end_utc: '2026-03-29 14:00:00',
    });
  });
});

describe('limits on the work', () => {
  it('refuses to give more occurrences than the limit in one window', () => {
    const timing = { ...PARIS_19H };
    expect(() =>
      expand(
        parseRecurrence('RRULE:FREQ=DAILY'),
        timing,
        '2026-01-01 00:00:00',
        '2027-01-01 00:00:00',
        { limit: 300 },
      ),
    ).toThrow(/more than 300 occurrences between 2026-01-01 00:00:00 and 2027-01-01 00:00:00/);
    expect(
      expand(
        parseRecurrence('RRULE:FREQ=DAILY'),
        timing,
        '2026-01-01 00:00:00',
        '2027-01-01 00:00:00',
        { limit: 400 },
      ),
    ).toHaveLength(360);
  });

  it('answers a rule that never matches with its first occurrence alone', () => {
    expect(starts(run('RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'))).toEqual([
      '2026-01-06 19:00:00',
    ]);
  });

  it('refuses a rule whose COUNT would need too long a search', () => {
    const sparse = parseRecurrence('RRULE:FREQ=DAILY;COUNT=5000;BYMONTH=2;BYMONTHDAY=29');
    expect(() => lastStartBound(sparse, PARIS_19H)).toThrow(RecurrenceError);
    expect(() => lastStartBound(sparse, PARIS_19H)).toThrow(/search too long/);
  });
});

describe('lastStartBound', () => {
  it('is null for a series without end, and the last possible start otherwise', () => {
    expect(lastStartBound(parseRecurrence('RRULE:FREQ=WEEKLY'), PARIS_19H)).toBeNull();
    expect(lastStartBound(parseRecurrence('RRULE:FREQ=WEEKLY;COUNT=3'), PARIS_19H)).toBe(
      '2026-01-20 18:00:00',
    );
    expect(lastStartBound(parseRecurrence('RRULE:FREQ=WEEKLY;UNTIL=20260203'), PARIS_19H)).toBe(
      '2026-02-03 22:59:59',
    );
    expect(
      lastStartBound(
        parseRecurrence(['RRULE:FREQ=WEEKLY;COUNT=2', 'RDATE:20270101T100000']),
        PARIS_19H,
      ),
    ).toBe('2027-01-01 09:00:00');
    expect(lastStartBound(parseRecurrence('RDATE:20260110T190000'), PARIS_19H)).toBe(
      '2026-01-10 18:00:00',
    );
  });
});
