/**
 * The field rules the payload and listing schemas are built from, one definition each, so that
 * events, venues, organizers and terms accept and refuse the same values with the same messages
 * (and the OpenAPI document and the console's forms say the same).
 */
import { z } from 'zod';
import { isDateInput } from '../dates.js';
import { POST_STATUSES } from '../roles.js';
import { booleanLike, listOf, positiveInt } from './coerce.js';

/** The most items one archive page holds, whatever `per_page` or the site setting asks; more is
 * silently clamped (docs/contract/compat-notes.md §3.1). */
export const MAX_PER_PAGE = 50;

/** Statuses an event, venue or organizer can be given on create or update (trash is DELETE's). */
export const WRITE_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'] as const;
export type WriteStatus = (typeof WRITE_STATUSES)[number];

export const statusInput = z
  .enum(WRITE_STATUSES, { message: `must be one of ${WRITE_STATUSES.join(', ')}.` })
  .meta({ description: 'The post status.' });

/** Free text, trimmed; a number is taken as its text (zip codes and phones sent as numbers). */
export const text = (description: string) =>
  z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .meta({ type: 'string', description });

// Years 1000 to 9998: any such date stays a four-digit year in every zone and in UTC, which the
// API answers with (the server accepts a little more, see `isDateInput`).
const YEAR = '([1-8]\\d{3}|9[0-8]\\d{2}|99[0-8]\\d|999[0-8])';

/**
 * The date forms the OpenAPI document lists (documentation only: `isDateInput` decides). Words
 * such as "tomorrow 9am" are accepted too but have no schema; descriptions say so.
 */
const DATE_FORMS = [
  z.string().meta({
    description:
      'YYYY-MM-DD HH:MM:SS (seconds optional) of a day that exists, the form the API answers with; words such as "tomorrow 9am" are understood too.',
    pattern: `^${YEAR}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01]) ([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?$`,
  }),
  z
    .string()
    .meta({ format: 'date', pattern: `^${YEAR}-`, description: 'YYYY-MM-DD: the whole day.' }),
  z.string().meta({
    format: 'date-time',
    pattern: `^${YEAR}-`,
    description: 'ISO 8601 with a time zone offset.',
  }),
  z.number().int().meta({
    description: 'A Unix timestamp, in seconds.',
    // 1000-01-01 and 9998-12-31 in UTC.
    minimum: -30_610_224_000,
    maximum: 253_370_764_799,
  }),
];

/** A date the API understands (shared/dates.ts); the zone it is read in depends on the field. */
export const dateInput = (description: string) =>
  z
    .union([z.string(), z.number()])
    .refine(
      isDateInput,
      'must be a date: YYYY-MM-DD HH:MM:SS, YYYY-MM-DD, ISO 8601, a Unix timestamp or words such as "tomorrow 9am".',
    )
    .meta({ type: 'string', description, forms: DATE_FORMS });

/** True for absolute http(s) URLs without spaces, the only links we store and show. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s]+$/i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
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

const IMAGE_FORMS = [
  positiveInt.meta({ type: 'integer', description: 'The ID of an uploaded media item.' }),
  z.string().meta({
    format: 'uri',
    pattern: '^https?://\\S+$',
    description:
      'An absolute http(s) image URL, kept as an external media item (for users who may publish).',
  }),
];

const image = (forms: z.ZodType[]) =>
  z
    .union([z.string(), z.number()])
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .meta({
      type: 'string',
      description: 'The featured image: a media ID or an absolute image URL.',
      forms,
    });

/** An image: a media id or an absolute http(s) URL, checked against the media store later. */
export const imageInput = image([...IMAGE_FORMS, z.literal('').meta({ description: 'No image.' })]);

/** A new event's image, which cannot be `""` (docs/contract/compat-notes.md §7.3). */
export const newEventImageInput = image(IMAGE_FORMS);

export const authorInput = positiveInt.meta({
  type: 'integer',
  description: 'The ID of the user who authored it.',
});

export const pageInput = positiveInt
  .default(1)
  .meta({ type: 'integer', default: 1, description: 'The archive page to return.' });

/** `per_page`, capped at MAX_PER_PAGE; the site setting applies when it is absent. */
export const perPageInput = (description: string) =>
  positiveInt
    .transform((n) => Math.min(n, MAX_PER_PAGE))
    .optional()
    .meta({ type: 'integer', description, maximum: MAX_PER_PAGE });

/** Statuses a listing may filter on, as an array or comma-separated text. */
export const statusListInput = (description: string) =>
  listOf(z.enum(POST_STATUSES, { message: `must be one of ${POST_STATUSES.join(', ')}.` }))
    .refine((list) => list.length > 0, 'must name at least one status.')
    .optional()
    .meta({
      type: 'array',
      items: { type: 'string', enum: [...POST_STATUSES] },
      description,
      minItems: 1,
    });

/** A yes/no field: `true`/`false`, `1`/`0` and the other forms booleanLike reads. */
export const flag = (description: string) => booleanLike.meta({ type: 'boolean', description });

/** An optional filter by one id. */
export const idFilter = (description: string) =>
  positiveInt.optional().meta({ type: 'integer', description });

/** An optional yes/no filter. */
export const flagFilter = (description: string) =>
  booleanLike.optional().meta({ type: 'boolean', description });
