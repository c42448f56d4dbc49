// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { emptyEvent, eventPayload } from '../../../renderer/src/events/eventForm';
import { formatRange, fromInput, toInput } from '../../../renderer/src/events/dates';
import {
  datesAfterMove,
  rangeQuery,
  toCalendarEvent,
} from '../../../renderer/src/calendar/toCalendar';
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
    expect(formatRange(event)).toBe('Wed 10 Jun 2026, 18:00–21:30 CEST');
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

describe('calendar mapping', () => {
  it('shows events at their wall-clock time, with exclusive all-day ends', () => {
    expect(toCalendarEvent(event)).toMatchObject({
      id: '4',
      title: 'Fish & Chips',
      start: '2026-06-10T18:00:00.000',
      allDay: false,
      classNames: ['event--draft', 'event--featured'],
    });
    const allDay = toCalendarEvent({ ...event, all_day: true, end_date: '2026-06-11 23:59:59' });
    expect(allDay).toMatchObject({ start: '2026-06-10', end: '2026-06-12', allDay: true });
  });

  it('turns a drop into new dates that keep the duration', () => {
    const start = new Date('2026-06-12T18:00:00Z');
    expect(datesAfterMove(start, null, false, event)).toEqual({
      start_date: '2026-06-12 18:00:00',
      end_date: '2026-06-12 21:30:00',
    });
    const allDay = {
      ...event,
      all_day: true,
      start_date: '2026-06-10 00:00:00',
      end_date: '2026-06-11 23:59:59',
    };
    expect(
      datesAfterMove(
        new Date('2026-06-15T00:00:00Z'),
        new Date('2026-06-17T00:00:00Z'),
        true,
        allDay,
      ),
    ).toEqual({
      start_date: '2026-06-15 00:00:00',
      end_date: '2026-06-16 23:59:59',
    });
    expect(rangeQuery(new Date('2026-06-01T00:00:00Z'), new Date('2026-07-06T00:00:00Z'))).toEqual({
      ends_after: '2026-05-31',
      starts_before: '2026-07-06',
    });
  });
});
