/**
 * `GET /events` (docs/contract/compat-notes.md §2, §3; docs/contract/decisions.md 2, 3, 15): a
 * request's plan and database checks, and its page: the stored rows merged with the series'
 * computed occurrences (listing-series.ts), counted and presented. The date window is
 * listing-dates.ts's, the query listing-query.ts's, the archive's links listing-links.ts's.
 */
import { canEditPosts, type Actor } from '../../../shared/roles.js';
import type { EventListInput } from '../../../shared/schemas/event.js';
import { MAX_PER_PAGE } from '../../../shared/schemas/fields.js';
import type { EventArchiveWire } from '../../../shared/schemas/wire/events.js';
import { invalidInput, NotFound, type Problems } from '../../errors.js';
import { RECURRENCE_LIMITS } from '../../../shared/recurrence/limits.js';
import { newBudget, TooManyOccurrences } from '../series/occurrences.js';
import { mergePage } from '../../storage/merge-page.js';
import { pageByStart, rowOrder, type SeriesListing, type StoredSide } from './listing-series.js';
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../core.js';
import { countsFirst, type EventQuery } from '../../storage/listing.js';
import type { ListingQueries } from './scheduled-query.js';
import type { EventRow } from '../../storage/events.js';
import type { EventDeps } from './service.js';
import { listingDates, type ListingDates } from './listing-dates.js';
import { queryOf, wordsOf, type TermIds } from './listing-query.js';
import { archiveLinks } from './listing-links.js';

/** Every instant a listing can select lies between these. */
const FIRST = '1000-01-01 00:00:00';
const LAST = '9999-12-31 23:59:59';

/** A listing request resolved now: its input, page size and date window. */
export interface ListingPlan {
  input: EventListInput;
  perPage: number;
  dates: ListingDates;
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
      const { unknown } = await ports.terms.onPorts.findRefs(
        core.storage.read,
        taxonomy === 'categories' ? 'category' : 'tag',
        values,
      );
      if (unknown.length > 0) out[taxonomy] = `${taxonomy} not found: ${unknown.join(', ')}.`;
    }
    // The kinds of every id the filters name, in one read.
    const named = [...(input.venue ?? []), ...(input.organizer ?? [])];
    if (input.post_parent !== undefined) named.push(input.post_parent);
    const kinds = await core.storage.read.events.kinds(named);
    for (const [name, kind] of [
      ['venue', 'venue'],
      ['organizer', 'organizer'],
    ] as const) {
      const wrong = input[name]?.filter((id) => kinds.get(id) !== kind) ?? [];
      if (wrong.length > 0) out[name] = `${name} ${wrong.join(', ')}: not an existing ${kind}.`;
    }
    if (input.post_parent !== undefined && kinds.get(input.post_parent) !== 'event') {
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

  /**
   * What a listing request means now: the page size and the date window, resolved. Together with the input, the actor and the links it
   * decides the page, so the route may remember pages by it.
   */
  function plan(input: EventListInput): ListingPlan {
    const perPage = Math.min(input.per_page ?? core.settings.get().per_page, MAX_PER_PAGE);
    return { input, perPage, dates: datesOf(input) };
  }

  const dates = listingDates();
  /** The request's date window, in the site zone now. */
  const datesOf = (input: EventListInput): ListingDates =>
    dates(input, core.settings.get().timezone, core.clock.now());

  /** The term ids a filter names (the unknown ones are `problems`' 400). */
  const termIds: TermIds = async (taxonomy, values) =>
    (await ports.terms.onPorts.findRefs(core.storage.read, taxonomy, values)).ids;

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
    const { bounds } = datesOf(input);
    const q = await withCandidates(await queryOf(input, actor, bounds, termIds), wordsOf(input));
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
    const { bounds } = listing.dates;
    const offset = (input.page - 1) * perPage;
    const words = wordsOf(input);
    // A search of published events by dates may be answered from an index of listed events.
    const base = await queryOf(input, actor, bounds, termIds);
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

    return {
      events: await present(rows, actor, links),
      ...archiveLinks(input, perPage, listing.dates, q, actor, links, totalPages),
      total,
      total_pages: totalPages,
    };
  }

  return { problems, plan, page, allRows };
}
