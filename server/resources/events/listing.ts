/**
 * `GET /events` (docs/contract/compat-notes.md §2, §3; docs/contract/decisions.md 2, 3, 15): parameters become a query, the
 * page is presented with its links, and `rest_url`/`next_rest_url`/`previous_rest_url` carry
 * every parameter in effect, dates as resolved, so following them pages one result set once.
 */
import { DateTime } from 'luxon';
import { canEditOthers, canEditPosts, type Actor, type PostStatus } from '../../../shared/roles.js';
import { formatWall, parseDateInput } from '../../../shared/dates.js';
import { formatInZone, formatUtc } from '../../../shared/time.js';
import { eventSearchWords, MIN_EVENT_SEARCH_WORD } from '../../../shared/search.js';
import { DEFAULT_GEOLOC_RADIUS_KM, type EventListInput } from '../../../shared/schemas/event.js';
import { MAX_PER_PAGE } from '../../../shared/schemas/fields.js';
import type { EventArchiveWire } from '../../../shared/schemas/wire/events.js';
import { invalidInput, NotFound, type Problems } from '../../errors.js';
import { RECURRENCE_LIMITS } from '../../../shared/recurrence/limits.js';
import { newBudget, TooManyOccurrences } from '../series/occurrences.js';
import { mergePage } from '../../storage/merge-page.js';
import { pageByStart, rowOrder, type SeriesListing, type StoredSide } from './listing-series.js';
import type { Links, QueryValue } from '../../http/links.js';
import type { CoreServices } from '../../core.js';
import {
  countsFirst,
  type EventQuery,
  type GeoFilter,
  type Visibility,
} from '../../storage/listing.js';
import type { ListingQueries } from './scheduled-query.js';
import type { EventRow } from '../../storage/events.js';
import { eventOrder } from './listing-order.js';
import type { EventDeps } from './service.js';

/** Every instant a listing can select lies between these. */
const FIRST = '1000-01-01 00:00:00';
const LAST = '9999-12-31 23:59:59';

const ALL_BUT_TRASH: PostStatus[] = ['publish', 'future', 'draft', 'pending', 'private'];
type DateParam =
  'start_date' | 'end_date' | 'starts_before' | 'starts_after' | 'ends_before' | 'ends_after';
const RELATIVE: DateParam[] = ['starts_before', 'starts_after', 'ends_before', 'ends_after'];
const ALL_DATES: DateParam[] = ['start_date', 'end_date', ...RELATIVE];

/** UTC bounds of the date filters, and how the links echo them. */
interface ListingDates {
  bounds: Partial<Record<DateParam, string>>;
  echo: Partial<Record<DateParam, string>>;
  strict: boolean;
}

/** A listing request resolved now: its input, page size and date window. */
export interface ListingPlan {
  input: EventListInput;
  perPage: number;
  dates: ListingDates;
}

/**
 * WordPress search: every word must appear. Words are those the full-text index holds (runs of
 * letters and digits), so no input can reach an engine's query syntax; words too short to index
 * are dropped. Every word is a whole word except the last, which may be the start of one (`jazz
 * conf` finds "jazz conference"; storage/listing.ts).
 */
export const searchWords = (search: string): string[] =>
  eventSearchWords(search).filter((word) => [...word].length >= MIN_EVENT_SEARCH_WORD);

/** A search's words, or undefined without a search; none: the search matches nothing. */
const wordsOf = (input: EventListInput): string[] | undefined =>
  input.search === undefined ? undefined : searchWords(input.search);

/** Which events a listing shows this actor: published ones, and what the actor may read. */
export function visibility(actor: Actor | null, statuses: PostStatus[] | undefined): Visibility {
  if (!canEditPosts(actor)) return { kind: 'all', statuses: ['publish'] };
  const wanted = statuses ?? ALL_BUT_TRASH;
  if (canEditOthers(actor)) return { kind: 'all', statuses: wanted };
  // Contributors and authors see everyone's published events and only their own others
  // (docs/contract/decisions.md 15).
  return {
    kind: 'own',
    publish: wanted.includes('publish'),
    own: wanted.filter((status) => status !== 'publish'),
    author: actor!.id,
  };
}

