/**
 * The series part of event listings (docs/contract/extensions.md §E1 revised): the computed
 * occurrences a listing's filters select, in its order, merged with the stored events' page.
 * A computed occurrence shows its series' template, so every filter but the dates and `include`
 * is decided once per series; the dates then per occurrence. Calendars without a running series
 * pay one indexed EXISTS.
 */
import { distanceKm } from '../../../shared/geo.js';
import { eventSearchWords } from '../../../shared/search.js';
import { isOccurrenceId } from '../../../shared/recurrence/occurrence-id.js';
import { wallDelta } from '../../../shared/recurrence/expand.js';
import { formatUtc } from '../../../shared/time.js';
import type { Bounds, Timeline } from '../../../shared/recurrence/timeline.js';
import { TooManyOccurrences, type Budget } from '../series/occurrences.js';
import type { SeriesService } from '../series/service.js';
import type { Snapshot } from '../series/snapshot.js';
import type { SeriesRow, VenueGeo } from '../../storage/series.js';
import { templateOf } from '../series/rule.js';
import type { EventQuery, Visibility } from '../../storage/listing.js';
import type { EventRow } from '../../storage/events.js';

const FIRST = '1000-01-01 00:00:00';
const LAST = '9999-12-31 23:59:59';
const DAY_MS = 86_400_000;

const shift = (utc: string, ms: number): string =>
  formatUtc(new Date(Date.parse(`${utc.replace(' ', 'T')}Z`) + ms));

/** SQLite's NOCASE: ASCII letters folded, nothing else. */
const nocase = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The listing's ORDER BY as a comparison of rows (the storage's, storage/listing.ts). */
export function rowOrder(q: EventQuery): (a: EventRow, b: EventRow) => number {
  const byId = (a: EventRow, b: EventRow) => a.id - b.id;
  if (q.order) {
    const key: (row: EventRow) => string = {
      start_date: (row: EventRow) => row.start_utc,
      end_date: (row: EventRow) => row.end_utc,
      title: (row: EventRow) => nocase(row.title),
      date: (row: EventRow) => row.date_utc,
      modified: (row: EventRow) => row.modified_utc,
    }[q.order.by];
    const sign = q.order.dir === 'asc' ? 1 : -1;
    return (a, b) => sign * (compareText(key(a), key(b)) || byId(a, b));
  }
  if (q.include !== undefined) {
    return (a, b) => compareText(a.date_utc, b.date_utc) || byId(a, b);
  }
  return (a, b) => compareText(a.start_utc, b.start_utc) || byId(a, b);
}

function visible(v: Visibility, author: number | null, status: string): boolean {
  if (v.kind === 'all') return (v.statuses as string[]).includes(status);
  if (v.publish && status === 'publish') return true;
  return author === v.author && (v.own as string[]).includes(status);
}

const folded = (text: string): string[] =>
  eventSearchWords(text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());

/** Every word, the last as the start of a word, as the full-text query reads them (ftsQuery). */
function hasWords(values: Snapshot['values'], words: string[]): boolean {
  const tokens = new Set(folded(`${values.title} ${values.description} ${values.excerpt}`));
  return words.every((word, i) => {
    const w = folded(word).join('');
    if (i < words.length - 1) return tokens.has(w);
    for (const token of tokens) if (token.startsWith(w)) return true;
    return false;
  });
}

const meets = (ids: number[] | undefined, wanted: number[] | undefined): boolean =>
  wanted === undefined || (ids ?? []).some((id) => wanted.includes(id));

/** The date filters of a query on one row, as the storage's listings apply them. */
function inDates(q: EventQuery, row: EventRow): boolean {
  return (
    (q.startMin === undefined || row.start_utc >= q.startMin) &&
    (q.endMax === undefined || row.end_utc <= q.endMax) &&
    (q.startsBefore === undefined || row.start_utc < q.startsBefore) &&
    (q.startsAfter === undefined || row.start_utc > q.startsAfter) &&
    (q.endsBefore === undefined || row.end_utc < q.endsBefore) &&
    (q.endsAfter === undefined || row.end_utc > q.endsAfter)
  );
}

/** The starts an occurrence must have to pass the date filters, a day wider than needed. */
function startRange(q: EventQuery, series: SeriesRow): [string, string] {
  const longest = Math.max(0, wallDelta(series.start_local, series.end_local)) + DAY_MS;
  const lowers = [q.startMin, q.startsAfter, q.endsAfter && shift(q.endsAfter, -longest)];
  const uppers = [q.endMax, q.startsBefore, q.endsBefore];
  const from = lowers.reduce<string>((max, v) => (v !== undefined && v > max ? v : max), FIRST);
  const to = uppers.reduce<string>((min, v) => (v !== undefined && v < min ? v : min), LAST);
  // The window is half-open: one second more keeps an upper bound itself (end ≤ endMax).
  return [from, to < LAST ? shift(to, 1000) : LAST];
}

