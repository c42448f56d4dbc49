/**
 * Counting and reading a series by parts (shared/recurrence/timeline.ts) gives exactly what
 * expanding it gives: for rules with a day pattern, the arithmetic source is compared with the
 * iterator's expansion over random rules, zones (DST gaps and overlaps, a skipped day), windows,
 * EXDATE/RDATE and occurrences stored on their own.
 */
import { describe, expect, it } from 'vitest';
import { expandMillis, type Placed, type SeriesTiming } from '../../../shared/recurrence/expand.js';
import { parseRecurrence } from '../../../shared/recurrence/lines.js';
import {
  listSource,
  periodicSource,
  timeline,
  type Bounds,
} from '../../../shared/recurrence/timeline.js';
import { wallMillis } from '../../../shared/time.js';

let seed = 20261127;
const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const ZONES = ['Europe/Paris', 'America/New_York', 'UTC', 'Australia/Lord_Howe', 'Pacific/Apia'];
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

function randomCase() {
  const freq = pick(['DAILY', 'WEEKLY']);
  const parts = [`FREQ=${freq}`];
  if (random() < 0.4) parts.push(`INTERVAL=${1 + Math.floor(random() * 9)}`);
  if (random() < 0.6) parts.push(`BYDAY=${DAYS.filter(() => random() < 0.4).join(',') || 'WE'}`);
  if (random() < 0.2) parts.push(`COUNT=${1 + Math.floor(random() * 400)}`);
  else if (random() < 0.25) {
    parts.push(
      `UNTIL=${pick(['20280101T000000Z', '20271031T013000Z', '20280326T020000', '20300615'])}`,
    );
  }
  if (random() < 0.2) parts.push(`WKST=${pick(DAYS)}`);
  const lines = [`RRULE:${parts.join(';')}`];
  if (random() < 0.4)
    lines.push(`EXDATE:${pick(['20270105T193000', '20270328T023000', '20261231T193000'])}`);
  if (random() < 0.4)
    lines.push(`RDATE:${pick(['20270110T080000', '20280229T193000', '20270101'])}`);
  const allDay = random() < 0.2;
  const time = allDay ? '00:00:00' : pick(['19:30:00', '02:30:00', '00:00:00', '23:30:00']);
  const start = `2026-12-${pick(['28', '29', '30', '31'])} ${time}`;
  const end = allDay ? start.replace(' 00:00:00', ' 00:00:00') : start.replace(/ \d\d:/, ' 23:');
  const timing: SeriesTiming = {
    zone: pick(ZONES),
    allDay,
    start,
    end: allDay ? `${start.slice(0, 10)} 00:00:00` : end < start ? start : end,
  };
  if (allDay) timing.end = utc(wallMillis(start) + 86_400_000 * (1 + Math.floor(random() * 3)));
  return { recurrence: parseRecurrence(lines), timing, lines };
}

const FROM = '2026-01-01 00:00:00';
const TO = '2031-01-01 00:00:00';

describe('a series read by parts', () => {
  it('counts and reads exactly what its expansion holds', () => {
    let periodic = 0;
    for (let n = 0; n < 250; n++) {
      const { recurrence, timing, lines } = randomCase();
      const all = expandMillis(recurrence, timing, FROM, TO);
      // Some occurrences stored or deleted on their own.
      const taken = new Set(all.filter(() => random() < 0.05).map((o) => o.original));
      const expected = all.filter((o) => !taken.has(o.original));
      const source = periodicSource(recurrence, timing, taken);
      if (source === undefined) continue;
      periodic++;
      const lo = wallMillis(FROM) + Math.floor(random() * 3 * 365) * 86_400_000;
      const hi = lo + Math.floor(random() * 2 * 365 + 1) * 86_400_000 + 3_600_000 * 7;
      const endMax = random() < 0.5 ? hi - 3_600_000 * 5 : undefined;
      const bounds: Bounds = {
        lower: (at) => at.startUtc >= lo,
        upper: (at) => at.startUtc < hi && (endMax === undefined || at.endUtc <= endMax),
        fromUtc: lo - 86_400_000,
        toUtc: hi + 86_400_000,
      };
      const pass = (at: Placed) => bounds.lower(at) && bounds.upper(at);
      const wanted = expected.filter(pass);
      const zone = timing.zone;
      const fast = timeline(source, zone, bounds);
      const slow = timeline(listSource(expected), zone, bounds);
      const label = `${lines.join(' ')} ${JSON.stringify(timing)} ${utc(lo)}..${utc(hi)}`;
      expect(fast.size, label).toBe(wanted.length);
      expect(slow.size, label).toBe(wanted.length);
      expect(fast.between(lo, hi), label).toEqual(wanted);
      for (let k = 0; k < 6; k++) {
        const at = lo + Math.floor(random() * (hi - lo));
        const before = wanted.filter((o) => o.startUtc < at).length;
        expect(fast.countBefore(at), `${label} before ${utc(at)}`).toBe(before);
        const until = at + Math.floor(random() * 20) * 86_400_000;
        expect(fast.between(at, until), label).toEqual(
          wanted.filter((o) => o.startUtc >= at && o.startUtc < until),
        );
      }
    }
    // Most generated rules have a day pattern: the comparison is not vacuous.
    expect(periodic).toBeGreaterThan(150);
  });

  it('counts an endless daily series to 9999 without expanding it', () => {
    const recurrence = parseRecurrence('RRULE:FREQ=DAILY');
    const timing = {
      zone: 'Europe/Paris',
      allDay: false,
      start: '2026-12-01 10:00:00',
      end: '2026-12-01 11:00:00',
    };
    const source = periodicSource(recurrence, timing, new Set())!;
    const line = timeline(source, timing.zone, {
      lower: () => true,
      upper: () => true,
      fromUtc: wallMillis('2026-01-01 00:00:00'),
      toUtc: wallMillis('9999-12-31 23:59:59'),
    });
    // The last occurrence is on 30 December 9999: one later would end in year 10000 in UTC.
    const days = (Date.UTC(9999, 11, 30) - Date.UTC(2026, 11, 1)) / 86_400_000 + 1;
    expect(line.size).toBe(days);
    expect(line.steps()).toBeLessThan(10);
    const last = expandMillis(recurrence, timing, '9999-11-01 00:00:00', '9999-12-31 23:59:59');
    const from = wallMillis('9999-11-01 00:00:00');
    expect(line.size - line.countBefore(from)).toBe(last.length);
    expect(line.between(from, wallMillis('9999-12-31 23:59:59'))).toEqual(last);
  });
});
