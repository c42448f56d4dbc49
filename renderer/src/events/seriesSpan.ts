/**
 * What each answer of the scope question covers (docs/api/recurrence.md): how many events of the
 * series, from which start to which, and how many of them are over. Read through the API's own
 * listing (`post_parent` lists a series' occurrences other than its first event), so that it
 * holds however the server keeps occurrences; a series whose rule never ends has no count.
 */
import { DateTime } from 'luxon';
import type { EventArchiveWire, EventWire } from '../../../shared/schemas/wire';
import { api, ev } from '../api/client';
import { parseWall } from './dates';

export interface Span {
  /** Events covered; undefined when the rule never ends. */
  count: number | undefined;
  first: DateTime;
  /** The last start; undefined when the rule never ends. */
  last: DateTime | undefined;
  /** Covered events that have ended already. */
  past: number;
}

export interface SeriesSpans {
  this: Span;
  following: Span;
  all: Span;
  /** Every part a split made (`series_parts`); only when there are several. */
  series?: Span | undefined;
}

const WALL = 'yyyy-MM-dd HH:mm:ss';
const EVERY = { start_date: '1000-01-01 00:00:00', end_date: '9998-12-31 23:59:59' };
const STATUSES = 'publish,future,draft,pending,private';

/** Whether the rule lines end (COUNT or UNTIL on every RRULE). */
export const ruleEnds = (lines: readonly string[]) =>
  lines
    .filter((l) => l.startsWith('RRULE'))
    .every((l) => /;(COUNT|UNTIL)=|:(COUNT|UNTIL)=/.test(l));

async function page(query: Record<string, string | number>): Promise<EventArchiveWire> {
  try {
    return await api<EventArchiveWire>(ev('events'), {
      query: { per_page: 1, status: STATUSES, strict_dates: 'true', ...query },
    });
  } catch {
    // A listing past its last page is a 404 with nothing in it.
    return { events: [], total: 0, total_pages: 0 } as unknown as EventArchiveWire;
  }
}

export async function seriesSpans(event: EventWire, now = DateTime.utc()): Promise<SeriesSpans> {
  const seriesId = event.series_id!;
  const parent =
    seriesId === event.id
      ? event
      : await api<EventWire>(ev(`events/${seriesId}`)).catch(() => null);
  const withParent = parent !== null && parent.status !== 'trash' ? 1 : 0;
  const nowWall = now.toFormat(WALL);
  const base = { post_parent: seriesId };
  const [all, last, following, pastAll, pastFollowing] = await Promise.all([
    page({ ...base, ...EVERY }),
    page({ ...base, ...EVERY, order: 'desc' }),
    page({ ...base, ...EVERY, start_date: event.start_date }),
    page({ ...base, ...EVERY, end_date: nowWall }),
    page({ ...base, ...EVERY, start_date: event.start_date, end_date: nowWall }),
  ]);
  const endless = !ruleEnds(event.recurrence ?? []);
  const lastStart = last.events[0]
    ? parseWall(last.events[0].start_date)
    : parseWall(event.start_date);
  const isParent = seriesId === event.id ? 1 : 0;
  const parts = event.series_parts ?? [];
  const series =
    parts.length > 1
      ? await everyPart(parts, seriesId, all.total + withParent, nowWall)
      : undefined;
  const over = (e: EventWire | null) => (e !== null && e.end_date < nowWall ? 1 : 0);
  const start = parseWall(event.start_date);
  return {
    this: { count: 1, first: start, last: start, past: over(event) },
    following: {
      count: endless ? undefined : following.total + isParent,
      first: start,
      last: endless ? undefined : lastStart,
      past: pastFollowing.total + (isParent ? over(event) : 0),
    },
    all: {
      count: endless ? undefined : all.total + withParent,
      first: parent ? parseWall(parent.start_date) : start,
      last: endless ? undefined : lastStart,
      past: pastAll.total + (withParent ? over(parent) : 0),
    },
    series,
  };
}

/**
 * What "every part of this series" covers: the events of each part (its first event and its
 * listing by `post_parent`), from the first part's start to the last part's last one. A part
 * whose first event is in the trash is left out, as the API leaves it.
 */
async function everyPart(
  parts: number[],
  own: number,
  ownCount: number,
  nowWall: string,
): Promise<Span> {
  const firsts = await Promise.all(
    parts.map((id) => api<EventWire>(ev(`events/${id}`)).catch(() => null)),
  );
  const live = firsts.filter((e): e is EventWire => e !== null && e.status !== 'trash');
  const counted = await Promise.all(
    live.map(async (first) => {
      const base = { post_parent: first.id, ...EVERY };
      const [listed, past, last] = await Promise.all([
        first.id === own ? Promise.resolve(null) : page(base),
        page({ ...base, end_date: nowWall }),
        page({ ...base, order: 'desc' }),
      ]);
      return {
        first,
        count: listed === null ? ownCount : listed.total + 1,
        past: past.total + (first.end_date < nowWall ? 1 : 0),
        last: last.events[0] ?? first,
      };
    }),
  );
  const final = counted[counted.length - 1];
  const endless = final === undefined || !ruleEnds(final.first.recurrence ?? []);
  const start = counted[0]?.first.start_date;
  return {
    count: endless ? undefined : counted.reduce((n, part) => n + part.count, 0),
    first: parseWall(start ?? '1970-01-01 00:00:00'),
    last: endless || final === undefined ? undefined : parseWall(final.last.start_date),
    past: counted.reduce((n, part) => n + part.past, 0),
  };
}

/** How many parts a split series has (1 when it was never split). */
export const partsOf = (event: Pick<EventWire, 'series_parts'>) => event.series_parts?.length ?? 0;

/** `1 Dec – 5 Jan`, with years when the two ends are in different years. */
export function rangeText(span: Span): string {
  const short = (d: DateTime, year: boolean) =>
    d.toLocaleString(
      year
        ? { day: 'numeric', month: 'short', year: 'numeric' }
        : { day: 'numeric', month: 'short' },
    );
  if (span.last === undefined) return short(span.first, true);
  const years = span.first.year !== span.last.year;
  if (span.first.hasSame(span.last, 'day')) return short(span.first, true);
  return `${short(span.first, years)} – ${short(span.last, years)}`;
}
