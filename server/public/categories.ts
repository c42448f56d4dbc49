/**
 * Category colours on the public pages (docs/contract/extensions.md §E8): a swatch of the colour
 * beside the text, never text on the colour, so every colour keeps the text's own contrast.
 */
import { categoryListSchema } from '../../shared/schemas/term.js';
import { MAX_PER_PAGE } from '../../shared/schemas/fields.js';
import { DomainError } from '../errors.js';
import type { Services } from '../services.js';
import { attr } from './html.js';

export interface PublicCategory {
  id: number;
  name: string;
  slug: string;
  /** `#rrggbb`, or null when none was chosen. */
  color: string | null;
}

const HEX = /^#[0-9a-f]{6}$/;

/** The categories an anonymous reader sees with events, by name (a page of the listing's size). */
export async function publicCategories(services: Services): Promise<PublicCategory[]> {
  const args = categoryListSchema.parse({ per_page: String(MAX_PER_PAGE), orderby: 'name' });
  try {
    return (await services.terms.list('category', args, null)).rows.map(
      ({ id, name, slug, color }) => ({ id, name, slug, color }),
    );
  } catch (error) {
    if (error instanceof DomainError) return [];
    throw error;
  }
}

/** A square of the colour; decoration beside a name that says the same. */
export function swatch(color: string | null | undefined): string {
  if (!color || !HEX.test(color)) return '';
  return `<span class="swatch" style="background:${attr(color)}" aria-hidden="true"></span>`;
}

/** The colour of an event: its first category that has one, as the console shows it. */
export function colorOf(
  categories: ReadonlyArray<{ id: number }>,
  known: readonly PublicCategory[],
): string | null {
  for (const category of categories) {
    const color = known.find((c) => c.id === category.id)?.color;
    if (color) return color;
  }
  return null;
}
