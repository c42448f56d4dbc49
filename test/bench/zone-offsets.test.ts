/**
 * The per-hour offset cache behind `formatInZone` (a benchmark-driven optimisation) gives
 * exactly what luxon computes, across daylight-saving changes, half-hour zones and fixed offsets.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatInZone, zoneOffsetMinutes } from '../../shared/time.js';
import { rng } from '../../bench/seed-data.js';

const ZONES = [
  'Europe/Paris',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'America/St_Johns',
  'Pacific/Chatham',
  'UTC',
  'UTC+2',
  'UTC-05:30',
];

describe('formatInZone with cached offsets', () => {
  it('matches luxon at random instants and around every transition of 2020-2030', () => {
    const random = rng(3);
    const instants: number[] = [];
    for (let i = 0; i < 1500; i++) instants.push(Date.UTC(2020, 0, 1) + random.next() * 3.2e11);
    for (const zone of ZONES) {
      // Minutes on both sides of each change, found by stepping through the decade hourly.
      let previous = DateTime.fromMillis(Date.UTC(2020, 0, 1), { zone }).offset;
      for (let ms = Date.UTC(2020, 0, 1); ms < Date.UTC(2030, 0, 1); ms += 3_600_000) {
        const offset = DateTime.fromMillis(ms, { zone }).offset;
        if (offset !== previous) {
          for (let d = -7_200_000; d <= 3_600_000; d += 60_000) instants.push(ms + d);
          previous = offset;
        }
      }
      for (const ms of instants) {
        const expected = DateTime.fromMillis(ms, { zone }).toFormat('yyyy-MM-dd HH:mm:ss');
        expect(formatInZone(new Date(ms), zone), `${zone} ${ms}`).toBe(expected);
        expect(zoneOffsetMinutes(zone, ms)).toBe(DateTime.fromMillis(ms, { zone }).offset);
      }
    }
  }, 120_000); // Exhaustive: tens of thousands of luxon calls, slow on a loaded machine.

  it('keeps luxon for instants outside years 1000-9999 and for unknown zones', () => {
    const far = new Date(Date.UTC(10_500, 0, 1));
    expect(formatInZone(far, 'Europe/Paris')).toBe(
      DateTime.fromJSDate(far, { zone: 'Europe/Paris' }).toFormat('yyyy-MM-dd HH:mm:ss'),
    );
    expect(formatInZone(new Date(Date.UTC(2026, 5, 15, 12)), 'Not/AZone')).toBe(
      '2026-06-15 12:00:00',
    );
  });
});
