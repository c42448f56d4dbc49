/**
 * What events need from terms: turning filter values and payload values into term ids, and the
 * embedded term shapes for a page of events (one query per page, docs/architecture.md, convention
 * 6). Each is written once as steps (storage/steps.ts) and run on the repositories it is given
 * (`onPorts`: a unit of work's, or the read side).
 */
import type { Links } from '../../http/links.js';
import type { Taxonomy } from '../../../shared/schemas/term.js';
import type { EmbeddedTermWire } from '../../../shared/schemas/wire/index.js';
import { presentEmbeddedTerm } from './present.js';
import { invalidInput } from '../../errors.js';
import { toSlug } from '../../text/slug.js';
import { calls, runAsync, type Steps } from '../../storage/steps.js';
import type { TermRow, TermsReader, TermsRepository } from '../../storage/terms.js';
import { cleanName, freeSlug, insertTerm } from './write.js';

export interface EventTerms {
  categories: EmbeddedTermWire[];
  tags: EmbeddedTermWire[];
}

const paramOf = (taxonomy: Taxonomy) => (taxonomy === 'category' ? 'categories' : 'tags');

/** Why an event write may not name these new terms (the writer may not create such terms). */
export function notCreatable(taxonomy: Taxonomy, names: string[]): string {
  const what = taxonomy === 'category' ? 'categories' : 'tags';
  return `${names.map((n) => JSON.stringify(n)).join(', ')}: not existing ${what}, and you may not create ${what}.`;
}

const isId = (value: string | number): boolean =>
  typeof value === 'number' ? Number.isSafeInteger(value) && value > 0 : /^\d+$/.test(value.trim());

const reads = calls<TermsReader>();
const writes = calls<TermsRepository>();

/**
 * Listing filters (`categories=`, `tags=`): each value is an id or a slug of the taxonomy and
 * must exist; `unknown` lists the values that name no term, for the caller's 400.
 */
function* findRefs(
  taxonomy: Taxonomy,
  values: (string | number)[],
): Steps<TermsReader, { ids: number[]; unknown: string[] }> {
  const wanted = values.map((v) => (typeof v === 'string' ? v.trim() : v));
  const numeric = wanted.filter(isId).map(Number);
  const slugs = wanted.flatMap((v) => {
    const text = String(v);
    const slug = toSlug(text);
    return slug !== '' && slug !== text ? [text, slug] : [text];
  });
  const found = yield* reads.refs(taxonomy, numeric, slugs);
  const byId = new Map(found.map((r) => [r.id, r.id]));
  const bySlug = new Map(found.map((r) => [r.slug, r.id]));
  const ids: number[] = [];
  const unknown: string[] = [];
  for (const value of wanted) {
    const text = String(value);
    const id =
      (isId(value) ? byId.get(Number(value)) : undefined) ??
      bySlug.get(text) ??
      bySlug.get(toSlug(text));
    if (id === undefined) unknown.push(text);
    else if (!ids.includes(id)) ids.push(id);
  }
  return { ids, unknown };
}

/** The existing term a payload name or slug names, compared case-insensitively. */
function* byNameOrSlug(taxonomy: Taxonomy, name: string): Steps<TermsReader, TermRow | undefined> {
  const slug = toSlug(name);
  return (
    (yield* reads.byName(taxonomy, name)) ??
    (yield* reads.bySlug(taxonomy, name)) ??
    (slug === '' ? undefined : yield* reads.bySlug(taxonomy, slug))
  );
}

/** The names among event payload values that name no term of the taxonomy (they would create one). */
function* newNames(taxonomy: Taxonomy, values: (string | number)[]): Steps<TermsReader, string[]> {
  const names: string[] = [];
  for (const value of values) {
    if (isId(value)) continue;
    const name = cleanName(String(value));
    if (name !== '' && (yield* byNameOrSlug(taxonomy, name)) === undefined) names.push(name);
  }
  return names;
}

/**
 * Event payload values (docs/contract/compat-notes.md §7.2): existing ids are kept and unknown
 * ids skipped; a name or slug reuses the existing term case-insensitively
 * (docs/contract/decisions.md 11), else a new top-level term is made, when `mayCreate` (the
 * writer may create terms of the taxonomy directly; otherwise a 400). Order kept, duplicates
 * dropped.
 */
