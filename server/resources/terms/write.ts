/**
 * Creating, updating and deleting terms, with WordPress's rules for names, slugs and parents
 * (docs/contract/compat-notes.md §4.2, §7.5; docs/contract/decisions.md 9). Written as steps
 * (storage/steps.ts): the service runs each in one unit of work, the remote import in its own
 * synchronous transaction.
 */
import { invalidInput, Refused } from '../../errors.js';
import type { Taxonomy, TermCreate, TermUpdate } from '../../../shared/schemas/term.js';
import { calls, type Steps } from '../../storage/steps.js';
import type { NewTerm, TermRow, TermsReader, TermsRepository } from '../../storage/terms.js';
import { sanitizeHtml } from '../../text/html.js';
import { toSlug, uniqueSlug } from '../../text/slug.js';

const reads = calls<TermsReader>();
const writes = calls<TermsRepository>();

/** Names are plain text: tags are dropped and whitespace runs collapse. */
export function cleanName(name: string): string {
  return name
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first slug from `base` that no other term of the taxonomy uses. */
export function* freeSlug(
  taxonomy: Taxonomy,
  base: string,
  exceptId = 0,
): Steps<TermsReader, string> {
  return uniqueSlug(base, yield* reads.slugVariants(taxonomy, base, exceptId));
}

/** Inserts a term; a slug left empty by sanitising becomes the term's id, as in WordPress. */
export function* insertTerm(term: NewTerm): Steps<TermsRepository, number> {
  const id = yield* writes.insert(term);
  if (term.slug !== '') return id;
  yield* writes.setSlug(id, yield* freeSlug(term.taxonomy, String(id), id));
  return id;
}

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
function* duplicateOf(
  taxonomy: Taxonomy,
  name: string,
  parent: number | null,
): Steps<TermsReader, TermRow | undefined> {
  return taxonomy === 'category'
    ? yield* reads.sibling(taxonomy, name, parent)
    : yield* reads.byName(taxonomy, name);
}

export function* createTerm(
  taxonomy: Taxonomy,
  input: TermCreate,
): Steps<TermsRepository, TermRow> {
  const name = requireName(input.name);
  const parent = taxonomy === 'category' && input.parent ? input.parent : null;
  const duplicate = yield* duplicateOf(taxonomy, name, parent);
  if (duplicate) throw termExists(taxonomy, duplicate.id);
  const base = toSlug(input.slug ?? name);
  const id = yield* insertTerm({
    taxonomy,
    name,
    slug: base === '' ? '' : yield* freeSlug(taxonomy, base),
    description: input.description === undefined ? '' : sanitizeHtml(input.description),
    parent,
    color: taxonomy === 'category' ? (input.color ?? null) : null,
  });
  return (yield* writes.find(id))!;
}

/** Merges `input` into the term as it is now. */
export function* updateTerm(existing: TermRow, input: TermUpdate): Steps<TermsRepository, TermRow> {
  const { taxonomy } = existing;
  const name = input.name === undefined ? existing.name : requireName(input.name);
  const parent =
    taxonomy === 'category' && input.parent !== undefined
      ? input.parent === 0
        ? null
        : input.parent
      : existing.parent;
  if (name.toLowerCase() !== existing.name.toLowerCase() || parent !== existing.parent) {
    const duplicate = yield* duplicateOf(taxonomy, name, parent);
    if (duplicate && duplicate.id !== existing.id) throw termExists(taxonomy, duplicate.id);
  }
  let slug = existing.slug;
  if (input.slug !== undefined) {
    slug = toSlug(input.slug);
    if (slug === '') slug = String(existing.id);
    const holder = yield* reads.bySlug(taxonomy, slug);
    if (holder && holder.id !== existing.id) throw duplicateSlug(slug);
  }
  const description =
    input.description === undefined ? existing.description : sanitizeHtml(input.description);
  const color = taxonomy === 'category' && input.color !== undefined ? input.color : existing.color;
  yield* writes.update(existing.id, { name, slug, description, parent, color });
  return (yield* writes.find(existing.id))!;
}
