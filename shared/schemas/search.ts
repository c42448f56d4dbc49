/** The `search` parameter of the listings, with the caps of shared/search.ts. */
import { MAX_SEARCH_LENGTH, MAX_SEARCH_WORDS } from '../search.js';
import { nonEmptyString } from './coerce.js';

/**
 * A non-empty search of at most MAX_SEARCH_LENGTH characters and, when `words` splits it,
 * at most MAX_SEARCH_WORDS words.
 */
export function searchParam(description: string, words?: (text: string) => string[]) {
  return nonEmptyString
    .refine(
      (text) => [...text].length <= MAX_SEARCH_LENGTH,
      `must be at most ${MAX_SEARCH_LENGTH} characters long.`,
    )
    .refine(
      (text) => words === undefined || words(text).length <= MAX_SEARCH_WORDS,
      `may hold at most ${MAX_SEARCH_WORDS} words.`,
    )
    .meta({ description, maxLength: MAX_SEARCH_LENGTH });
}