function* resolveForEvent(
  taxonomy: Taxonomy,
  values: (string | number)[],
  mayCreate: boolean,
): Steps<TermsRepository, number[]> {
  const ids: number[] = [];
  const add = (id: number | undefined) => {
    if (id !== undefined && !ids.includes(id)) ids.push(id);
  };
  // Every id given is looked up in one query: on PostgreSQL each is a round trip, made while
  // the unit of work holds the lock that every write of the calendar waits for.
  const given = values.filter(isId).map(Number);
  const known = given.length === 0 ? new Set<number>() : yield* writes.existingIds(taxonomy, given);
  for (const value of values) {
    if (isId(value)) {
      add(known.has(Number(value)) ? Number(value) : undefined);
      continue;
    }
    const name = cleanName(String(value));
    if (name === '') continue;
    const existing = yield* byNameOrSlug(taxonomy, name);
    if (existing) {
      add(existing.id);
      continue;
    }
    if (!mayCreate) throw invalidInput(paramOf(taxonomy), notCreatable(taxonomy, [name]));
    const slug = toSlug(name);
    add(
      yield* insertTerm({
        taxonomy,
        name,
        slug: slug === '' ? '' : yield* freeSlug(taxonomy, slug),
        description: '',
        parent: null,
        color: null,
      }),
    );
  }
  return ids;
}

/**
 * The embedded `categories` and `tags` of each event, in link order; every id gets an entry.
 * `given`: the term ids of events whose links are not stored (computed occurrences show their
 * series' template).
 */
function* embed(
  eventIds: number[],
  links: Links,
  given: ReadonlyMap<number, number[]> = new Map(),
): Steps<TermsReader, Map<number, EventTerms>> {
  const out = new Map<number, EventTerms>();
  for (const id of eventIds) out.set(id, { categories: [], tags: [] });
  if (eventIds.length === 0) return out;
  const stored = given.size === 0 ? eventIds : eventIds.filter((id) => !given.has(id));
  const pairs = [...given].flatMap(([id, ids]) => ids.map((t): [number, number] => [id, t]));
  const rows = [...(yield* reads.forEvents(stored)), ...(yield* reads.forLinks(pairs))];
  for (const row of rows) {
    const entry = out.get(row.event_id);
    if (!entry) continue;
    const term = presentEmbeddedTerm(row, links);
    if (row.taxonomy === 'category') entry.categories.push(term);
    else entry.tags.push(term);
  }
  return out;
}

/**
 * The ids with every descendant category added: a `categories=` filter on the reference also
 * matches events of child categories (WordPress tax queries include children).
 */
function* withDescendants(ids: number[]): Steps<TermsReader, number[]> {
  return ids.length === 0 ? [] : yield* reads.withDescendants(ids);
}

/** The repositories the port forms take: a unit of work's, or the read side for the reads. */
interface TermsReads {
  terms: TermsReader;
}
interface TermsWrites {
  terms: TermsRepository;
}

/** `read`: the read side, for the reads made before a write (a listing's filters). */
export function createEventTerms(read: TermsReader) {
  return {
    /** Listing filters' values as term ids, with the values that name no term. */
    findRefs: (taxonomy: Taxonomy, values: (string | number)[]) =>
      runAsync(findRefs(taxonomy, values), read),

    /**
     * On given repositories: `uow` is a unit of work's (`resolveForEvent` writes), or for the
     * reads also the read side (`storage.read`).
     */
    onPorts: {
      findRefs: (repos: TermsReads, taxonomy: Taxonomy, values: (string | number)[]) =>
        runAsync(findRefs(taxonomy, values), repos.terms),
      newNames: (repos: TermsReads, taxonomy: Taxonomy, values: (string | number)[]) =>
        runAsync(newNames(taxonomy, values), repos.terms),
      resolveForEvent: (
        uow: TermsWrites,
        taxonomy: Taxonomy,
        values: (string | number)[],
        mayCreate: boolean,
      ) => runAsync(resolveForEvent(taxonomy, values, mayCreate), uow.terms),
      embed: (
        repos: TermsReads,
        eventIds: number[],
        links: Links,
        given?: ReadonlyMap<number, number[]>,
      ) => runAsync(embed(eventIds, links, given), repos.terms),
      withDescendants: (repos: TermsReads, ids: number[]) =>
        runAsync(withDescendants(ids), repos.terms),
    },
  };
}
