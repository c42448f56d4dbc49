/**
 * Fields and wire pieces shared by venues and organizers (the reference's "linked posts"): one
 * definition each, reused by both resources' schemas and by the console's forms.
 */
import { z } from 'zod';
import { isDateInput } from '../dates.js';
import { listOf, positiveInt, booleanLike, integerLike } from './coerce.js';
import { linkedSearchFragments } from '../search.js';
import { searchParam } from './search.js';

/** Statuses a venue or organizer can be given on create or update (trash is DELETE's job). */
export const WRITE_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'] as const;
export type WriteStatus = (typeof WRITE_STATUSES)[number];
/** Statuses a listing may filter on. */
export const LIST_STATUSES = [...WRITE_STATUSES, 'trash'] as const;

/** Free text given as a string (or a number, for zip codes and phones sent as JSON numbers). */
export const text = (description: string) =>
  z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .meta({ type: 'string', description });

/** A date the API understands (shared/dates.ts); read in the site's time zone unless `_utc`. */
export const dateInput = (description: string) =>
  z
    .union([z.string(), z.number()])
    .refine(
      isDateInput,
      'must be a date: YYYY-MM-DD HH:MM:SS, ISO 8601, a Unix timestamp or words such as "tomorrow 9am".',
    )
    .meta({ type: 'string', description });

/** True for absolute http(s) URLs, the only links we store and show. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname !== '';
  } catch {
    return false;
  }
}

/** A website: an absolute http(s) URL, or `""` to clear it. */
export const websiteInput = (description: string) =>
  text(description)
    .refine(
      (value) => value === '' || isHttpUrl(value),
      'must be an absolute http(s) URL or empty.',
    )
    .meta({ type: 'string', format: 'uri', description });

/** An image: a media id, an absolute http(s) URL, or `""`; checked against the media store later. */
export const imageInput = z
  .union([z.string(), z.number()])
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .meta({
    type: 'string',
    description: 'The featured image: a media ID or an absolute image URL.',
  });

export const authorInput = positiveInt.meta({
  type: 'integer',
  description: 'The ID of the user who authored it.',
});

export const statusInput = z
  .enum(WRITE_STATUSES, { message: `must be one of ${WRITE_STATUSES.join(', ')}.` })
  .meta({ description: 'The post status.' });

/** The fields every linked post accepts besides its name and its own details. */
export const linkedPostFields = {
  author: authorInput.optional(),
  date: dateInput('The publication date, in the site time zone.').optional(),
  date_utc: dateInput('The publication date in UTC.').optional(),
  description: text('The description; HTML is limited to formatting tags.').optional(),
  excerpt: text('A short summary; HTML is limited to formatting tags.').optional(),
  status: statusInput.optional(),
  image: imageInput.optional(),
};

/** `page`, `per_page`, `search`, `event`, `has_events`, `only_with_upcoming` and `status`. */
export const linkedPostListFields = {
  page: positiveInt
    .default(1)
    .meta({ type: 'integer', description: 'The archive page to return.' }),
  per_page: positiveInt
    .transform((n) => Math.min(n, 50))
    .optional()
    .meta({ type: 'integer', description: 'How many items to return per page (at most 50).' }),
  search: searchParam(
    'Only items with a field that contains every word of this text.',
    linkedSearchFragments,
  ).optional(),
  event: positiveInt
    .optional()
    .meta({ type: 'integer', description: 'Only the items linked to this event ID.' }),
  has_events: booleanLike.optional().meta({
    type: 'boolean',
    description: 'Only the items that have (true) or lack (false) events.',
  }),
  only_with_upcoming: booleanLike.optional().meta({
    type: 'boolean',
    description: 'Only the items linked to events that have not started yet.',
  }),
  status: listOf(z.enum(LIST_STATUSES, { message: `must be one of ${LIST_STATUSES.join(', ')}.` }))
    .refine((list) => list.length > 0, 'must name at least one status.')
    .optional()
    .meta({
      type: 'array',
      items: { type: 'string' },
      description: 'Only items with one of these statuses.',
    }),
};

/** A path id (digits only; the route pattern already guarantees it). */
export const pathId = integerLike.meta({ type: 'integer', description: 'The numeric ID.' });
export const pathSlug = z.string().min(1).meta({ description: 'The slug.' });
