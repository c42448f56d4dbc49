/**
 * The public calendar's markup (`/events/`, a category's, a tag's, a venue's, an organizer's):
 * a list of upcoming events, a week or a month, a category filter, a search form, a Print
 * button, and links between them. Views and filters are links and the search is a GET form, so
 * everything but printing works without a script.
 */
import { DateTime } from 'luxon';
import type { EventWire } from '../../shared/schemas/wire/index.js';
import type { ListData, MonthData, WeekData } from './calendar-data.js';
import { colorOf, swatch, type PublicCategory } from './categories.js';
import { shortWhen } from './format.js';
import { attr, jsonLdScript, text } from './html.js';
import { LABELS, type LabelKey } from './labels.js';
import type { PageContext } from './pages.js';
import { statusClass, statusMark } from './status-mark.js';
import { SCHEMA_ORG_STATUS } from '../../shared/schemas/event-status.js';

export type CalendarView = 'list' | 'week' | 'month';

export interface CalendarState {
  view: CalendarView;
  search: string | undefined;
  /** The page's path, to which view, month, page and search are added. */
  path: string;
  /** The period shown (`{ month }`, `{ week }` or nothing), kept when the filter changes. */
  period: Record<string, string>;
  /** Every category readers see, for the filter and the events' colours. */
  categories: readonly PublicCategory[];
  /**
   * The category filter: the whole calendar's path and the category shown (undefined: all).
   * Absent where a filter would leave the page (a venue's, an organizer's, a tag's calendar).
   */
  filter?: { base: string; current: string | undefined } | undefined;
}

const label = (c: PageContext, key: LabelKey) => text(c.t(LABELS[key]));

/** The page's URL with these parameters (empty ones left out). */
export function calendarUrl(state: CalendarState, params: Record<string, string | undefined>) {
  const query = new URLSearchParams();
  const all = {
    view: state.view === 'list' ? undefined : state.view,
    search: state.search,
    ...params,
  };
  for (const [key, value] of Object.entries(all)) {
    if (value !== undefined && value !== '') query.set(key, value);
  }
  const text = query.toString();
  return text === '' ? state.path : `${state.path}?${text}`;
}

function toolbar(state: CalendarState, c: PageContext): string {
  const view = (name: CalendarView, key: LabelKey) =>
    `<a href="${attr(calendarUrl({ ...state, view: name }, {}))}"${
      state.view === name ? ' aria-current="page"' : ''
    }>${label(c, key)}</a>`;
  return `<div class="toolbar">
<div class="view-actions">
<nav class="views" aria-label="${attr(c.t(LABELS.views))}">${view('list', 'listView')}${view('week', 'weekView')}${view('month', 'monthView')}</nav>
<button type="button" class="print" data-print hidden>${label(c, 'print')}</button>
</div>
<form class="search" role="search" method="get" action="${attr(state.path)}">
${state.view === 'list' ? '' : `<input type="hidden" name="view" value="${attr(state.view)}">`}
<label for="calendar-search">${label(c, 'searchLabel')}</label>
<input id="calendar-search" name="search" type="search" value="${attr(state.search ?? '')}">
<button type="submit">${label(c, 'searchButton')}</button>
</form>
</div>`;
}

/** Links to the whole calendar and to each category's, with its colour, in the same view. */
function categoryFilter(state: CalendarState, c: PageContext): string {
  const { filter } = state;
  if (!filter || state.categories.length === 0) return '';
  const chip = (path: string, current: boolean, name: string, color: string | null) =>
    `<li><a href="${attr(calendarUrl({ ...state, path }, state.period))}"${
      current ? ' aria-current="page"' : ''
    }>${swatch(color)}${text(name)}</a></li>`;
  const chips = [
    chip(filter.base, filter.current === undefined, c.t(LABELS.allCategories), null),
    ...state.categories.map((category) =>
      chip(
        `${filter.base}category/${encodeURIComponent(category.slug)}/`,
        filter.current === category.slug,
        category.name,
        category.color,
      ),
    ),
  ];
  return `<nav class="filter" aria-label="${attr(c.t(LABELS.categoryFilter))}"><ul>${chips.join('')}</ul></nav>`;
}

