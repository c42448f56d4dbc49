/**
 * The terms aggregate: event categories (hierarchical) and tags, one table told apart by
 * `taxonomy`, and what storage answers about them. A term's `count` (its published events) is
 * kept by the database's triggers on the event links, never written here.
 */
import type { PostStatus } from '../../shared/roles.js';
import type { Taxonomy } from '../../shared/schemas/term.js';

export interface TermRow {
  id: number;
  taxonomy: Taxonomy;
  name: string;
  slug: string;
  description: string;
  /** `null` for a top-level term; the wire shows 0. */
  parent: number | null;
  count: number;
  /** `#rrggbb`, categories only; `null` when none was chosen. */
  color: string | null;
}

/** A term with the event it is linked to. */
export interface EventTermRow extends TermRow {
  event_id: number;
}

export type NewTerm = Omit<TermRow, 'id' | 'count'>;
export type TermChanges = Pick<TermRow, 'name' | 'slug' | 'description' | 'parent' | 'color'>;

/** Sort keys a listing may ask for; each maps to a fixed expression in the adapters. */
export type TermSort =
  'id' | 'name' | 'slug' | 'count' | 'description' | 'include' | 'slug__in' | 'none';

export interface TermQuery {
  taxonomy: Taxonomy;
  /** Tags without published events are left out; a category is kept while a descendant has one. */
  hideEmpty: boolean;
  /** Matched literally (no wildcards) in the name or the slug, ASCII letters folded. */
  search?: string | undefined;
  include?: readonly number[] | undefined;
  exclude?: readonly number[] | undefined;
  /** 0 lists top-level terms. */
  parent?: number | undefined;
  event?: number | undefined;
  slugs?: readonly string[] | undefined;
  sort: TermSort;
  descending: boolean;
  limit: number;
  offset: number;
}

export interface TermsReader {
  find(id: number): Promise<TermRow | undefined>;
  bySlug(taxonomy: Taxonomy, slug: string): Promise<TermRow | undefined>;
  /** The first term of the taxonomy with this name, ASCII letters folded. */
  byName(taxonomy: Taxonomy, name: string): Promise<TermRow | undefined>;
  /** The first term with this name (ASCII letters folded) under this parent. */
  sibling(taxonomy: Taxonomy, name: string, parent: number | null): Promise<TermRow | undefined>;
  /** The terms of the taxonomy among these ids or slugs, in one round trip. */
  refs(
    taxonomy: Taxonomy,
    ids: readonly number[],
    slugs: readonly string[],
  ): Promise<Array<{ id: number; slug: string }>>;
  /** The ids among `ids` that name a term of the taxonomy. */
  existingIds(taxonomy: Taxonomy, ids: readonly number[]): Promise<Set<number>>;
  /** The terms linked to these events, by event, in link order. */
  forEvents(eventIds: readonly number[]): Promise<EventTermRow[]>;
  /** The same rows for links given as `[event_id, term_id]` pairs, in the pairs' order. */
  forLinks(links: ReadonlyArray<readonly [number, number]>): Promise<EventTermRow[]>;
  /** The term itself and every ancestor up to the root. */
  lineage(id: number): Promise<number[]>;
  /** The given ids followed by every descendant of them, each once. */
  withDescendants(ids: readonly number[]): Promise<number[]>;
  /** The author and status of event `id`, which decide who may read it. */
  eventOwner(id: number): Promise<{ author: number | null; status: PostStatus } | undefined>;
  /** A page and its total, read together. */
  list(query: TermQuery): Promise<{ rows: TermRow[]; total: number }>;
  /** The slugs other terms of the taxonomy use among `base` and `base-<n>`. */
  slugVariants(taxonomy: Taxonomy, base: string, exceptId: number): Promise<Set<string>>;
}

export interface TermsRepository extends TermsReader {
  /** A new term; answers its id. */
  insert(term: NewTerm): Promise<number>;
  update(id: number, changes: TermChanges): Promise<void>;
  setSlug(id: number, slug: string): Promise<void>;
  /** Deletes the term; its children move up to `parent` (the term's own parent). */
  remove(id: number, parent: number | null): Promise<void>;
}
