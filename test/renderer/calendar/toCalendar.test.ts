// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  datesAfterMove,
  rangeQuery,
  toCalendarEvent,
} from '../../../renderer/src/calendar/toCalendar';
import { eventLabel, whenText } from '../../../renderer/src/calendar/eventLabel';
import { contrastRatio, parseColor, textOn } from '../../../renderer/src/calendar/colors';
import { eventsOnDay } from '../../../renderer/src/calendar/DayList';
import { upcomingFilter } from '../../../renderer/src/events/upcoming';
import type { EventWire } from '../../../shared/schemas/wire';

// 18:00–21:30 in Paris (CEST, UTC+2) on 10 June 2026.
const event = {
  id: 4,
  title: 'Fish &amp; Chips',
  status: 'draft',
  all_day: false,
  featured: true,
  timezone: 'Europe/Paris',
  start_date: '2026-06-10 18:00:00',
  end_date: '2026-06-10 21:30:00',
  utc_start_date: '2026-06-10 16:00:00',
  utc_end_date: '2026-06-10 19:30:00',
  categories: [{ id: 7 }, { id: 9 }],
} as EventWire;

describe('calendar mapping', () => {
  it('places timed events by their UTC instant, all-day ones by their dates (exclusive end)', () => {
    expect(toCalendarEvent(event, new Map())).toMatchObject({
      id: '4',
      title: 'Fish & Chips',
      start: '2026-06-10T16:00:00Z',
      end: '2026-06-10T19:30:00Z',
      allDay: false,
      classNames: ['event--draft', 'event--featured'],
    });
    const allDay = toCalendarEvent(
      { ...event, all_day: true, end_date: '2026-06-11 23:59:59' },
      new Map(),
    );
    expect(allDay).toMatchObject({ start: '2026-06-10', end: '2026-06-12', allDay: true });
  });

  it('colours an event by its first coloured category, with readable text', () => {
    const mapped = toCalendarEvent(event, new Map([[9, '#ffd33d']]));
    expect(mapped).toMatchObject({
      backgroundColor: '#ffd33d',
      borderColor: '#ffd33d',
      textColor: '#000000',
    });
    expect(toCalendarEvent(event, new Map([[7, '#0b3d91']])).textColor).toBe('#ffffff');
    expect(toCalendarEvent(event, new Map())).not.toHaveProperty('backgroundColor');
  });

  it('saves a drop as wall times of the event’s own zone, keeping the duration', () => {
    // Dropped at 18:00 UTC = 20:00 in Paris.
    expect(
      datesAfterMove(new Date('2026-06-12T18:00:00Z'), null, false, event, 'America/New_York'),
    ).toEqual({ start_date: '2026-06-12 20:00:00', end_date: '2026-06-12 23:30:00' });
    const allDay = {
      ...event,
      all_day: true,
      start_date: '2026-06-10 00:00:00',
      end_date: '2026-06-11 23:59:59',
    };
    // All-day drops come as midnights of the display zone (New York, UTC-4 in June).
    expect(
      datesAfterMove(
        new Date('2026-06-15T04:00:00Z'),
        new Date('2026-06-17T04:00:00Z'),
        true,
        allDay,
        'America/New_York',
      ),
    ).toEqual({ start_date: '2026-06-15 00:00:00', end_date: '2026-06-16 23:59:59' });
  });

  it('asks for a day more on each side of the visible range', () => {
    expect(rangeQuery(new Date('2026-06-01T00:00:00Z'), new Date('2026-07-06T00:00:00Z'))).toEqual({
      ends_after: '2026-05-31',
      starts_before: '2026-07-07',
    });
  });
});

describe('event words', () => {
  it('say the title, the time in the display zone, the own zone when different, and the status', () => {
    expect(eventLabel(event, 'Europe/Paris', false)).toBe(
      'Fish & Chips, Wed 10 Jun 2026, 18:00–21:30, draft, featured',
    );
    expect(eventLabel(event, 'America/New_York', true)).toBe(
      'Fish & Chips, Wed 10 Jun 2026, 12:00 PM–3:30 PM (starts 6:00 PM Europe/Paris time), draft, featured',
    );
    expect(
      eventLabel({ ...event, status: 'pending', featured: false }, 'Europe/Paris', false),
    ).toBe('Fish & Chips, Wed 10 Jun 2026, 18:00–21:30, pending review');
    expect(whenText({ ...event, all_day: true }, 'Asia/Tokyo', false)).toBe(
      'Wed 10 Jun 2026, all day',
    );
  });
});

describe('colours', () => {
  it('computes WCAG contrast ratios and picks the readable text colour', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrastRatio(parseColor('#777777')!, parseColor('rgb(255, 255, 255)')!)).toBeCloseTo(
      4.48,
      2,
    );
    expect(textOn('#ffffff')).toBe('#000000');
    expect(textOn('#1b1f24')).toBe('#ffffff');
  });
});

describe('the phone day list', () => {
  it('lists the events overlapping the day in the display zone, all-day first', () => {
    const late = {
      ...event,
      id: 5,
      utc_start_date: '2026-06-10 23:30:00',
      utc_end_date: '2026-06-11 00:30:00',
    };
    const allDay = {
      ...event,
      id: 6,
      all_day: true,
      start_date: '2026-06-11 00:00:00',
      end_date: '2026-06-11 23:59:59',
    };
    const ids = (day: string, zone: string) =>
      eventsOnDay([event, late, allDay], day, zone).map((e) => e.id);
    expect(ids('2026-06-10', 'UTC')).toEqual([4, 5]);
    expect(ids('2026-06-11', 'UTC')).toEqual([6, 5]);
    // In Tokyo (UTC+9) both timed events fall on the 11th.
    expect(ids('2026-06-11', 'Asia/Tokyo')).toEqual([6, 4, 5]);
  });
});

describe('Upcoming', () => {
  it('starts at the exact instant, not at the start of yesterday', () => {
    expect(upcomingFilter(new Date('2026-06-10T14:05:09Z'))).toEqual({
      strict_dates: 'true',
      ends_after: '2026-06-10 14:05:09',
    });
  });
});