/** The event's colour swatch, title link and status mark, as every view shows them. */
function eventTitle(event: EventWire, state: CalendarState, c: PageContext): string {
  return `${statusMark(event, c)}${swatch(colorOf(event.categories, state.categories))}<a href="${attr(event.url)}">${text(event.title)}</a>`;
}

function eventItem(event: EventWire, state: CalendarState, c: PageContext): string {
  const venue = Array.isArray(event.venue)
    ? ''
    : ` <span class="muted">· ${text(event.venue.venue ?? '')}</span>`;
  return `<li${statusClass(event)}><span class="date">${shortWhen(event, c.locale)}</span>${eventTitle(event, state, c)}${venue}</li>`;
}

export function listView(data: ListData, state: CalendarState, c: PageContext): string {
  if (data.events.length === 0) return `<p class="muted">${label(c, 'noUpcoming')}</p>`;
  const nav: string[] = [];
  if (data.page > 1) {
    const previous = calendarUrl(state, {
      page: data.page > 2 ? String(data.page - 1) : undefined,
    });
    nav.push(`<a href="${attr(previous)}" rel="prev">${label(c, 'previous')}</a>`);
  }
  if (data.page < data.totalPages) {
    const next = calendarUrl(state, { page: String(data.page + 1) });
    nav.push(`<a href="${attr(next)}" rel="next">${label(c, 'next')}</a>`);
  }
  return `<ul class="events">${data.events.map((e) => eventItem(e, state, c)).join('')}</ul>${
    nav.length > 0
      ? `<nav class="pages" aria-label="${attr(c.t(LABELS.pages))}">${nav.join('')}</nav>`
      : ''
  }`;
}

/** The start time of a timed event, in the page's locale ('' for an all-day event). */
function startTime(event: EventWire, c: PageContext): string {
  if (event.all_day) return '';
  return `<span class="time">${text(
    DateTime.fromFormat(event.start_date, 'yyyy-MM-dd HH:mm:ss', {
      locale: c.locale,
    }).toLocaleString(DateTime.TIME_SIMPLE),
  )}</span> `;
}

function dayCell(
  day: MonthData['weeks'][number][number],
  today: string,
  state: CalendarState,
  c: PageContext,
): string {
  const date = DateTime.fromISO(day.date, { locale: c.locale });
  const classes = [day.inMonth ? '' : 'outside', day.events.length > 0 ? 'busy' : '']
    .filter(Boolean)
    .join(' ');
  const current = day.date === today ? ' aria-current="date"' : '';
  const events = day.events
    .map(
      (event) =>
        `<li${statusClass(event)}>${startTime(event, c)}${eventTitle(event, state, c)}</li>`,
    )
    .join('');
  return `<td${classes ? ` class="${classes}"` : ''}${current}><span class="day"><time datetime="${day.date}"><span class="weekday">${text(
    date.toFormat('cccc'),
  )} </span>${date.day}</time></span>${events ? `<ul>${events}</ul>` : ''}</td>`;
}

