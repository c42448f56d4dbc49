/**
 * What a click or a drag on the calendar's grid picks for quick create, as the editor's input
 * values in the display zone: a time range in week and day views; in the month view one day
 * (10:00–11:00, as a new event from the editor starts) or, dragged over several, those whole days.
 */
import { DateTime } from 'luxon';
import type { DateSelectArg } from '@fullcalendar/core';
import type { QuickPick } from './QuickCreate';

const TIMED = "yyyy-MM-dd'T'HH:mm";
const DAY = 'yyyy-MM-dd';

interface Picked {
  start: Date;
  /** Exclusive, as FullCalendar gives it. */
  end: Date;
  allDay: boolean;
  /** One day of the month grid (not the all-day row of a week). */
  monthDay: boolean;
}

export function pickValues(
  { start, end, allDay, monthDay }: Picked,
  zone: string,
): Omit<QuickPick, 'x' | 'y'> {
  const from = DateTime.fromJSDate(start, { zone });
  const until = DateTime.fromJSDate(end, { zone });
  if (!allDay) return { start: from.toFormat(TIMED), end: until.toFormat(TIMED), allDay, zone };
  const days = Math.round(until.startOf('day').diff(from.startOf('day'), 'days').days);
  if (monthDay && days <= 1) {
    const ten = from.set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
    return {
      start: ten.toFormat(TIMED),
      end: ten.plus({ hours: 1 }).toFormat(TIMED),
      allDay: false,
      zone,
    };
  }
  return {
    start: from.toFormat(DAY),
    end: from.plus({ days: Math.max(days - 1, 0) }).toFormat(DAY),
    allDay: true,
    zone,
  };
}

function pointOf(event: UIEvent | null | undefined): { x: number; y: number } {
  if (event && 'clientX' in event && typeof event.clientX === 'number') {
    return { x: event.clientX, y: (event as MouseEvent).clientY };
  }
  return { x: window.innerWidth / 2 - 160, y: window.innerHeight / 3 };
}

export function pickOfSelection(info: DateSelectArg, zone: string): QuickPick {
  return {
    ...pickValues(
      {
        start: info.start,
        end: info.end,
        allDay: info.allDay,
        monthDay: info.view.type === 'dayGridMonth',
      },
      zone,
    ),
    ...pointOf(info.jsEvent),
  };
}

/** A month day chosen from the keyboard: placed beside its cell. */
export function pickOfCell(date: Date, cell: HTMLElement, zone: string): QuickPick {
  const box = cell.getBoundingClientRect();
  const end = DateTime.fromJSDate(date, { zone }).plus({ days: 1 }).toJSDate();
  return {
    ...pickValues({ start: date, end, allDay: true, monthDay: true }, zone),
    x: box.right,
    y: box.top + 40,
  };
}
