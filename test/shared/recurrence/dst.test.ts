/**
 * Wall-clock times hold across daylight-saving changes in the event's own zone: a 19:00 Tuesday
 * rehearsal stays at 19:00 in Paris (changes on 29 March and 25 October 2026) and in New York
 * (8 March and 1 November 2026), while its UTC instant moves by the hour. Nonexistent and
 * repeated wall times follow the documented rule.
 */
import { describe, expect, it } from 'vitest';
import { expand, type SeriesTiming } from '../../../shared/recurrence/expand.js';
import { parseRecurrence } from '../../../shared/recurrence/lines.js';
import { readWall, formatWall } from '../../../shared/dates.js';
import { wallToUtcMs } from '../../../shared/time.js';

const weekly = parseRecurrence('RRULE:FREQ=WEEKLY;BYDAY=TU');

function rehearsals(zone: string) {
  const timing: SeriesTiming = {
    zone,
    allDay: false,
    start: '2026-01-06 19:00:00',
    end: '2026-01-06 21:30:00',
  };
  return expand(weekly, timing, '2026-01-01 00:00:00', '2027-01-01 00:00:00');
}

describe('a 19:00 Tuesday rehearsal across both DST changes', () => {
  it('stays at 19:00-21:30 in Paris, at 18:00 UTC in winter and 17:00 UTC in summer', () => {
    const all = rehearsals('Europe/Paris');
    expect(all).toHaveLength(52);
    for (const r of all) {
      expect(r.start_local.slice(11)).toBe('19:00:00');
      expect(r.end_local.slice(11)).toBe('21:30:00');
      expect(r.end_local.slice(0, 10)).toBe(r.start_local.slice(0, 10));
    }
    const utc = new Map(all.map((r) => [r.start_local.slice(0, 10), r.start_utc]));
    expect(utc.get('2026-03-24')).toBe('2026-03-24 18:00:00');
    expect(utc.get('2026-03-31')).toBe('2026-03-31 17:00:00');
    expect(utc.get('2026-10-20')).toBe('2026-10-20 17:00:00');
    expect(utc.get('2026-10-27')).toBe('2026-10-27 18:00:00');
  });

  it('stays at 19:00 in New York, whose clocks change on other dates', () => {
    const all = rehearsals('America/New_York');
    expect(all).toHaveLength(52);
    for (const r of all) expect(r.start_local.slice(11)).toBe('19:00:00');
    const utc = new Map(all.map((r) => [r.start_local.slice(0, 10), r.start_utc]));
    // EST is UTC-5, EDT UTC-4: 19:00 is midnight UTC in winter, 23:00 in summer.
    expect(utc.get('2026-03-03')).toBe('2026-03-04 00:00:00');
    expect(utc.get('2026-03-10')).toBe('2026-03-10 23:00:00');
    // 24 and 31 March: Paris has not changed yet, New York has.
    expect(utc.get('2026-03-24')).toBe('2026-03-24 23:00:00');
    expect(utc.get('2026-10-27')).toBe('2026-10-27 23:00:00');
    expect(utc.get('2026-11-03')).toBe('2026-11-04 00:00:00');
  });

  it('keeps the same wall times on the other side of the world (Sydney, changes in April and October)', () => {
    const all = rehearsals('Australia/Sydney');
    const utc = new Map(all.map((r) => [r.start_local.slice(0, 10), r.start_utc]));
    expect(utc.get('2026-03-31')).toBe('2026-03-31 08:00:00');
    expect(utc.get('2026-04-07')).toBe('2026-04-07 09:00:00');
    expect(utc.get('2026-10-06')).toBe('2026-10-06 08:00:00');
  });
});

describe('wall times that do not exist or occur twice', () => {
  const daily = parseRecurrence('RRULE:FREQ=DAILY');
  const at0230: SeriesTiming = {
    zone: 'Europe/Paris',
    allDay: false,
    start: '2026-03-27 02:30:00',
    end: '2026-03-27 03:00:00',
  };

  it('moves a time in the spring gap forward by the gap and keeps the rule’s time as identity', () => {
    const days = expand(daily, at0230, '2026-03-27 00:00:00', '2026-04-01 00:00:00');
    const gap = days.find((d) => d.original === '2026-03-29 02:30:00')!;
    expect(gap.start_local).toBe('2026-03-29 03:30:00');
    expect(gap.start_utc).toBe('2026-03-29 01:30:00');
    // Its end's wall time (03:00) would come before that start: it keeps its 30 minutes.
    expect(gap.end_local).toBe('2026-03-29 04:00:00');
    expect(gap.end_utc).toBe('2026-03-29 02:00:00');
    expect(days.map((d) => d.original.slice(11))).toEqual(Array(5).fill('02:30:00'));
    expect(days.filter((d) => d !== gap).every((d) => d.start_local === d.original)).toBe(true);
  });

  it('takes the first of two instants in the autumn overlap', () => {
    const autumn = { ...at0230, start: '2026-10-23 02:30:00', end: '2026-10-23 03:00:00' };
    const days = expand(daily, autumn, '2026-10-23 00:00:00', '2026-10-28 00:00:00');
    const overlap = days.find((d) => d.original === '2026-10-25 02:30:00')!;
    // 02:30 CEST (UTC+2) comes before 02:30 CET (UTC+1).
    expect(overlap.start_utc).toBe('2026-10-25 00:30:00');
    expect(overlap.start_local).toBe('2026-10-25 02:30:00');
  });

  it('places single events by the same rule, whatever the season it is read in', () => {
    expect(formatWall(readWall('2026-10-25 02:30:00', 'Europe/Paris').toUTC())).toBe(
      '2026-10-25 00:30:00',
    );
    expect(formatWall(readWall('2026-03-29 02:30:00', 'Europe/Paris').toUTC())).toBe(
      '2026-03-29 01:30:00',
    );
    // New York falls back at 02:00 EDT: 01:30 happens twice, first at 05:30 UTC.
    expect(
      new Date(wallToUtcMs(Date.UTC(2026, 10, 1, 1, 30), 'America/New_York')).toISOString(),
    ).toBe('2026-11-01T05:30:00.000Z');
    expect(
      new Date(wallToUtcMs(Date.UTC(2026, 2, 8, 2, 30), 'America/New_York')).toISOString(),
    ).toBe('2026-03-08T07:30:00.000Z');
  });

  it('keeps an overnight event’s wall-clock end across the change (22:00 to 06:00)', () => {
    const night: SeriesTiming = {
      zone: 'Europe/Paris',
      allDay: false,
      start: '2026-03-27 22:00:00',
      end: '2026-03-28 06:00:00',
    };
    const nights = expand(daily, night, '2026-03-27 00:00:00', '2026-03-31 00:00:00');
    const change = nights.find((n) => n.original === '2026-03-28 22:00:00')!;
    expect(change.end_local).toBe('2026-03-29 06:00:00');
    // Seven hours that night instead of eight.
    expect(change.start_utc).toBe('2026-03-28 21:00:00');
    expect(change.end_utc).toBe('2026-03-29 04:00:00');
  });
});
