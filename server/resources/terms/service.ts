/**
 * Categories and tags: one implementation parameterised by taxonomy. Plain data in, rows or
 * domain errors (server/errors.ts) out. Its own routes read through the read side and write in
 * units of work; the events resource uses `findRefs`, `resolveForEvent`, `embed`, … (their
 * synchronous forms until its writes are units of work, and `onPorts` after).
 */
import { mayReadEvent, type Actor } from '../../../shared/roles.js';
import { invalidInput, NotFound } from '../../errors.js';
import type { CoreServices } from '../../core.js';
import type {
  Taxonomy,
  TermCreate,
  TermListArgs,
  TermOrderby,
  TermUpdate,
} from '../../../shared/schemas/term.js';
import type { StoragePorts, UnitOfWork } from '../../storage/storage.js';
import { calls, runAsync, type Steps } from '../../storage/steps.js';
import type { TermRow, TermSort, TermsReader, TermsRepository } from '../../storage/terms.js';
import { createEventTerms } from './event-terms.js';
import { createTerm, notHierarchical, updateTerm } from './write.js';
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

const reads = calls<TermsReader>();

/** The term with this id in this taxonomy; a term of the other taxonomy does not count. */
function* findTerm(taxonomy: Taxonomy, id: number): Steps<TermsReader, TermRow | undefined> {
  const row = yield* reads.find(id);
  return row?.taxonomy === taxonomy ? row : undefined;
}

function* getTerm(taxonomy: Taxonomy, id: number): Steps<TermsReader, TermRow> {
  const row = yield* findTerm(taxonomy, id);
  if (!row) throw new NotFound('rest_term_invalid', 'Term does not exist.');
  return row;
}

/**
 * Why `parent` cannot be the parent of term `self` (undefined when it can): it must be an
 * existing category other than the term itself and none of its descendants.
 */
function* parentProblemOf(parent: number, self?: number): Steps<TermsReader, string | undefined> {
  if (parent === 0) return undefined;
  if (!(yield* findTerm('category', parent)))
    return `parent ${parent} is not an existing category.`;
  if (self !== undefined && (yield* reads.lineage(parent)).includes(self)) {
    return 'parent would make the category its own ancestor.';
  }
  return undefined;
}

/** The parent checked again inside the write: another request may have deleted it since. */
function* checkParent(
  taxonomy: Taxonomy,
  parent: number | undefined,
  self?: number,
): Steps<TermsReader, void> {
  if (taxonomy !== 'category' || parent === undefined) return;
  const problem = yield* parentProblemOf(parent, self);
  if (problem !== undefined) throw invalidInput('parent', problem);
}