function geoFilter(input: EventListInput): GeoFilter | undefined {
  if (input.geoloc_lat !== undefined && input.geoloc_lng !== undefined) {
    const radiusKm = input.geoloc_radius ?? DEFAULT_GEOLOC_RADIUS_KM;
    const lat = input.geoloc_lat;
    const lng = input.geoloc_lng;
    // One degree of latitude is ~111.2 km; 1% of slack keeps the box a superset of the circle.
    const dLat = (radiusKm / 111.19) * 1.01;
    const box: GeoFilter = {
      kind: 'near',
      lat,
      lng,
      radiusKm,
      minLat: lat - dLat,
      maxLat: lat + dLat,
    };
    const cos = Math.cos(((Math.abs(lat) + dLat) * Math.PI) / 180);
    if (box.maxLat < 90 && box.minLat > -90 && cos > 0) {
      const dLng = dLat / cos;
      if (lng - dLng > -180 && lng + dLng < 180) {
        box.minLng = lng - dLng;
        box.maxLng = lng + dLng;
      }
    }
    return box;
  }
  if (input.geoloc !== undefined) return { kind: 'has', value: input.geoloc };
  return undefined;
}

/** Presents a page's rows: as wire objects, or as their JSON text (events/presented.ts). */
export type PresentRows<T> = (rows: EventRow[], actor: Actor | null, links: Links) => Promise<T[]>;

/** A listing page: its events, then the archive's links and totals, in the wire's key order. */
export type ListingPage<T> = { events: T[] } & Omit<EventArchiveWire, 'events'>;

