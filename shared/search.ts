/**
 * What a `search` parameter may hold, for every listing that has one. The cost of a search grows
 * with its words (each is one more index lookup, or one more `LIKE` per searchable field) and
 * with their length, and SQLite runs every query to the end before the process can answer
 * anything else: both are capped, and a search beyond the caps is a 400, never a slow answer.
 */

/** Characters in a `search` value (after trimming). */
export const MAX_SEARCH_LENGTH = 200;

/** Words in a `search` value. */
export const MAX_SEARCH_WORDS = 8;

/**
 * Events one search considers: the most recently created ones that contain its words. Status,
 * dates and the other filters then apply to these, and `total` counts what remains.
 */
export const SEARCH_CANDIDATES = 10_000;

/**
 * Events the console's search box considers: the most recently created ones that contain its
 * words. It answers a few items, the first readable ones among these; a caller who may read none
 * of them (drafts of others) is answered at once instead of after every match was checked.
 */
export const ADMIN_SEARCH_CANDIDATES = 1_000;

/**
 * Event search words shorter than this are dropped: a one-letter word is in nearly every event,
 * and as the start of a word it would make the full-text index read every word it holds.
 */
export const MIN_EVENT_SEARCH_WORD = 2;

/**
 * Event search words, as the full-text index cuts text (its `unicode61` tokenizer): runs of
 * letters, digits and marks; everything else separates words.
 */
export const eventSearchWords = (text: string): string[] =>
  text.match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];

/**
 * Venue and organizer search fragments: split on anything that is not a letter, digit or hyphen
 * (docs/contract/compat-notes.md §3.4), each kept once.
 */
export const linkedSearchFragments = (text: string): string[] => [
  ...new Set(text.split(/[^\p{L}\p{N}-]+/u).filter((part) => part !== '')),
];
