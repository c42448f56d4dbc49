/**
 * The console's one search box (docs/api/admin.md): events, venues, organizers, categories and
 * tags matching a text, a few of each, only what the caller may read. Each type goes through
 * the same reading rules as its own listing (drafts of others stay hidden from contributors and
 * authors; subscribers see published items only), and never counts its matches, so the cost is
 * a few index reads whatever the calendar's size.
 */
import type { Actor } from '../../../shared/roles.js';
import type { AdminSearchInput, SearchType } from '../../../shared/schemas/admin-search.js';
import type { SearchAnswer, SearchHit } from '../../../shared/schemas/wire/admin.js';
import type { CoreServices } from '../../core.js';
import { searchWords, visibility } from '../events/listing-query.js';
import type { OrganizersService } from '../organizers/service.js';
import type { TermsService } from '../terms/service.js';
import type { VenuesService } from '../venues/service.js';

const CONSOLE = '/console';
const PATHS: Record<SearchType, string> = {
  event: 'events',
  venue: 'venues',
  organizer: 'organizers',
  category: 'categories',
  tag: 'tags',
};

const hit = (type: SearchType, id: number, title: string, status: string): SearchHit => ({
  type,
  id,
  title,
  status,
  link: `${CONSOLE}/${PATHS[type]}/${id}`,
});

export function createSearchService(
  core: CoreServices,
  deps: { venues: VenuesService; organizers: OrganizersService; terms: TermsService },
) {
  async function events(q: string, actor: Actor, limit: number): Promise<SearchHit[]> {
    const rows = await core.storage.read.listing.siteSearch(
      searchWords(q),
      visibility(actor, undefined),
      limit,
    );
    return rows.map((row) => hit('event', row.id, row.title, row.status));
  }

  async function linked(kind: 'venue' | 'organizer', q: string, actor: Actor, limit: number) {
    const service = kind === 'venue' ? deps.venues : deps.organizers;
    const rows = await service.first({ page: 1, search: q }, actor, limit);
    return rows.map((row) => hit(kind, row.id, row.title, row.status));
  }

  async function terms(kind: 'category' | 'tag', q: string, actor: Actor, limit: number) {
    const { rows } = await deps.terms.list(
      kind,
      { page: 1, per_page: limit, search: q, hide_empty: false },
      actor,
    );
    return rows.map((row) => hit(kind, row.id, row.name, 'publish'));
  }

  return {
    async search(input: AdminSearchInput, actor: Actor): Promise<SearchAnswer> {
      const { q, per_type: limit } = input;
      const groups: SearchAnswer['groups'] = [
        { type: 'event', items: await events(q, actor, limit) },
        { type: 'venue', items: await linked('venue', q, actor, limit) },
        { type: 'organizer', items: await linked('organizer', q, actor, limit) },
        { type: 'category', items: await terms('category', q, actor, limit) },
        { type: 'tag', items: await terms('tag', q, actor, limit) },
      ];
      return { groups };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
