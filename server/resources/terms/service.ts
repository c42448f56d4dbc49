/**
 * Categories and tags: one implementation parameterised by taxonomy. Plain data in, rows or
 * domain errors (server/errors.ts) out; the events resource uses `findRefs`, `resolveForEvent` and `embed`.
 */
import { mayReadEvent, type Actor } from '../../../shared/roles.js';
import { NotFound } from '../../errors.js';
import type { CoreServices } from '../../core.js';
import type {
  Taxonomy,
  TermCreate,
  TermListArgs,
  TermOrderby,
  TermUpdate,
} from '../../../shared/schemas/term.js';
import { createEventTerms } from './event-terms.js';
import { createTermsStore, type TermRow, type TermSort } from './store.js';
import { createTermWrites, notHierarchical } from './write.js';
import { toSlug } from '../../text/slug.js';
import { MAX_PER_PAGE } from '../../../shared/schemas/fields.js';

const SORTS: Record<TermOrderby, TermSort> = {
  id: 'id',
  term_id: 'id',
  name: 'name',
  slug: 'slug',
  count: 'count',
  // Every term's group is 0, so WordPress leaves these in storage order: by id.
  term_group: 'none',
  none: 'none',
  description: 'description',
  include: 'include',
  slug__in: 'slug__in',
  include_slugs: 'slug__in',
};

export interface TermPage {
  rows: TermRow[];
  total: number;
  totalPages: number;
  page: number;
  perPage: number;
}

export function createTermsService(core: CoreServices) {
  const store = createTermsStore(core.db);
  const writes = createTermWrites(store);

  /** The term with this id in this taxonomy; a term of the other taxonomy does not count. */
  function find(taxonomy: Taxonomy, id: number): TermRow | undefined {
    const row = store.get(id);
    return row?.taxonomy === taxonomy ? row : undefined;
  }

  function get(taxonomy: Taxonomy, id: number): TermRow {
    const row = find(taxonomy, id);
    if (!row) throw new NotFound('rest_term_invalid', 'Term does not exist.');
    return row;
  }

  /** The ids among `ids` that name no term of the taxonomy. */
  function missing(taxonomy: Taxonomy, ids: number[]): number[] {
    if (ids.length === 0) return [];
    const existing = store.existingIds(taxonomy, ids);
    return ids.filter((id) => !existing.has(id));
  }

  /**
   * Why `parent` cannot be the parent of term `self` (undefined when it can): it must be an
   * existing category other than the term itself and none of its descendants.
   */
  function parentProblem(parent: number, self?: number): string | undefined {
    if (parent === 0) return undefined;
    if (!find('category', parent)) return `parent ${parent} is not an existing category.`;
    if (self !== undefined && store.lineage(parent).includes(self)) {
      return 'parent would make the category its own ancestor.';
    }
    return undefined;
  }

  function list(taxonomy: Taxonomy, args: TermListArgs, actor: Actor | null): TermPage {
    const perPage = Math.min(args.per_page ?? core.settings.get().per_page, MAX_PER_PAGE);
    const event = args.event ?? args.post;
    // The terms of an event the caller may not read are not theirs to see.
    const hidden = event !== undefined && !mayReadEvent(actor, store.eventOwner(event));
    const include = args.include?.length ? args.include : undefined;
    // WordPress sanitises slug filters like stored slugs, so `slug=Jazz` finds `jazz`.
    const slugs = args.slug?.map((slug) => toSlug(slug) || slug);
    let sort = SORTS[args.orderby ?? 'name'];
    if ((sort === 'include' && !include) || (sort === 'slug__in' && !slugs)) sort = 'name';
    const { rows, total } = hidden
      ? { rows: [], total: 0 }
      : store.list({
          taxonomy,
          hideEmpty: args.hide_empty,
          search: args.search,
          include,
          exclude: args.exclude?.length ? args.exclude : undefined,
          parent: taxonomy === 'category' ? args.parent : undefined,
          event,
          slugs,
          sort,
          descending: args.order === 'desc',
          limit: perPage,
          offset: (args.page - 1) * perPage,
        });
    if (rows.length === 0 && args.page > 1) {
      const what = taxonomy === 'category' ? 'category' : 'tag';
      throw new NotFound(
        `${what}-archive-page-not-found`,
        `The requested ${what} archive page does not exist`,
      );
    }
    return { rows, total, totalPages: Math.ceil(total / perPage), page: args.page, perPage };
  }

  return {
    ...createEventTerms(store),
    find,
    get,
    missing,
    parentProblem,
    eventExists: store.eventExists,
    list,
    create(taxonomy: Taxonomy, input: TermCreate, sentParent: boolean): TermRow {
      if (taxonomy === 'tag' && sentParent) throw notHierarchical();
      return writes.create(taxonomy, input);
    },
    update(taxonomy: Taxonomy, id: number, input: TermUpdate, sentParent: boolean): TermRow {
      if (taxonomy === 'tag' && sentParent) throw notHierarchical();
      return writes.update(get(taxonomy, id), input);
    },
    remove(taxonomy: Taxonomy, id: number): TermRow {
      return writes.remove(get(taxonomy, id));
    },
  };
}

export type TermsService = ReturnType<typeof createTermsService>;