export function createSeriesListing(series: SeriesService) {
  const { reads, occurrences } = series;

  /** The coordinates of the venues of these series' templates, when the query filters by them. */
  async function geoOf(q: EventQuery, rows: SeriesRow[]): Promise<Map<number, VenueGeo>> {
    if (q.geo === undefined) return new Map();
    const ids = rows.flatMap((row) => templateOf(row).values.venue_id ?? []);
    return ids.length === 0 ? new Map() : reads.venueGeo([...new Set(ids)]);
  }

  /**
   * Whether a series' template passes every filter that does not depend on the date. `geo`:
   * its venue's coordinates (geoOf).
   */
  function templateMatches(
    q: EventQuery,
    row: SeriesRow,
    words: string[] | undefined,
    geo: ReadonlyMap<number, VenueGeo>,
  ): boolean {
    const t = templateOf(row);
    const v = t.values;
    if (q.parent !== undefined && q.parent !== row.id) return false;
    if (v.hide_from_listings === 1) return false;
    if (q.featured !== undefined && v.featured !== (q.featured ? 1 : 0)) return false;
    if (q.venues !== undefined && (v.venue_id === null || !q.venues.includes(v.venue_id))) {
      return false;
    }
    if (!meets(t.organizers, q.organizers)) return false;
    if (!meets(t.categories, q.categories) || !meets(t.tags, q.tags)) return false;
    if (words !== undefined && !hasWords(v, words)) return false;
    if (q.geo !== undefined) {
      const venue = v.venue_id === null ? undefined : geo.get(v.venue_id);
      const known = venue !== undefined && venue.lat !== null && venue.lng !== null;
      if (q.geo.kind === 'has') return known === q.geo.value;
      if (!known || distanceKm(venue.lat!, venue.lng!, q.geo.lat, q.geo.lng) > q.geo.radiusKm) {
        return false;
      }
    }
    return true;
  }

  /** The status a computed occurrence of this template shows (scheduled ones may be due). */
  const rowVisible = (q: EventQuery, row: EventRow) =>
    visible(q.visibility, row.author, row.status);

  /**
   * The computed occurrences the query selects, in its order. `words`: the search's words
   * (undefined without a search). Throws TooManyOccurrences past the request's budget.
   */
  async function matching(
    q: EventQuery,
    words: string[] | undefined,
    budget: Budget,
  ): Promise<EventRow[]> {
    const order = rowOrder(q);
    if (q.include !== undefined) {
      const rows: EventRow[] = [];
      for (const id of q.include.filter(isOccurrenceId)) {
        const found = await occurrences.byId(id);
        if (found === undefined) continue;
        const owner = await reads.get(found.row.series_id!);
        if (
          owner !== undefined &&
          templateMatches(q, owner, words, await geoOf(q, [owner])) &&
          rowVisible(q, found.row) &&
          inDates(q, found.row)
        ) {
          rows.push(found.row);
        }
      }
      return rows.sort(order);
    }
    // Counted by the series' timelines before anything is made.
    const chosen = await lines(q, words, budget);
    const selected = chosen.reduce((sum, line) => sum + line.timeline.size, 0);
    if (selected > budget.left) throw new TooManyOccurrences();
    budget.left -= selected;
    return rowsBetween(chosen, msOf(FIRST), msOf(LAST) + 1000).sort(order);
  }

  /**
   * One representative stored event per series that has computed occurrences the query selects
   * and no stored one among `ids` (the feeds show a series as its rule: one VEVENT).
   */
  async function representatives(q: EventQuery, ids: ReadonlySet<number>): Promise<number[]> {
    if (!(await reads.anyRunning())) return [];
    const out: number[] = [];
    const lower = q.startMin ?? q.startsAfter ?? FIRST;
    const running = await reads.running(lower);
    const geo = await geoOf(q, running);
    for (const row of running) {
      if (ids.has(row.id) || !templateMatches(q, row, undefined, geo)) continue;
      const [from, to] = startRange(q, row);
      if (await occurrences.anyIn(row, from, to, (r) => rowVisible(q, r) && inDates(q, r))) {
        out.push(row.id);
      }
    }
    return out;
  }

  /**
   * The series whose computed occurrences the query may select (start order, no `include`),
   * each as a timeline of the occurrences that pass its date filters: counted, not built.
   */
  async function lines(
    q: EventQuery,
    words: string[] | undefined,
    budget: Budget,
  ): Promise<Line[]> {
    if (!(await reads.anyRunning())) return [];
    const lower = q.startMin ?? q.startsAfter ?? FIRST;
    const running = await reads.running(lower);
    const geo = await geoOf(q, running);
    const chosen = running.filter((row) => templateMatches(q, row, words, geo));
    const taken = await reads.storedOriginals(chosen.map((row) => row.id));
    const out: Line[] = [];
    for (const row of chosen) {
      const template = templateOf(row);
      // Every computed occurrence of a series shows its template's status and author.
      const sample = occurrences.rowOf(row, template, occurrences.at(row, row.start_local));
      if (!rowVisible(q, sample)) continue;
      const [from, to] = startRange(q, row);
      const timeline = occurrences.timelineOf(
        row,
        taken.get(row.id)!,
        boundsOf(q, from, to),
        budget,
      );
      if (timeline.size > 0) out.push({ series: row, template, timeline });
    }
    return out;
  }

  /** The computed rows of these series starting in [from, to) (UTC ms), in listing order. */
  function rowsBetween(chosen: Line[], from: number, to: number): EventRow[] {
    return chosen.flatMap((line) =>
      occurrences.rowsOf(line.series, line.template, line.timeline.between(from, to)),
    );
  }

  return { matching, representatives, lines, rowsBetween };
}

