/**
 * The events' listings as the events service offers them: the stored side read through the
 * listing port as readers see it (a due scheduled event is published, scheduled-query.ts; its
 * totals remembered under the content version, listing-totals.ts), merged with the series'
 * computed occurrences (listing-series.ts), planned and paged by listing.ts, and presented as
 * wire objects or as their remembered JSON texts (presented.ts).
 */
import type { Actor } from '../../../shared/roles.js';
import type { EventListInput } from '../../../shared/schemas/event.js';
import type { EventWire } from '../../../shared/schemas/wire/index.js';
import type { Problems } from '../../errors.js';
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../core.js';
import type { EventQuery } from '../../storage/listing.js';
import type { SeriesService } from '../series/service.js';
import type { EventEmbedder } from './embed.js';
import { createEventListing, type ListingPlan, type PresentRows } from './listing.js';
import { createSeriesListing } from './listing-series.js';
import { rememberedTotals } from './listing-totals.js';
import type { PresentedEvents } from './presented.js';
import { scheduledQueries } from './scheduled-query.js';
import type { Schedule } from './scheduled.js';
import type { EventDeps } from './service.js';

export function createEventListings(
  core: CoreServices,
  ports: EventDeps,
  series: SeriesService,
  schedule: Schedule,
  embedder: EventEmbedder,
  presented: PresentedEvents,
) {
  const stored = core.storage.read.listing;
  const totals = rememberedTotals(() => core.storage.contentVersion(), stored.count);
  // Outermost, so that what is remembered is keyed by the query as read (its `dueBy`).
  const query = scheduledQueries({ ...stored, count: totals }, schedule);
  const seriesListing = createSeriesListing(series);
  const listing = createEventListing(query, ports, core, seriesListing);
  const wires: PresentRows<EventWire> = (rows, actor, links) =>
    embedder.many(rows, links, { jsonLd: false, reader: actor });
  const texts: PresentRows<string> = (rows, actor, links) =>
    presented.texts(rows, links, { jsonLd: false, reader: actor });

  /** A listing request resolved now: see `listPage`. */
  const planList = (input: EventListInput): ListingPlan => listing.plan(input);

  return {
    /** The events a search's words find, for `EventQuery.search` (at most a fixed number). */
    searchCandidates: async (words: string[]): Promise<number[]> => query.searchCandidates(words),
    /**
     * Every listed stored event matching the query, in listing order, without a limit, then the
     * first event of each series whose computed occurrences it selects: feeds show a series as
     * its rule.
     */
    async allIds(q: EventQuery): Promise<number[]> {
      const ids = await query.allIds(q);
      return [...ids, ...(await seriesListing.representatives(q, new Set(ids)))];
    },

    listProblems: async (input: EventListInput, actor: Actor | null): Promise<Problems> =>
      listing.problems(input, actor),
    planList,
    /** A listing page with each event as JSON text (events/presented.ts). */
    listPage: async (plan: ListingPlan, actor: Actor | null, links: Links) =>
      listing.page(plan, actor, links, texts),
    list: async (input: EventListInput, actor: Actor | null, links: Links) =>
      listing.page(planList(input), actor, links, wires),

    /** Every event the listing's filters select, presented a batch at a time (CSV export). */
    async *everyListed(input: EventListInput, actor: Actor | null, links: Links, batch = 1000) {
      for await (const rows of listing.allRows(input, actor, batch)) {
        yield await embedder.many(rows, links, { jsonLd: false, reader: actor });
      }
    },
  };
}
