/**
 * Slugs of events, venues, organizers and terms: one rule for making them and one for making them
 * unique, as WordPress's `sanitize_title` and `wp_unique_post_slug` do (docs/contract/compat-notes.md §7.2, §7.5).
 */
import slugify from 'slugify';

/**
 * Lower-case ASCII words joined by hyphens. Punctuation and symbols separate words (`Fête &
 * Party!` → `fete-party`) instead of being spelled out, and accents are dropped.
 */
export function toSlug(text: string): string {
  return slugify(text.replace(/[^\p{L}\p{N}\s_-]+/gu, ' '), {
    lower: true,
    strict: true,
    trim: true,
  })
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * `base` when it is free, else `base-2`, `base-3`, … : the first that is. `taken` holds the slugs
 * in use among `base` and its numbered variants (a store reads them in one query).
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
