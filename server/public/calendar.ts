/**
 * The public calendar's markup (`/events/`, a category's, a tag's, a venue's, an organizer's):
 * a list of upcoming events or a month, a search form, and links between them. No script: views
 * are links and the search is a GET form.
 */
import { DateTime } from 'luxon';
import type { EventWire } from '../../shared/schemas/wire/index.js';
import type { ListData, MonthData } from './calendar-data.js';
import { shortWhen } from './format.js';
import { attr, jsonLdScript, text } from './html.js';
import { LABELS, type LabelKey } from './labels.js';
import type { PageContext } from './pages.js';
import { statusClass, statusMark } from './status-mark.js';
import { SCHEMA_ORG_STATUS } from '../../shared/schemas/event-status.js';

export type CalendarView = 'list' | 'month';

export interface CalendarState {
  view: CalendarView;
  search: string | undefined;
  /** The page's path, to which view, month, page and search are added. */
  path: string;
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
<nav class="views" aria-label="${attr(c.t(LABELS.views))}">${view('list', 'listView')}${view('month', 'monthView')}</nav>
<form class="search" role="search" method="get" action="${attr(state.path)}">
${state.view === 'month' ? '<input type="hidden" name="view" value="month">' : ''}
<label for="calendar-search">${label(c, 'searchLabel')}</label>
<input id="calendar-search" name="search" type="search" value="${attr(state.search ?? '')}">
<button type="submit">${label(c, 'searchButton')}</button>
</form>
</div>`;
}

function eventItem(event: EventWire, c: PageContext): string {
  const venue = Array.isArray(event.venue)
    ? ''
    : ` <span class="muted">· ${text(event.venue.venue ?? '')}</span>`;
  return `<li${statusClass(event)}><span class="date">${shortWhen(event, c.locale)}</span>${statusMark(event, c)}<a href="${attr(event.url)}">${text(event.title)}</a>${venue}</li>`;
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
  return `<ul class="events">${data.events.map((e) => eventItem(e, c)).join('')}</ul>${
    nav.length > 0
      ? `<nav class="pages" aria-label="${attr(c.t(LABELS.pages))}">${nav.join('')}</nav>`
      : ''
  }`;
}

function dayCell(day: MonthData['weeks'][number][number], today: string, c: PageContext): string {
  const date = DateTime.fromISO(day.date, { locale: c.locale });
  const classes = [day.inMonth ? '' : 'outside', day.events.length > 0 ? 'busy' : '']
    .filter(Boolean)
    .join(' ');
  const current = day.date === today ? ' aria-current="date"' : '';
  const events = day.events
    .map((event) => {
      const time = event.all_day
        ? ''
        : `<span class="time">${text(
            DateTime.fromFormat(event.start_date, 'yyyy-MM-dd HH:mm:ss', {
              locale: c.locale,
            }).toLocaleString(DateTime.TIME_SIMPLE),
          )}</span> `;
      return `<li${statusClass(event)}>${time}${statusMark(event, c)}<a href="${attr(event.url)}">${text(event.title)}</a></li>`;
    })
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
    .map((week) => `<tr>${week.map((day) => dayCell(day, today, c)).join('')}</tr>`)
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

/** The calendar part of a page: toolbar and view. */
export function calendarSection(view: string, state: CalendarState, c: PageContext): string {
  const heading = state.search
    ? `<p class="meta">${text(c.t(LABELS.resultsFor).replace('%s', state.search))}</p>`
    : '';
  return `${toolbar(state, c)}${heading}<div class="view">${view}</div>`;
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
