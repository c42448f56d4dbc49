// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { emptyEvent, eventPayload } from '../../../renderer/src/events/eventForm';
import {
  endKeepingLength,
  formatRange,
  fromInput,
  toInput,
} from '../../../renderer/src/events/dates';
import type { EventWire } from '../../../shared/schemas/wire';

const event = {
  id: 4,
  title: 'Fish &amp; Chips',
  status: 'draft',
  all_day: false,
  featured: true,
  start_date: '2026-06-10 18:00:00',
  end_date: '2026-06-10 21:30:00',
  timezone_abbr: 'CEST',
} as EventWire;

describe('event form mapping', () => {
  it('converts between API date strings and date inputs', () => {
    expect(toInput('2026-06-10 18:00:00', false)).toBe('2026-06-10T18:00');
    expect(toInput('2026-06-10 18:00:00', true)).toBe('2026-06-10');
    expect(fromInput('2026-06-10T18:00', false)).toBe('2026-06-10 18:00:00');
    expect(fromInput('2026-06-10', true)).toBe('2026-06-10 00:00:00');
    expect(fromInput('2026-06-12', true, true)).toBe('2026-06-12 23:59:59');
    expect(formatRange(event, false)).toBe('Wed 10 Jun 2026, 18:00–21:30 CEST');
    expect(formatRange(event, true)).toBe('Wed 10 Jun 2026, 6:00 PM–9:30 PM CEST');
    expect(formatRange({ ...event, end_date: '2026-06-11 01:00:00' }, true)).toBe(
      '10 Jun 6:00 PM – 11 Jun 2026 1:00 AM CEST',
    );
  });

  it('leaves empty optional fields out of a create, and clears them on update', () => {
    const values = { ...emptyEvent('2026-06-10'), title: ' Party ', categories: [3], venue: null };
    const create = eventPayload(values, true);
    expect(create).toMatchObject({
      title: 'Party',
      start_date: '2026-06-10 10:00:00',
      end_date: '2026-06-10 11:00:00',
      categories: [3],
    });
    expect(create).not.toHaveProperty('image');
    expect(create).not.toHaveProperty('venue');
    const update = eventPayload(values, false);
    expect(update).toMatchObject({ image: '', venue: 0, website: '' });
  });
});

describe('moving the start', () => {
  it('moves the end by as much, keeping the length, across days and DST changes', () => {
    expect(
      endKeepingLength('2026-06-10T18:00', '2026-06-10T21:30', '2026-06-12T09:15', false),
    ).toBe('2026-06-12T12:45');
    // Wall-clock hours: a night across the change to summer time stays 10 hours long.
    expect(
      endKeepingLength('2026-03-28T22:00', '2026-03-29T08:00', '2026-03-28T23:00', false),
    ).toBe('2026-03-29T09:00');
    // All-day: whole days.
    expect(endKeepingLength('2026-08-01', '2026-08-03', '2026-08-10', true)).toBe('2026-08-12');
  });

  it('leaves the end alone while the new start is incomplete or the old range is not one', () => {
    expect(endKeepingLength('2026-06-10T18:00', '2026-06-10T21:30', '', false)).toBeUndefined();
    expect(endKeepingLength('', '2026-06-10T21:30', '2026-06-10T19:00', false)).toBeUndefined();
    expect(
      endKeepingLength('2026-06-10T18:00', '2026-06-10T17:00', '2026-06-11T18:00', false),
    ).toBeUndefined();
  });
});
