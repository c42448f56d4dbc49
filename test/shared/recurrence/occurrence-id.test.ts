/** Reserved ids of computed occurrences, and the cost of a rule in candidate dates. */
import { describe, expect, it } from 'vitest';
import { candidatesPerYear } from '../../../shared/recurrence/cost.js';
import { parseRecurrence } from '../../../shared/recurrence/lines.js';
import {
  dateOfDay,
  dayNumber,
  decodeOccurrenceId,
  isOccurrenceId,
  MAX_SLOT,
  OCCURRENCE_ID_BASE,
  occurrenceId,
} from '../../../shared/recurrence/occurrence-id.js';

describe('occurrence ids', () => {
  it('encode a slot and a day, and decode back, from the year 1000 to 9999', () => {
    const origin = dayNumber('2026-06-16');
    for (const [slot, day] of [
      [1, '2026-06-16'],
      [1, '9999-12-31'],
      [7, '1000-01-01'],
      [MAX_SLOT, '2040-12-28'],
    ] as const) {
      const id = occurrenceId(slot, origin, `${day} 19:00:00`);
      expect(isOccurrenceId(id)).toBe(true);
      expect(Number.isSafeInteger(id)).toBe(true);
      const decoded = decodeOccurrenceId(id)!;
      expect(decoded.slot).toBe(slot);
      expect(dateOfDay(origin, decoded.offset)).toBe(day);
    }
  });

  it('are distinct per slot and day, and above every ordinary id', () => {
    const ids = new Set<number>();
    for (let slot = 1; slot <= 3; slot++) {
      for (let day = 0; day < 400; day++) ids.add(occurrenceId(slot, 0, dateOfDay(0, day)));
    }
    expect(ids.size).toBe(1200);
    expect(Math.min(...ids)).toBeGreaterThan(OCCURRENCE_ID_BASE);
    expect(isOccurrenceId(OCCURRENCE_ID_BASE - 1)).toBe(false);
    expect(decodeOccurrenceId(42)).toBeUndefined();
  });
});

describe('rule cost', () => {
  const cost = (line: string) => candidatesPerYear(parseRecurrence(line).rule!);
  const all = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(',');

  it('counts the candidate dates a year of ordinary and flooding rules', () => {
    expect(cost('RRULE:FREQ=DAILY')).toBe(366);
    expect(cost('RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH')).toBe(54);
    expect(cost('RRULE:FREQ=MONTHLY;BYDAY=-1FR')).toBe(12);
    expect(cost('RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1')).toBe(300);
    expect(cost(`RRULE:FREQ=YEARLY;BYYEARDAY=${all(366)}`)).toBe(366);
    expect(
      cost(`RRULE:FREQ=YEARLY;BYWEEKNO=${all(53)};BYDAY=MO,TU,WE,TH,FR,SA,SU;BYSETPOS=${all(366)}`),
    ).toBe(135_786);
  });
});
