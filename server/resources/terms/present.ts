/** Term rows → the two wire shapes of docs/contract/compat-notes.md §1.6. */
import type { Links } from '../../http/links.js';
import { WIRE_TAXONOMY, type Taxonomy } from '../../../shared/schemas/term.js';
import type {
  CategoryWire,
  EmbeddedTermWire,
  TagWire,
  TermUrlsWire,
  TermWire,
} from '../../../shared/schemas/wire/index.js';
import type { TermRow } from '../../storage/terms.js';

/** The REST collection of each taxonomy. */
export const COLLECTION: Record<Taxonomy, string> = { category: 'categories', tag: 'tags' };

function urls(row: TermRow, links: Links): TermUrlsWire {
  const base = COLLECTION[row.taxonomy];
  const out: TermUrlsWire = { self: links.rest(`${base}/${row.id}`), collection: links.rest(base) };
  if (row.parent !== null) out.up = links.rest(`${base}/${row.parent}`);
  return out;
}

/** The term's public page, where the reference has its term archive. */
export function termPageUrl(row: Pick<TermRow, 'taxonomy' | 'slug'>, links: Links): string {
  const slug = encodeURIComponent(row.slug);
  return links.site(row.taxonomy === 'category' ? `/events/category/${slug}/` : `/tag/${slug}/`);
}

/** Archive item, single, create, update and delete responses (key order: docs/contract/compat-notes.md §11.11). */
export function presentTerm(row: TermRow, links: Links): TermWire {
  const head = {
    id: row.id,
    count: row.count,
    description: row.description,
    name: row.name,
    slug: row.slug,
    taxonomy: WIRE_TAXONOMY[row.taxonomy],
  };
  const tail = { meta: [] as [], url: termPageUrl(row, links), urls: urls(row, links) };
  if (row.taxonomy !== 'category') return { ...head, ...tail } satisfies TagWire;
  // `parent` sits between `taxonomy` and `meta`, and only categories have one. `color` is ours,
  // not the reference's: present only once chosen, so reference clients see its exact shape.
  const color = row.color === null ? {} : { color: row.color };
  return { ...head, parent: row.parent ?? 0, ...color, ...tail } satisfies CategoryWire;
}

/** A term inside an event's `categories` or `tags` (docs/contract/compat-notes.md §1.6 a). */
export function presentEmbeddedTerm(row: TermRow, links: Links): EmbeddedTermWire {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    term_group: 0,
    term_taxonomy_id: row.id,
    taxonomy: WIRE_TAXONOMY[row.taxonomy],
    description: row.description,
    parent: row.parent ?? 0,
    count: row.count,
    filter: 'raw',
    urls: urls(row, links),
  };
}
