/**
 * Which events a feed holds (docs/contract/extensions.md §E2): its query parameters resolved to
 * a listing query (terms, venues and organizers by id or slug, dates by whole days of the site,
 * search words), or the 400 naming every unknown filter value.
 */
import { DateTime } from 'luxon';
import { canReadPost, type Actor } from '../../../shared/roles.js';
import { parseDateInput, formatWall } from '../../../shared/dates.js';
import type { FeedQuery } from '../../../shared/schemas/feed.js';
import { InvalidInput } from '../../errors.js';
import type { CoreServices } from '../../core.js';
import type { EventQuery } from '../../storage/listing.js';
import { searchWords, visibility } from '../events/listing-query.js';
import type { EventsService } from '../events/service.js';
import type { OrganizersService } from '../organizers/service.js';
import type { TermsService } from '../terms/service.js';
import type { VenuesService } from '../venues/service.js';

export interface FeedDeps {
  events: EventsService;
  terms: TermsService;
  venues: VenuesService;
  organizers: OrganizersService;
}

/** Events ended longer ago than this are left out of a feed without dates. */
export const DEFAULT_PAST_DAYS = 90;

type Readable = { status: string; author: number | null };

/** Whether the actor may see this event, venue or organizer in a feed. */
export const mayRead = (actor: Actor | null, item: Readable) =>
  item.status !== 'trash' &&
  canReadPost(actor, { author: item.author ?? 0, status: item.status as 'publish' });

export function createFeedQuery(
  core: Pick<CoreServices, 'settings' | 'clock' | 'storage'>,
  deps: FeedDeps,
) {
  function siteZone(): string {
    return core.settings.get().timezone;
  }

  /** Venue or organizer references (ids or slugs) the actor may read, else a 400. */
  async function linkedRefs(
    kind: 'venue' | 'organizer',
    values: (string | number)[] | undefined,
    actor: Actor | null,
  ): Promise<{ ids?: number[]; names: string[]; unknown: string[] }> {
    if (values === undefined) return { names: [], unknown: [] };
    const service = kind === 'venue' ? deps.venues : deps.organizers;
    const ids: number[] = [];
    const names: string[] = [];
    const unknown: string[] = [];
    for (const value of values) {
      const text = String(value);
      const row = /^\d+$/.test(text)
        ? await service.find(Number(text))
        : await service.findBySlug(text);
      if (!row || !mayRead(actor, row)) unknown.push(text);
      else if (!ids.includes(row.id)) {
        ids.push(row.id);
        names.push(row.title);
      }
    }
    return { ids, names, unknown };
  }

  function dateBounds(input: FeedQuery): Pick<EventQuery, 'startMin' | 'endMax' | 'endsAfter'> {
    const zone = siteZone();
    const now = core.clock.now();
    if (input.start_date === undefined && input.end_date === undefined) {
      // By whole days of the site, so the feed (and its validator) stays the same all day.
      const from = DateTime.fromJSDate(now, { zone })
        .minus({ days: DEFAULT_PAST_DAYS })
        .startOf('day')
        .minus({ seconds: 1 });
      return { endsAfter: formatWall(from.toUTC()) };
    }
    const out: Pick<EventQuery, 'startMin' | 'endMax'> = {};
    if (input.start_date !== undefined) {
      const start = parseDateInput(input.start_date, zone, now)!;
      out.startMin = formatWall(start.startOf('day').toUTC());
    }
    if (input.end_date !== undefined) {
      const end = parseDateInput(input.end_date, zone, now)!;
      out.endMax = formatWall(
        end.set({ hour: 23, minute: 59, second: 59, millisecond: 0 }).toUTC(),
      );
    }
    return out;
  }

  /** The listing query of a feed, or the 400 naming every unknown filter value. */
  async function query(
    input: FeedQuery,
    actor: Actor | null,
  ): Promise<{ q: EventQuery; names: string[] }> {
    const problems: Record<string, string> = {};
    const names: string[] = [];
    const terms: Partial<Record<'categories' | 'tags', number[]>> = {};
    for (const [name, taxonomy] of [
      ['categories', 'category'],
      ['tags', 'tag'],
    ] as const) {
      const values = input[name];
      if (values === undefined) continue;
      const found = await deps.terms.onPorts.findRefs(core.storage.read, taxonomy, values);
      if (found.unknown.length > 0) {
        problems[name] = `${name} not found: ${found.unknown.join(', ')}.`;
      }
      terms[name] = found.ids;
    }
    const venues = await linkedRefs('venue', input.venue, actor);
    if (venues.unknown.length > 0) {
      problems.venue = `venue ${venues.unknown.join(', ')}: not an existing venue.`;
    }
    const organizers = await linkedRefs('organizer', input.organizer, actor);
    if (organizers.unknown.length > 0) {
      problems.organizer = `organizer ${organizers.unknown.join(', ')}: not an existing organizer.`;
    }
    if (Object.keys(problems).length > 0) throw new InvalidInput(problems);
    names.push(...venues.names, ...organizers.names);
    const words = input.search === undefined ? undefined : searchWords(input.search);
    const search =
      words === undefined || words.length === 0
        ? undefined
        : await deps.events.searchCandidates(words);
    const q: EventQuery = {
      visibility: visibility(actor, input.status === 'any' ? undefined : ['publish']),
      ...dateBounds(input),
      search,
      categories: terms.categories,
      tags: terms.tags,
      venues: venues.ids,
      organizers: organizers.ids,
      // A search without a single word matches nothing, as in the listing.
      include: words?.length === 0 ? [] : undefined,
      featured: input.featured,
    };
    return { q, names };
  }

  return query;
}
