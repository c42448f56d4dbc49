import { describe, expect, it } from 'vitest';
import {
  customOf,
  customRule,
  defaultCustom,
  fitsCustom,
  linesWith,
  nthOf,
  presetOf,
  presetRule,
  weekdayOf,
} from '../../../renderer/src/events/repeat';
import { formatRule } from '../../../shared/recurrence/lines';

// Tuesday 16 June 2026: the third Tuesday of the month.
const start = '2026-06-16 19:00:00';

describe('Repeat presets', () => {
  it('reads the weekday and its rank in the month from the start', () => {
    expect(weekdayOf(start)).toBe('TU');
    expect(nthOf(start)).toBe(3);
    expect(nthOf('2026-06-30 19:00:00')).toBe(-1);
    expect(nthOf('2026-06-01 19:00:00')).toBe(1);
  });

  it('gives each preset its lines, and recognises them back', () => {
    const expected = {
      daily: 'RRULE:FREQ=DAILY',
      weekly: 'RRULE:FREQ=WEEKLY;BYDAY=TU',
      monthly: 'RRULE:FREQ=MONTHLY;BYDAY=3TU',
      yearly: 'RRULE:FREQ=YEARLY',
      weekdays: 'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    } as const;
    for (const [preset, line] of Object.entries(expected)) {
      const lines = linesWith([], presetRule(preset as keyof typeof expected, start));
      expect(lines).toEqual([line]);
      expect(presetOf(lines, start)).toBe(preset);
    }
    expect(presetOf([], start)).toBe('none');
    expect(linesWith(['RRULE:FREQ=DAILY'], presetRule('none', start))).toEqual([]);
  });

  it('takes a weekly rule without BYDAY as weekly on the start day', () => {
    expect(presetOf(['RRULE:FREQ=WEEKLY'], start)).toBe('weekly');
    expect(presetOf(['RRULE:FREQ=WEEKLY'], '2026-06-17 19:00:00')).toBe('weekly');
  });

  it('calls anything else custom: intervals, ends, dates added or removed, unreadable lines', () => {
    expect(presetOf(['RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU'], start)).toBe('custom');
    expect(presetOf(['RRULE:FREQ=DAILY;COUNT=3'], start)).toBe('custom');
    expect(presetOf(['RRULE:FREQ=DAILY', 'EXDATE:20260618T190000'], start)).toBe('custom');
    expect(presetOf(['RRULE:FREQ=SECONDLY'], start)).toBe('custom');
  });
});

describe('Repeat custom rules', () => {
  it('writes every 2nd Tuesday until a date, and reads it back', () => {
    const custom = {
      ...defaultCustom(start),
      interval: 2,
      ends: 'on' as const,
      until: '2027-06-30',
    };
    const lines = linesWith([], customRule(custom, start));
    expect(lines).toEqual(['RRULE:FREQ=WEEKLY;INTERVAL=2;UNTIL=20270630;BYDAY=TU']);
    expect(customOf(lines, start)).toEqual(custom);
    expect(fitsCustom(lines, start)).toBe(true);
  });

  it('orders days in the week, falls back to the start day, and counts occurrences', () => {
    const rule = customRule(
      { ...defaultCustom(start), days: ['FR', 'MO'], ends: 'after', count: 8 },
      start,
    );
    expect(formatRule(rule)).toBe('RRULE:FREQ=WEEKLY;COUNT=8;BYDAY=MO,FR');
    expect(formatRule(customRule({ ...defaultCustom(start), days: [] }, start))).toBe(
      'RRULE:FREQ=WEEKLY;BYDAY=TU',
    );
  });

  it('repeats monthly on the day of the month or on the nth weekday', () => {
    const monthly = { ...defaultCustom(start), freq: 'MONTHLY' as const, interval: 3 };
    expect(formatRule(customRule({ ...monthly, monthlyBy: 'day' }, start))).toBe(
      'RRULE:FREQ=MONTHLY;INTERVAL=3',
    );
    expect(formatRule(customRule(monthly, start))).toBe('RRULE:FREQ=MONTHLY;INTERVAL=3;BYDAY=3TU');
    expect(customOf(['RRULE:FREQ=MONTHLY;INTERVAL=3'], start).monthlyBy).toBe('day');
  });

  it('ignores an end date left empty, and says when a rule has parts it cannot show', () => {
    expect(formatRule(customRule({ ...defaultCustom(start), ends: 'on', until: '' }, start))).toBe(
      'RRULE:FREQ=WEEKLY;BYDAY=TU',
    );
    expect(fitsCustom(['RRULE:FREQ=MONTHLY;BYMONTHDAY=1,15'], start)).toBe(false);
    expect(fitsCustom(['RRULE:FREQ=WEEKLY;BYDAY=TU,TH;WKST=SU'], start)).toBe(false);
  });

  it('keeps EXDATE and RDATE lines when the rule changes', () => {
    const lines = ['RRULE:FREQ=WEEKLY;BYDAY=TU', 'EXDATE:20260623T190000'];
    expect(linesWith(lines, presetRule('daily', start))).toEqual([
      'RRULE:FREQ=DAILY',
      'EXDATE:20260623T190000',
    ]);
  });
});
