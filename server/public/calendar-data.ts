/**
 * What the public calendar shows (docs/api/feeds.md, Public calendar): a page of upcoming events
 * or the events of one month or week, read through the events listing as an anonymous client, so the
 * calendar shows exactly what the API shows anyone: published, listed events.
 */
import { DateTime } from 'luxon';
import { eventListSchema } from '../../shared/schemas/event.js';
import type { EventWire } from '../../shared/schemas/wire/index.js';
import { DomainError } from '../errors.js';
import type { Links } from '../http/links.js';
import type { Services } from '../services.js';

/** Pages of 50 read for one month or week, at most: more is said instead of shown. */
const MONTH_PAGES = 10;
export const LIST_PAGE_SIZE = 20;

export interface CalendarFilter {
  categories?: string;
  tags?: string;
  venue?: string;
  organizer?: string;
  search?: string;
}

export interface ListData {
  events: EventWire[];
  page: number;
  totalPages: number;
}

export interface MonthDay {
  date: string;
  inMonth: boolean;
  events: EventWire[];
}

export interface MonthData {
  /** `YYYY-MM`. */
  month: string;
  weeks: MonthDay[][];
  /** Whether the month holds more events than one page shows. */
  truncated: boolean;
  previous: string;
  next: string;
}

async function read(
  services: Services,
  filter: Record<string, string>,
  links: Links,
): Promise<{ events: EventWire[]; totalPages: number }> {
  const args = eventListSchema.safeParse(filter);
  if (!args.success) return { events: [], totalPages: 0 };
  try {
    const page = await services.events.list(args.data, null, links);
    return { events: page.events, totalPages: page.total_pages };
  } catch (error) {
    // A page past the last one, a filter naming nothing: an empty calendar, not an error page.
    if (error instanceof DomainError) return { events: [], totalPages: 0 };
    throw error;
  }
}

const defined = (filter: CalendarFilter): Record<string, string> =>
  Object.fromEntries(
    Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

/** Upcoming events (the listing's default window), a page at a time. */
export async function listData(
  services: Services,
  filter: CalendarFilter,
  page: number,
  links: Links,
): Promise<ListData> {
  const result = await read(
    services,
    { ...defined(filter), page: String(page), per_page: String(LIST_PAGE_SIZE) },
    links,
  );
  return { events: result.events, page, totalPages: result.totalPages };
}

/** `YYYY-MM` when it is one, else the current month in the site's zone. */
export function monthOf(value: unknown, zone: string, now: Date): string {
  if (typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value)) {
    const year = Number(value.slice(0, 4));
    if (year >= 1900 && year <= 2200) return value;
  }
  return DateTime.fromJSDate(now, { zone }).toFormat('yyyy-MM');
}

/** `YYYY-MM-DD` of the Monday of the week holding `value` when it is a date, else of today. */
export function weekOf(value: unknown, zone: string, now: Date): string {
  const given =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? DateTime.fromISO(value, { zone: 'UTC' })
      : undefined;
  const day =
    given?.isValid && given.year >= 1900 && given.year <= 2200
      ? given
      : DateTime.fromISO(DateTime.fromJSDate(now, { zone }).toISODate()!, { zone: 'UTC' });
  return day.minus({ days: day.weekday - 1 }).toISODate()!;
}

/**
 * The events overlapping the days `first` to `last` (UTC dates), each on every day it covers,
 * and whether there were more than the pages read.
 */
async function eventsByDay(
  services: Services,
  filter: CalendarFilter,
  first: DateTime,
  last: DateTime,
  links: Links,
): Promise<{ byDay: Map<string, EventWire[]>; truncated: boolean }> {
  const events: EventWire[] = [];
  let truncated = false;
  for (let page = 1; page <= MONTH_PAGES; page++) {
    // Events that overlap the days: ending after the day before them, starting before the last.
    const result = await read(
      services,
      {
        ...defined(filter),
        ends_after: first.minus({ days: 1 }).toISODate()!,
        starts_before: last.toISODate()!,
        per_page: '50',
        page: String(page),
      },
      links,
    );
    events.push(...result.events);
    if (page >= result.totalPages) break;
    if (page === MONTH_PAGES) truncated = true;
  }
  const byDay = new Map<string, EventWire[]>();
  for (const event of events) {
    let day: DateTime = DateTime.fromISO(event.start_date.slice(0, 10), { zone: 'UTC' });
    const end = DateTime.fromISO(event.end_date.slice(0, 10), { zone: 'UTC' });
    if (day < first) day = first;
    for (; day <= end && day <= last; day = day.plus({ days: 1 })) {
      const key = day.toISODate()!;
      byDay.set(key, [...(byDay.get(key) ?? []), event]);
    }
  }
  return { byDay, truncated };
}

/** The month's events on the days they cover, in weeks from Monday. */
export async function monthData(
  services: Services,
  filter: CalendarFilter,
  month: string,
  links: Links,
): Promise<MonthData> {
  const first = DateTime.fromISO(`${month}-01`, { zone: 'UTC' });
  const last = first.endOf('month').startOf('day');
  const { byDay, truncated } = await eventsByDay(services, filter, first, last, links);
  const weeks: MonthDay[][] = [];
  let day = first.minus({ days: first.weekday - 1 });
  while (day <= last) {
    const week: MonthDay[] = [];
    for (let i = 0; i < 7; i++, day = day.plus({ days: 1 })) {
      const date = day.toISODate()!;
      week.push({ date, inMonth: day.month === first.month, events: byDay.get(date) ?? [] });
    }
    weeks.push(week);
  }
  return {
    month,
    weeks,
    truncated,
    previous: first.minus({ months: 1 }).toFormat('yyyy-MM'),
    next: first.plus({ months: 1 }).toFormat('yyyy-MM'),
  };
}

export interface WeekData {
  /** `YYYY-MM-DD` of its Monday. */
  week: string;
  days: MonthDay[];
  truncated: boolean;
  previous: string;
  next: string;
}

/** The week's events (Monday to Sunday) on the days they cover. */
export async function weekData(
  services: Services,
  filter: CalendarFilter,
  week: string,
  links: Links,
): Promise<WeekData> {
  const first = DateTime.fromISO(week, { zone: 'UTC' });
  const last = first.plus({ days: 6 });
  const { byDay, truncated } = await eventsByDay(services, filter, first, last, links);
  const days: MonthDay[] = [];
  for (let day = first; day <= last; day = day.plus({ days: 1 })) {
    const date = day.toISODate()!;
    days.push({ date, inMonth: true, events: byDay.get(date) ?? [] });
  }
  return {
    week,
    days,
    truncated,
    previous: first.minus({ weeks: 1 }).toISODate()!,
    next: first.plus({ weeks: 1 }).toISODate()!,
  };
}