export function createTermsService(core: CoreServices, storage: StoragePorts<'terms', 'terms'>) {
  const read = storage.read.terms;

  /** The listing's query, or `undefined` when the caller may not see any of it. */
  function listQuery(taxonomy: Taxonomy, args: TermListArgs, perPage: number) {
    const include = args.include?.length ? args.include : undefined;
    // WordPress sanitises slug filters like stored slugs, so `slug=Jazz` finds `jazz`.
    const slugs = args.slug?.map((slug) => toSlug(slug) || slug);
    let sort = SORTS[args.orderby ?? 'name'];
    if ((sort === 'include' && !include) || (sort === 'slug__in' && !slugs)) sort = 'name';
    return {
      taxonomy,
      hideEmpty: args.hide_empty,
      search: args.search,
      include,
      exclude: args.exclude?.length ? args.exclude : undefined,
      parent: taxonomy === 'category' ? args.parent : undefined,
      event: args.event ?? args.post,
      slugs,
      sort,
      descending: args.order === 'desc',
      limit: perPage,
      offset: (args.page - 1) * perPage,
    };
  }

  function pageOf(
    taxonomy: Taxonomy,
    args: TermListArgs,
    perPage: number,
    { rows, total }: { rows: TermRow[]; total: number },
  ): TermPage {
    if (rows.length === 0 && args.page > 1) {
      const what = taxonomy === 'category' ? 'category' : 'tag';
      throw new NotFound(
        `${what}-archive-page-not-found`,
        `The requested ${what} archive page does not exist`,
      );
    }
    return { rows, total, totalPages: Math.ceil(total / perPage), page: args.page, perPage };
  }

  const perPageOf = (args: TermListArgs, defaultPerPage: number) =>
    Math.min(args.per_page ?? defaultPerPage, MAX_PER_PAGE);

  async function list(taxonomy: Taxonomy, args: TermListArgs, actor: Actor | null) {
    const perPage = perPageOf(args, (await core.settings.current()).per_page);
    const query = listQuery(taxonomy, args, perPage);
    // The terms of an event the caller may not read are not theirs to see.
    const hidden =
      query.event !== undefined && !mayReadEvent(actor, await read.eventOwner(query.event));
    return pageOf(
      taxonomy,
      args,
      perPage,
      hidden ? { rows: [], total: 0 } : await read.list(query),
    );
  }

  function* creating(taxonomy: Taxonomy, input: TermCreate): Steps<TermsRepository, TermRow> {
    yield* checkParent(taxonomy, input.parent);
    return yield* createTerm(taxonomy, input);
  }

  function* updating(
    taxonomy: Taxonomy,
    id: number,
    input: TermUpdate,
  ): Steps<TermsRepository, TermRow> {
    // Merged into the term as it is now, under the write lock.
    const existing = yield* getTerm(taxonomy, id);
    yield* checkParent(taxonomy, input.parent, id);
    return yield* updateTerm(existing, input);
  }

  return {
    ...createEventTerms(read),
    find: (taxonomy: Taxonomy, id: number) => runAsync(findTerm(taxonomy, id), read),
    get: (taxonomy: Taxonomy, id: number) => runAsync(getTerm(taxonomy, id), read),

    /** The ids among `ids` that name no term of the taxonomy. */
    async missing(taxonomy: Taxonomy, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const existing = await read.existingIds(taxonomy, ids);
      return ids.filter((id) => !existing.has(id));
    },
    parentProblem: (parent: number, self?: number) => runAsync(parentProblemOf(parent, self), read),
    eventExists: async (id: number) => (await read.eventOwner(id)) !== undefined,
    list,

    async create(taxonomy: Taxonomy, input: TermCreate, sentParent: boolean): Promise<TermRow> {
      if (taxonomy === 'tag' && sentParent) throw notHierarchical();
      return storage.write((uow) => runAsync(creating(taxonomy, input), uow.terms));
    },
    async update(
      taxonomy: Taxonomy,
      id: number,
      input: TermUpdate,
      sentParent: boolean,
    ): Promise<TermRow> {
      if (taxonomy === 'tag' && sentParent) throw notHierarchical();
      return storage.write((uow) => runAsync(updating(taxonomy, id, input), uow.terms));
    },
    /** Deletes for good; the children of a category move up to its parent. */
    async remove(taxonomy: Taxonomy, id: number): Promise<TermRow> {
      return storage.write(async (uow) => {
        const existing = await runAsync(getTerm(taxonomy, id), uow.terms);
        await uow.terms.remove(existing.id, existing.parent);
        return existing;
      });
    },

    /**
     * Create and update in a unit of work another resource opened: the remote import's, which
     * writes a whole site in one (transfer/remote.ts).
     */
    inUnit: (uow: Pick<UnitOfWork, 'terms'>) => ({
      create: (taxonomy: Taxonomy, input: TermCreate): Promise<TermRow> =>
        runAsync(creating(taxonomy, input), uow.terms),
      update: (taxonomy: Taxonomy, id: number, input: TermUpdate): Promise<TermRow> =>
        runAsync(updating(taxonomy, id, input), uow.terms),
    }),
  };
}

export type TermsService = ReturnType<typeof createTermsService>;