export function monthView(
  data: MonthData,
  state: CalendarState,
  today: string,
  c: PageContext,
): string {
  const first = DateTime.fromISO(`${data.month}-01`, { locale: c.locale });
  const title = first.toFormat('LLLL yyyy');
  const days = data.weeks[0]!.map((day) => DateTime.fromISO(day.date, { locale: c.locale }));
  const head = days
    .map(
      (d) => `<th scope="col" abbr="${attr(d.toFormat('cccc'))}">${text(d.toFormat('ccc'))}</th>`,
    )
    .join('');
  const rows = data.weeks
    .map((week) => `<tr>${week.map((day) => dayCell(day, today, state, c)).join('')}</tr>`)
    .join('');
  const any = data.weeks.some((week) => week.some((day) => day.inMonth && day.events.length > 0));
  return `<nav class="months" aria-label="${attr(c.t(LABELS.months))}">
<a href="${attr(calendarUrl(state, { month: data.previous }))}" rel="prev">← ${text(
    DateTime.fromISO(`${data.previous}-01`, { locale: c.locale }).toFormat('LLLL'),
  )}</a>
<h2>${text(title)}</h2>
<a href="${attr(calendarUrl(state, { month: data.next }))}" rel="next">${text(
    DateTime.fromISO(`${data.next}-01`, { locale: c.locale }).toFormat('LLLL'),
  )} →</a>
</nav>
${any ? '' : `<p class="muted">${label(c, 'noEventsMonth')}</p>`}
<table class="month"><caption>${text(title)}</caption><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>
${data.truncated ? `<p class="muted">${label(c, 'moreEvents')}</p>` : ''}`;
}

/** The week, Monday to Sunday: a column a day, a list of days on a phone. */
export function weekView(
  data: WeekData,
  state: CalendarState,
  today: string,
  c: PageContext,
): string {
  const first = DateTime.fromISO(data.week, { zone: 'UTC' });
  const title = new Intl.DateTimeFormat(c.locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(first.toJSDate(), first.plus({ days: 6 }).toJSDate());
  const days = data.days
    .map((day) => {
      const date = DateTime.fromISO(day.date, { locale: c.locale });
      const current = day.date === today ? ' aria-current="date"' : '';
      const events = day.events
        .map(
          (event) =>
            `<li${statusClass(event)}>${startTime(event, c)}${eventTitle(event, state, c)}</li>`,
        )
        .join('');
      return `<li class="${day.events.length > 0 ? 'busy' : 'free'}"${current}><h3><time datetime="${day.date}">${text(
        date.toFormat('cccc d MMMM'),
      )}</time></h3>${events ? `<ul>${events}</ul>` : ''}</li>`;
    })
    .join('');
  const any = data.days.some((day) => day.events.length > 0);
  return `<nav class="months weeks" aria-label="${attr(c.t(LABELS.weeks))}">
<a href="${attr(calendarUrl(state, { week: data.previous }))}" rel="prev">← ${label(c, 'previousWeek')}</a>
<h2>${text(title)}</h2>
<a href="${attr(calendarUrl(state, { week: data.next }))}" rel="next">${label(c, 'nextWeek')} →</a>
</nav>
${any ? '' : `<p class="muted">${label(c, 'noEventsWeek')}</p>`}
<ol class="week">${days}</ol>
${data.truncated ? `<p class="muted">${label(c, 'moreEventsWeek')}</p>` : ''}`;
}

/** The calendar part of a page: toolbar, category filter and view. */
export function calendarSection(view: string, state: CalendarState, c: PageContext): string {
  const heading = state.search
    ? `<p class="meta">${text(c.t(LABELS.resultsFor).replace('%s', state.search))}</p>`
    : '';
  return `${toolbar(state, c)}${categoryFilter(state, c)}${heading}<div class="view">${view}</div>`;
}

/** Schema.org events of a calendar page. */
export function calendarJsonLd(events: EventWire[]): string {
  if (events.length === 0) return '';
  return jsonLdScript(
    events.map((event) => ({
      '@context': 'http://schema.org',
      '@type': 'Event',
      name: event.title,
      url: event.url,
      startDate: `${event.utc_start_date.replace(' ', 'T')}+00:00`,
      endDate: `${event.utc_end_date.replace(' ', 'T')}+00:00`,
      eventStatus: `https://schema.org/${SCHEMA_ORG_STATUS[event.event_status]}`,
      ...(Array.isArray(event.venue)
        ? {}
        : { location: { '@type': 'Place', name: event.venue.venue ?? '' } }),
    })),
  );
}