/** A series whose computed occurrences a listing selects, counted by its timeline. */
export interface Line {
  series: SeriesRow;
  template: Snapshot;
  timeline: Timeline;
}

const msOf = (utc: string): number => Date.parse(`${utc.replace(' ', 'T')}Z`);

/** The query's date filters as tests on an occurrence's instants (the storage's). */
function boundsOf(q: EventQuery, from: string, to: string): Bounds {
  const at = (value: string | undefined) => (value === undefined ? undefined : msOf(value));
  const startMin = at(q.startMin);
  const startsAfter = at(q.startsAfter);
  const endsAfter = at(q.endsAfter);
  const endMax = at(q.endMax);
  const startsBefore = at(q.startsBefore);
  const endsBefore = at(q.endsBefore);
  return {
    lower: (o) =>
      (startMin === undefined || o.startUtc >= startMin) &&
      (startsAfter === undefined || o.startUtc > startsAfter) &&
      (endsAfter === undefined || o.endUtc > endsAfter),
    upper: (o) =>
      (endMax === undefined || o.endUtc <= endMax) &&
      (startsBefore === undefined || o.startUtc < startsBefore) &&
      (endsBefore === undefined || o.endUtc < endsBefore),
    fromUtc: msOf(from),
    toUtc: msOf(to),
  };
}

/** The stored side of a listing in start order, as the page search needs it. */
export interface StoredSide {
  total: number;
  /** Stored rows the listing selects starting before `utc`. */
  before(utc: string): Promise<number>;
  /** The first `limit` stored rows it selects starting in [from, to), in listing order. */
  rows(from: string, to: string | undefined, limit: number): Promise<EventRow[]>;
}

/**
 * The page at `offset` of a listing in start order that merges stored rows with the computed
 * occurrences of `chosen`, making only the rows near the page: the day the page starts on is
 * found by bisection on the count of rows starting before a day (each series counts by its
 * timeline, the stored rows by one count), and the page's rows are read from there.
 */
export async function pageByStart(
  chosen: Line[],
  stored: StoredSide,
  window: { from: string; to: string },
  page: { offset: number; limit: number },
  order: (a: EventRow, b: EventRow) => number,
  rowsBetween: (from: number, to: number) => EventRow[],
): Promise<EventRow[]> {
  const { offset, limit } = page;
  const computed = chosen.reduce((sum, line) => sum + line.timeline.size, 0);
  const total = computed + stored.total;
  if (offset >= total) return [];
  const before = async (day: number): Promise<number> => {
    const ms = day * DAY_MS;
    let n = await stored.before(formatUtc(new Date(ms)));
    for (const line of chosen) n += line.timeline.countBefore(ms);
    return n;
  };
  // Every selected row starts on a day in [lo, hi).
  let lo = Math.floor(msOf(window.from) / DAY_MS);
  const hi = Math.floor(msOf(window.to) / DAY_MS) + 1;
  // The latest day with at most `offset` rows before it.
  for (let top = hi; top - lo > 1;) {
    const mid = lo + Math.floor((top - lo) / 2);
    if ((await before(mid)) <= offset) lo = mid;
    else top = mid;
  }
  const first = lo;
  const skipped = await before(first);
  // The first day with the page's last row before it, galloping from the first, then bisecting,
  // so that only the rows of the days the page spans are made.
  const wanted = Math.min(total, offset + limit);
  let below = first;
  let end = first + 1;
  for (let step = 1; end < hi && (await before(end)) < wanted;) {
    below = end;
    step *= 2;
    end = Math.min(hi, first + step);
  }
  while (end - below > 1) {
    const mid = below + Math.floor((end - below) / 2);
    if ((await before(mid)) < wanted) below = mid;
    else end = mid;
  }
  const from = formatUtc(new Date(first * DAY_MS));
  // The window's last day may end in year 10000, which no stored start reaches.
  const to = end * DAY_MS > msOf(window.to) ? undefined : formatUtc(new Date(end * DAY_MS));
  const rows = [
    ...(await stored.rows(from, to, wanted - skipped)),
    ...rowsBetween(first * DAY_MS, end * DAY_MS),
  ];
  return rows.sort(order).slice(offset - skipped, offset - skipped + limit);
}

export type SeriesListing = ReturnType<typeof createSeriesListing>;
