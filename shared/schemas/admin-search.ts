/** `GET /api/calendar/admin/v1/search`: the console's one search box (docs/api/admin.md). */
import { z } from 'zod';
import { eventSearchWords } from '../search.js';
import { positiveInt } from './coerce.js';
import { searchParam } from './search.js';

export const SEARCH_TYPES = ['event', 'venue', 'organizer', 'category', 'tag'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const MAX_PER_TYPE = 20;

export const adminSearchSchema = z.object({
  q: searchParam(
    'The text to find: events by the words of their title, description or excerpt, venues and organizers by any field holding every word, terms by name or slug.',
    eventSearchWords,
  ),
  per_type: positiveInt
    .refine((n) => n <= MAX_PER_TYPE, `must be at most ${MAX_PER_TYPE}.`)
    .default(5)
    .meta({
      type: 'integer',
      minimum: 1,
      maximum: MAX_PER_TYPE,
      default: 5,
      description: `How many results of each type to return (at most ${MAX_PER_TYPE}).`,
    }),
});
export type AdminSearchInput = z.output<typeof adminSearchSchema>;
