/**
 * Event categories and tags: the payloads of `/categories` and `/tags` (docs/contract/calendar-api.md §2.4,
 * §2.5, §4.5, §4.6); their wire shapes (docs/contract/compat-notes.md §1.6) are in wire/terms.ts. One definition
 * serves validation, the OpenAPI document and the console's forms.
 */
import { z } from 'zod';
import { booleanLike, idList, integerLike, listOf, nonEmptyString, positiveInt } from './coerce.js';
import { searchParam } from './search.js';
import { pageInput, perPageInput } from './fields.js';

export const TAXONOMIES = ['category', 'tag'] as const;
export type Taxonomy = (typeof TAXONOMIES)[number];

/** The taxonomy names clients of the reference expect in `taxonomy`. */
export const WIRE_TAXONOMY = { category: 'tribe_events_cat', tag: 'post_tag' } as const;

/** Sort keys WordPress's term query accepts; `term_id` and `include_slugs` are its aliases. */
export const TERM_ORDERBY = [
  'id',
  'term_id',
  'name',
  'slug',
  'count',
  'term_group',
  'description',
  'include',
  'slug__in',
  'include_slugs',
  'none',
] as const;
export type TermOrderby = (typeof TERM_ORDERBY)[number];

const id = positiveInt.meta({ type: 'integer', description: 'The term ID.' });

const name = nonEmptyString
  // Characters as JSON Schema's maxLength counts them (code points), not UTF-16 units.
  .pipe(z.string().refine((s) => [...s].length <= 200, 'must be at most 200 characters.'))
  .meta({
    maxLength: 200,
    description:
      'The term name, as text: markup is removed and some text must remain; unique among the terms with the same parent.',
  });
const description = nonEmptyString.meta({ description: 'The term description.' });
const slug = nonEmptyString.meta({
  description: 'An alphanumeric identifier for the term, unique in its taxonomy.',
});
const parent = integerLike
  .refine((n) => n >= 0, 'must be a category ID, or 0 for none.')
  .meta({
    type: 'integer',
    minimum: 0,
    description: 'The parent category ID, or 0 for a top-level category.',
  });

/** `#rrggbb` in any case, kept lower-case; `""` or null clears the colour. */
const color = z
  .union([
    z
      .string()
      .trim()
      .regex(/^#[0-9a-f]{6}$/i, 'must be a colour written #rrggbb, or empty for none.')
      .transform((s) => s.toLowerCase()),
    z.literal(''),
    z.null(),
  ])
  .transform((value) => value || null)
  .meta({
    type: 'string',
    pattern: '^(#[0-9a-fA-F]{6})?$',
    description:
      'The display colour of the category as #rrggbb (an Almanac extension); empty to remove it.',
  });

export const termIdSchema = z.object({ id });

export const tagCreateSchema = z.object({
  name,
  description: description.optional(),
  slug: slug.optional(),
});
export const tagUpdateSchema = termIdSchema.extend(tagCreateSchema.partial().shape);
export const categoryCreateSchema = tagCreateSchema.extend({
  parent: parent.optional(),
  color: color.optional(),
});
export const categoryUpdateSchema = termIdSchema.extend(categoryCreateSchema.partial().shape);

export type TermCreate = z.output<typeof categoryCreateSchema>;
export type TermUpdate = Omit<z.output<typeof categoryUpdateSchema>, 'id'>;

const ids = (what: string) =>
  idList.meta({ type: 'array', items: { type: 'integer' }, description: what });

const eventId = (what: string) => positiveInt.meta({ type: 'integer', description: what });

export const tagListSchema = z.object({
  page: pageInput,
  per_page: perPageInput('The number of terms to return on each page (at most 50).'),
  search: searchParam(
    'Limit the results to terms whose name or slug contains the string.',
  ).optional(),
  exclude: ids('Exclude the terms with these IDs.').optional(),
  include: ids('Limit the results to the terms with these IDs.').optional(),
  // Like the reference (WordPress's term query), any non-empty text is accepted: `asc` in any
  // case sorts ascending and anything else descending; an unknown `orderby` sorts by name.
  order: nonEmptyString
    .transform((s): 'asc' | 'desc' => (s.trim().toLowerCase() === 'asc' ? 'asc' : 'desc'))
    .optional()
    .meta({
      type: 'string',
      description: 'Sort the results ascending or descending.',
    }),
  orderby: nonEmptyString
    .transform((s): TermOrderby => {
      const key = s.trim().toLowerCase();
      return (TERM_ORDERBY as readonly string[]).includes(key) ? (key as TermOrderby) : 'name';
    })
    .optional()
    .meta({
      type: 'string',
      description: 'Sort the results by this term attribute.',
    }),
  hide_empty: booleanLike.default(true).meta({
    type: 'boolean',
    default: true,
    description: 'Whether to hide terms not assigned to any published event.',
  }),
  post: eventId('Limit the results to the terms of this event ID.').optional(),
  event: eventId('Limit the results to the terms of this event ID; wins over post.').optional(),
  slug: listOf(nonEmptyString)
    .refine((list) => list.length > 0, 'must be a non-empty string.')
    .optional()
    .meta({
      type: 'string',
      minLength: 1,
      pattern: '[^,\\s]',
      description: 'Limit the results to the terms with this slug.',
    }),
});

export const categoryListSchema = tagListSchema.extend({
  parent: integerLike
    .refine((n) => n >= 0, 'must be a category ID.')
    .optional()
    .meta({
      type: 'integer',
      minimum: 0,
      description: 'Limit the results to the children of this category ID.',
    }),
});

export type TermListArgs = z.output<typeof categoryListSchema>;
