/**
 * Creating, updating and deleting terms, with WordPress's rules for names, slugs and parents
 * (docs/contract/compat-notes.md §4.2, §7.5; docs/contract/decisions.md 9). Each use case is one transaction.
 */
import { invalidInput, Refused } from '../../errors.js';
import type { Taxonomy, TermCreate, TermUpdate } from '../../../shared/schemas/term.js';
import type { TermRow, TermsStore } from './store.js';
import { sanitizeHtml } from '../../text/html.js';
import { toSlug, uniqueSlug } from '../../text/slug.js';

/** Names are plain text: tags are dropped and whitespace runs collapse. */
export function cleanName(name: string): string {
  return name
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first slug from `base` that no other term of the taxonomy uses. */
export const freeSlug = (store: TermsStore, taxonomy: Taxonomy, base: string): string =>
  uniqueSlug(base, store.slugVariants(taxonomy, base));

export const termExists = (taxonomy: Taxonomy, termId: number): Refused =>
  new Refused(
    'term_exists',
    taxonomy === 'category'
      ? 'A term with the name provided already exists with this parent.'
      : 'A term with the name provided already exists in this taxonomy.',
    { term_id: termId },
  );

export const duplicateSlug = (slug: string): Refused =>
  new Refused('duplicate_term_slug', `The slug “${slug}” is already in use by another term.`);

export const notHierarchical = (): Refused =>
  new Refused(
    'rest_taxonomy_not_hierarchical',
    'Cannot set parent term, taxonomy is not hierarchical.',
  );

function requireName(raw: string): string {
  const name = cleanName(raw);
  if (name === '') throw invalidInput('name', 'name must contain text, not only markup.');
  return name;
}

/** A same-named term under the same parent (categories) or anywhere in the taxonomy (tags). */
function duplicateOf(
  store: TermsStore,
  taxonomy: Taxonomy,
  name: string,
  parent: number | null,
): TermRow | undefined {
  return taxonomy === 'category'
    ? store.sibling(taxonomy, name, parent)
    : store.byName(taxonomy, name);
}

export function createTermWrites(store: TermsStore) {
  const create = store.transaction((taxonomy: Taxonomy, input: TermCreate): TermRow => {
    const name = requireName(input.name);
    const parent = taxonomy === 'category' && input.parent ? input.parent : null;
    const duplicate = duplicateOf(store, taxonomy, name, parent);
    if (duplicate) throw termExists(taxonomy, duplicate.id);
    const base = toSlug(input.slug ?? name);
    const id = store.insert({
      taxonomy,
      name,
      slug: base === '' ? '' : freeSlug(store, taxonomy, base),
      description: input.description === undefined ? '' : sanitizeHtml(input.description),
      parent,
      color: taxonomy === 'category' ? (input.color ?? null) : null,
    });
    return store.get(id)!;
  });

  const update = store.transaction((existing: TermRow, input: TermUpdate): TermRow => {
    const { taxonomy } = existing;
    const name = input.name === undefined ? existing.name : requireName(input.name);
    const parent =
      taxonomy === 'category' && input.parent !== undefined
        ? input.parent === 0
          ? null
          : input.parent
        : existing.parent;
    if (name.toLowerCase() !== existing.name.toLowerCase() || parent !== existing.parent) {
      const duplicate = duplicateOf(store, taxonomy, name, parent);
      if (duplicate && duplicate.id !== existing.id) throw termExists(taxonomy, duplicate.id);
    }
    let slug = existing.slug;
    if (input.slug !== undefined) {
      slug = toSlug(input.slug);
      if (slug === '') slug = String(existing.id);
      const holder = store.bySlug(taxonomy, slug);
      if (holder && holder.id !== existing.id) throw duplicateSlug(slug);
    }
    const description =
      input.description === undefined ? existing.description : sanitizeHtml(input.description);
    const color =
      taxonomy === 'category' && input.color !== undefined ? input.color : existing.color;
    store.update(existing.id, { name, slug, description, parent, color });
    return store.get(existing.id)!;
  });

  /** Deletes for good; the children of a category move up to its parent. */
  function remove(existing: TermRow): TermRow {
    store.remove(existing.id, existing.parent);
    return existing;
  }

  return { create, update, remove };
}
