/**
 * One calendar of the public pages, from the request: the view (`?view=month&month=YYYY-MM`,
 * `?view=week&week=YYYY-MM-DD` (any day of the week), else the list of upcoming events,
 * `?page=n`), the search (`?search=`), the filter its address gives, and the Subscribe section
 * for the same filter.
 */
import type { Request } from 'express';
import type { Links } from '../http/links.js';
import type { Services } from '../services.js';
import type { EventWire } from '../../shared/schemas/wire/index.js';
import {
  listData,
  monthData,
  monthOf,
  weekData,
  weekOf,
  type CalendarFilter,
} from './calendar-data.js';
import {
  calendarJsonLd,
  calendarSection,
  listView,
  monthView,
  weekView,
  type CalendarState,
  type CalendarView,
} from './calendar.js';
import { publicCategories } from './categories.js';
import type { PageContext } from './pages.js';
import { feedLinks, feedReach, subscribeSection } from './subscribe.js';

function pageNumber(req: Request): number {
  const raw = req.query.page;
  const n = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
}

function searchOf(req: Request): string | undefined {
  const raw = req.query.search;
  if (typeof raw !== 'string') return undefined;
  const trimmed = raw.trim().slice(0, 200);
  return trimmed === '' ? undefined : trimmed;
}

export interface CalendarHtml {
  html: string;
  /** Schema.org markup of the events shown. */
  jsonLd: string;
}

const VIEWS: readonly CalendarView[] = ['list', 'week', 'month'];

/**
 * The calendar for `filter` (e.g. `{ categories: 'jazz' }`), as the request asks to see it;
 * `categoryFilter` offers links to every category's calendar (see CalendarState).
 */
export async function calendarHtml(
  req: Request,
  services: Services,
  links: Links,
  filter: CalendarFilter,
  c: PageContext,
  categoryFilter?: CalendarState['filter'],
): Promise<CalendarHtml> {
  const search = searchOf(req);
  const asked = VIEWS.find((view) => view === req.query.view);
  const state: CalendarState = {
    view: asked ?? 'list',
    search,
    path: req.path.endsWith('/') ? req.path : `${req.path}/`,
    period: {},
    categories: await publicCategories(services),
    filter: categoryFilter,
  };
  const withSearch = { ...filter, search };
  const zone = services.settings.get().timezone;
  const now = services.clock.now();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now);
  let view: string;
  let shown: EventWire[];
  if (state.view === 'month') {
    const data = await monthData(services, withSearch, monthOf(req.query.month, zone, now), links);
    state.period = { month: data.month };
    view = monthView(data, state, data.month === today.slice(0, 7) ? today : '', c);
    shown = data.weeks.flat().flatMap((day) => (day.inMonth ? day.events : []));
  } else if (state.view === 'week') {
    const data = await weekData(services, withSearch, weekOf(req.query.week, zone, now), links);
    state.period = { week: data.week };
    view = weekView(data, state, today, c);
    shown = data.days.flatMap((day) => day.events);
  } else {
    const data = await listData(services, withSearch, pageNumber(req), links);
    view = listView(data, state, c);
    shown = data.events;
  }
  shown = [...new Map(shown.map((e) => [e.id, e])).values()];
  const feedFilter = Object.fromEntries(
    Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const subscribe = await subscribeSection(
    feedLinks(links.origin, feedFilter),
    feedReach(services, links.origin, feedFilter),
    c,
  );
  return { html: calendarSection(view, state, c) + subscribe, jsonLd: calendarJsonLd(shown) };
}
