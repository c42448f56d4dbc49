/**
 * One calendar of the public pages, from the request: the view (`?view=month&month=YYYY-MM`, else
 * the list of upcoming events, `?page=n`), the search (`?search=`), the filter its address
 * gives, and the Subscribe section for the same filter.
 */
import type { Request } from 'express';
import type { Links } from '../http/links.js';
import type { Services } from '../services.js';
import { listData, monthData, monthOf, type CalendarFilter } from './calendar-data.js';
import {
  calendarJsonLd,
  calendarSection,
  listView,
  monthView,
  type CalendarState,
} from './calendar.js';
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

/** The calendar for `filter` (e.g. `{ categories: 'jazz' }`), as the request asks to see it. */
export async function calendarHtml(
  req: Request,
  services: Services,
  links: Links,
  filter: CalendarFilter,
  c: PageContext,
): Promise<CalendarHtml> {
  const search = searchOf(req);
  const state: CalendarState = {
    view: req.query.view === 'month' ? 'month' : 'list',
    search,
    path: req.path.endsWith('/') ? req.path : `${req.path}/`,
  };
  const withSearch = { ...filter, search };
  let view: string;
  let shown;
  if (state.view === 'month') {
    const zone = services.settings.get().timezone;
    const now = services.clock.now();
    const data = monthData(services, withSearch, monthOf(req.query.month, zone, now), links);
    const today =
      monthOf(undefined, zone, now) === data.month
        ? new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now)
        : '';
    view = monthView(data, state, today, c);
    shown = data.weeks.flat().flatMap((day) => (day.inMonth ? day.events : []));
    shown = [...new Map(shown.map((e) => [e.id, e])).values()];
  } else {
    const data = listData(services, withSearch, pageNumber(req), links);
    view = listView(data, state, c);
    shown = data.events;
  }
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