export function createEventListing(
  query: ListingQueries,
  ports: EventDeps,
  core: CoreServices,
  series: SeriesListing,
) {
  /**
   * The computed occurrences of recurring events the query selects (listing-series.ts), within
   * what one request may compute: a window holding more is a 400, never a shorter answer.
   */
  function computedRows(q: EventQuery, input: EventListInput, limit: number): Promise<EventRow[]> {
    return withinBudget(limit, () => series.matching(q, wordsOf(input), newBudget(limit)));
  }

  /** A window whose series would need more work than one request may do is a 400. */
  async function withinBudget<T>(limit: number, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof TooManyOccurrences)) throw error;
      throw invalidInput(
        'end_date',
        'The recurring events in this window need more work than one request may do (more than ' +
          `${limit} occurrences, or rules that are slow to expand): ask for a shorter window ` +
          '(end_date, starts_before or ends_before).',
      );
    }
  }

  /**
   * A page in start order that merges computed occurrences (listing-series.ts, pageByStart): the
   * total is counted and only the page's rows are made. Undefined when no series is selected.
   */
  async function pageWithSeries(
    base: EventQuery,
    input: EventListInput,
    offset: number,
    perPage: number,
  ): Promise<{ rows: EventRow[]; total: number } | undefined> {
    const chosen = await withinBudget(RECURRENCE_LIMITS.occurrencesPerRequest, () =>
      series.lines(base, wordsOf(input), newBudget()),
    );
    if (chosen.length === 0) return undefined;
    const q = await withCandidates(base, wordsOf(input));
    const storedTotal = await query.count(q);
    const narrowed = (from: string, to?: string): EventQuery => ({
      ...q,
      startMin: q.startMin === undefined || from > q.startMin ? from : q.startMin,
      startsBefore:
        to === undefined || (q.startsBefore !== undefined && q.startsBefore < to)
          ? q.startsBefore
          : to,
    });
    const stored: StoredSide = {
      total: storedTotal,
      before: async (utc) =>
        storedTotal === 0 || (q.startMin !== undefined && utc <= q.startMin)
          ? 0
          : storedTotal - (await query.count(narrowed(utc))),
      rows: async (from, to, limit) =>
        limit <= 0 || storedTotal === 0 ? [] : query.page(narrowed(from, to), limit, 0),
    };
    const window = {
      from: [q.startMin, q.startsAfter].reduce<string>((a, v) => (v && v > a ? v : a), FIRST),
      to: [q.startsBefore, q.endMax, q.endsBefore].reduce<string>(
        (a, v) => (v && v < a ? v : a),
        LAST,
      ),
    };
    const rows = await pageByStart(
      chosen,
      stored,
      window,
      { offset, limit: perPage },
      rowOrder(q),
      (a, b) => series.rowsBetween(chosen, a, b),
    );
    const computed = chosen.reduce((sum, line) => sum + line.timeline.size, 0);
    return { rows, total: storedTotal + computed };
  }

  /** Database-dependent 400s, all reported together. */
  async function problems(input: EventListInput, actor: Actor | null): Promise<Problems> {
    const out: Problems = {};
    if (input.status && !canEditPosts(actor)) {
      if (input.status.length !== 1 || input.status[0] !== 'publish') {
        out.status = 'status can only be publish for users who cannot edit events.';
      }
    }
    for (const taxonomy of ['categories', 'tags'] as const) {
      const values = input[taxonomy];
      if (!values) continue;
      const { unknown } = ports.terms.findRefs(
        taxonomy === 'categories' ? 'category' : 'tag',
        values,
      );
      if (unknown.length > 0) out[taxonomy] = `${taxonomy} not found: ${unknown.join(', ')}.`;
    }
    for (const [name, kind] of [
      ['venue', 'venue'],
      ['organizer', 'organizer'],
    ] as const) {
      const ids = input[name] ?? [];
      const kinds = await Promise.all(ids.map((id) => core.storage.read.events.kind(id)));
      const wrong = ids.filter((_id, i) => kinds[i] !== kind);
      if (wrong.length > 0) out[name] = `${name} ${wrong.join(', ')}: not an existing ${kind}.`;
    }
    if (
      input.post_parent !== undefined &&
      (await core.storage.read.events.kind(input.post_parent)) !== 'event'
    ) {
      out.post_parent = `post_parent ${input.post_parent} is not an existing event.`;
    }
    if ((input.geoloc_lat === undefined) !== (input.geoloc_lng === undefined)) {
      const absent = input.geoloc_lat === undefined ? 'geoloc_lat' : 'geoloc_lng';
      out[absent] = 'geoloc_lat and geoloc_lng must be given together.';
    }
    if (input.ticketed === true) {
      out.ticketed =
        'This calendar has no ticketing, so no event is ticketed: use ticketed=false or leave it out.';
    }
    return out;
  }

  /** The default window is the same all day: remembered per site zone and day (UTC and local). */
  let defaultWindow: { key: string; value: ListingDates } | undefined;

  function dates(input: EventListInput): ListingDates {
    if (input.include !== undefined || ALL_DATES.some((name) => input[name] !== undefined)) {
      return computeDates(input);
    }
    const siteZone = core.settings.get().timezone;
    const now = core.clock.now();
    const key = [
      siteZone,
      input.strict_dates === true,
      formatUtc(now).slice(0, 10),
      formatInZone(now, siteZone).slice(0, 10),
    ].join('|');
    if (defaultWindow?.key !== key) defaultWindow = { key, value: computeDates(input) };
    return defaultWindow.value;
  }

  function computeDates(input: EventListInput): ListingDates {
    const siteZone = core.settings.get().timezone;
    const now = core.clock.now();
    const strict = input.strict_dates === true;
    const bounds: Partial<Record<DateParam, string>> = {};
    const echo: Partial<Record<DateParam, string>> = {};
    if (input.include !== undefined) return { bounds, echo, strict };

    const set = (name: DateParam, value: DateTime) => {
      bounds[name] = formatWall(value.toUTC());
      // Strict values are read as UTC when naive, inclusive ones as site days: echo in kind.
      echo[name] = strict ? formatWall(value.toUTC()) : formatWall(value.setZone(siteZone));
    };
    for (const name of ['start_date', 'end_date', ...RELATIVE] as DateParam[]) {
      const raw = input[name];
      if (raw === undefined) continue;
      const parsed = parseDateInput(raw, strict ? 'UTC' : siteZone, now)!;
      if (strict) set(name, parsed);
      else if (name === 'start_date') set(name, parsed.startOf('day'));
      else set(name, parsed.set({ hour: 23, minute: 59, second: 59, millisecond: 0 }));
    }
    // Relative filters replace the default window (docs/contract/compat-notes.md §3.2).
    if (!RELATIVE.some((name) => input[name] !== undefined)) {
      if (input.start_date === undefined) {
        const yesterday = DateTime.fromJSDate(now, { zone: 'UTC' })
          .minus({ days: 1 })
          .set({ hour: 23, minute: 59, second: 0, millisecond: 0 });
        set('start_date', yesterday.setZone(siteZone).startOf('day'));
      }
      if (input.end_date === undefined) {
        const end = DateTime.fromJSDate(now, { zone: siteZone }).plus({ months: 24 });
        set('end_date', end.set({ hour: 23, minute: 59, second: 59, millisecond: 0 }));
      }
    }
    return { bounds, echo, strict };
  }

  function resolveTerms(taxonomy: 'category' | 'tag', values: (string | number)[] | undefined) {
    return values === undefined ? undefined : ports.terms.findRefs(taxonomy, values).ids;
  }

  /**
   * What a listing request means now: the page size and the date window, resolved. Together with the input, the actor and the links it
   * decides the page, so the route may remember pages by it.
   */
  function plan(input: EventListInput): ListingPlan {
    const perPage = Math.min(input.per_page ?? core.settings.get().per_page, MAX_PER_PAGE);
    return { input, perPage, dates: dates(input) };
  }

  /** The listing's query, a search's candidates aside (`withCandidates`). */
  function queryOf(
    input: EventListInput,
    actor: Actor | null,
    bounds: ReturnType<typeof dates>['bounds'],
  ): EventQuery {
    const words = wordsOf(input);
    return {
      visibility: visibility(actor, input.status),
      startMin: bounds.start_date,
      endMax: bounds.end_date,
      startsBefore: bounds.starts_before,
      startsAfter: bounds.starts_after,
      endsBefore: bounds.ends_before,
      endsAfter: bounds.ends_after,
      categories: resolveTerms('category', input.categories),
      tags: resolveTerms('tag', input.tags),
      venues: input.venue,
      organizers: input.organizer,
      // A search without a single word matches nothing.
      include: words?.length === 0 ? [] : input.include,
      parent: input.post_parent,
      featured: input.featured,
      geo: geoFilter(input),
      order: eventOrder(input),
    };
  }

  /** The query with the events its search words found (searchCandidates), if it searches. */
  async function withCandidates(q: EventQuery, words: string[] | undefined): Promise<EventQuery> {
    return words === undefined || words.length === 0
      ? q
      : { ...q, search: await query.searchCandidates(words) };
  }

  /**
   * Every event the listing's filters select for `actor`, in listing order, a batch of rows at a
   * time (the CSV export): the whole result, not one page.
   */
  async function* allRows(input: EventListInput, actor: Actor | null, batch: number) {
    const q = await withCandidates(queryOf(input, actor, dates(input).bounds), wordsOf(input));
    const computed = await computedRows(q, input, RECURRENCE_LIMITS.occurrencesPerRequest);
    const order = rowOrder(q);
    let j = 0;
    for (let offset = 0; ; offset += batch) {
      const rows = await query.page(q, batch, offset);
      const last = rows.length < batch ? undefined : rows[rows.length - 1];
      // The computed rows before the next batch's first stored row belong with this batch.
      const merged: EventRow[] = [];
      let i = 0;
      while (
        i < rows.length ||
        (j < computed.length && (last === undefined || order(computed[j]!, last) < 0))
      ) {
        if (j < computed.length && (i >= rows.length || order(computed[j]!, rows[i]!) < 0)) {
          merged.push(computed[j++]!);
        } else merged.push(rows[i++]!);
      }
      if (merged.length > 0) yield merged;
      if (last === undefined) return;
    }
  }

  async function page<T>(
    listing: ListingPlan,
    actor: Actor | null,
    links: Links,
    present: PresentRows<T>,
  ): Promise<ListingPage<T>> {
    const { input, perPage } = listing;
    const { bounds, echo, strict } = listing.dates;
    const offset = (input.page - 1) * perPage;
    const words = wordsOf(input);
    // A search of published events by dates may be answered from an index of listed events.
    const base = queryOf(input, actor, bounds);
    const inStartOrder = base.order === undefined && base.include === undefined;
    const withSeries = inStartOrder
      ? await pageWithSeries(base, input, offset, perPage)
      : undefined;
    const computed = inStartOrder
      ? []
      : await computedRows(base, input, RECURRENCE_LIMITS.occurrencesPerListing);
    const merged = computed.length > 0;
    const searched =
      words === undefined || words.length === 0 || merged || withSeries !== undefined
        ? undefined
        : await query.searchPage(base, words, perPage, offset);
    const q = searched ? base : await withCandidates(base, words);
    // A broad filter's total is needed anyway; knowing it first picks the faster page plan.
    let known =
      withSeries === undefined
        ? (searched?.total ?? (countsFirst(q) || merged ? await query.count(q) : undefined))
        : undefined;
    let rows: EventRow[];
    if (withSeries !== undefined) {
      rows = withSeries.rows;
      known = withSeries.total;
    } else if (merged) {
      // The stored rows that can share the page with computed ones start at most
      // computed.length rows before it (listing-series.ts, mergePage).
      const from = Math.max(0, offset - computed.length);
      const stored = known === 0 ? [] : await query.page(q, offset + perPage - from, from, known);
      rows = mergePage(stored, from, computed, offset, perPage, rowOrder(q));
      known = known! + computed.length;
    } else {
      rows = searched?.rows ?? (known === 0 ? [] : await query.page(q, perPage, offset, known));
    }
    if (rows.length === 0 && input.page > 1) {
      throw new NotFound(
        'event-archive-page-not-found',
        'The requested event archive page does not exist',
      );
    }
    const total =
      known ??
      (rows.length < perPage && (rows.length > 0 || offset === 0)
        ? offset + rows.length
        : await query.count(q));
    const totalPages = Math.ceil(total / perPage);

    const csv = (values: ReadonlyArray<string | number> | undefined) => values?.join(',');
    const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
    const geo = q.geo?.kind === 'near';
    const args = (page: number | undefined): [string, QueryValue][] => [
      ['page', page],
      ['per_page', perPage],
      ['start_date', echo.start_date],
      ['end_date', echo.end_date],
      ['search', input.search],
      // Whoever cannot edit events sees only published ones, and the link says so, for a
      // subscriber as for an anonymous visitor (docs/contract/compat-notes.md §2.2).
      ['status', input.status ? csv(input.status) : canEditPosts(actor) ? undefined : 'publish'],
      ['post_parent', input.post_parent],
      ['include', csv(input.include)],
      ['starts_before', echo.starts_before],
      ['starts_after', echo.starts_after],
      ['ends_before', echo.ends_before],
      ['ends_after', echo.ends_after],
      ['ticketed', flag(input.ticketed)],
      ['venue', csv(input.venue)],
      ['organizer', csv(input.organizer)],
      ['featured', flag(input.featured)],
      ['categories', csv(input.categories)],
      ['tags', csv(input.tags)],
      ['strict_dates', strict ? 'true' : undefined],
      ['geoloc', geo ? undefined : flag(input.geoloc)],
      ['geoloc_lat', geo ? input.geoloc_lat : undefined],
      ['geoloc_lng', geo ? input.geoloc_lng : undefined],
      ['geoloc_radius', geo ? (input.geoloc_radius ?? DEFAULT_GEOLOC_RADIUS_KM) : undefined],
      ['orderby', input.orderby],
      ['order', input.order],
    ];
    const url = (page: number | undefined) => links.rest('events/', args(page));

    const next = input.page < totalPages ? url(input.page + 1) : undefined;
    const previous =
      input.page > 1 ? url(input.page === 2 ? undefined : input.page - 1) : undefined;
    return {
      events: await present(rows, actor, links),
      rest_url: url(input.page),
      ...(next === undefined ? {} : { next_rest_url: next }),
      ...(previous === undefined ? {} : { previous_rest_url: previous }),
      total,
      total_pages: totalPages,
    };
  }

  return { problems, plan, page, allRows };
}
