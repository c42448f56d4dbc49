/**
 * Event payloads (docs/contract/calendar-api.md §2.1, docs/contract/compat-notes.md §7.2) and listing parameters (§4.2.1,
 * docs/contract/compat-notes.md §3): one definition for validation, the OpenAPI document and the console's forms.
 */
import { z } from 'zod';
import { isValidTimeZone } from '../time.js';
import { booleanLike, idList, listOf, nonEmptyString, numberLike, positiveInt } from './coerce.js';
import { eventSearchWords } from '../search.js';
import { searchParam } from './search.js';
import { organizerLinks, venueLink } from './event-links.js';
import {
  authorInput,
  dateInput,
  imageInput,
  newEventImageInput,
  pageInput,
  perPageInput,
  statusInput,
  statusListInput,
  text,
  websiteInput,
  flag,
  idFilter,
} from './fields.js';
import { recurrenceField } from '../recurrence/schema.js';
import { eventStatusInput, eventStatusReasonInput } from './event-status.js';
import { eventOrderbyInput, orderInput } from './order.js';

/** Radius of `geoloc_lat`/`geoloc_lng` when `geoloc_radius` is not given, in kilometres. */
export const DEFAULT_GEOLOC_RADIUS_KM = 25;

/**
 * Categories or tags one event write may name: what a single request can make the server create
 * stays bounded (docs/reliability.md, Limits).
 */
export const MAX_TERMS_PER_EVENT = 100;

/** Term references: ids, names or slugs, as an array or comma-separated text; `""` clears. */
const termValues = (description: string) =>
  listOf(z.union([z.string(), z.number()]))
    .refine((list) => list.length <= MAX_TERMS_PER_EVENT, {
      message: `may name at most ${MAX_TERMS_PER_EVENT} terms.`,
    })
    .meta({
      type: 'array',
      items: { type: 'string' },
      maxItems: MAX_TERMS_PER_EVENT,
      description,
      forms: [
        z.array(z.union([positiveInt.meta({ type: 'integer' }), z.string()])).meta({
          description: 'Term IDs, names or slugs.',
          maxItems: MAX_TERMS_PER_EVENT,
        }),
        z.string().meta({
          description: `The same as comma-separated text (at most ${MAX_TERMS_PER_EVENT}); "" removes every term.`,
        }),
      ],
    });

/** A list filter that must name something. */
const nonEmpty = { minItems: 1 };

/** A filter by a list that names at least one item, any of which matches. */
const anyOf = <T extends z.ZodType<readonly unknown[]>>(
  list: T,
  what: string,
  items: 'string' | 'integer',
  description: string,
) =>
  list
    .refine((given) => given.length > 0, `must name at least one ${what}.`)
    .optional()
    .meta({ ...nonEmpty, type: 'array', items: { type: items }, description });

/** Every event field; required ones are marked by the create schema. */
const eventFields = {
  title: nonEmptyString.meta({ description: 'The event title.' }),
  start_date: dateInput('The start date and time, as wall time in the event time zone.'),
  end_date: dateInput('The end date and time, as wall time in the event time zone.'),
  author: authorInput,
  date: dateInput('The publication date, in the site time zone.'),
  date_utc: dateInput('The publication date in UTC.'),
  description: text('The description; HTML is limited to formatting tags.'),
  slug: text('The slug used in the event URL; made unique.'),
  excerpt: text('A short summary; HTML is limited to formatting tags.'),
  status: statusInput,
  timezone: z
    .string()
    .transform((value) => value.trim())
    .refine(
      (value) => value === '' || isValidTimeZone(value),
      'must be a time zone such as Europe/Paris or UTC+2.',
    )
    .meta({
      description:
        'The event time zone: an IANA name such as Europe/Paris or an offset such as UTC+2; the site time zone when empty.',
    }),
  all_day: flag('Whether the event lasts whole days.'),
  image: imageInput,
  cost: z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]).meta({
    type: 'string',
    description: 'The cost: text such as "20$" or a list of amounts.',
    forms: [
      z.string(),
      z.number(),
      z.array(z.union([z.string(), z.number()])).meta({ description: 'A list of amounts.' }),
    ],
  }),
  website: websiteInput('The event website URL.'),
  show_map: flag('Whether a map is shown.'),
  show_map_link: flag('Whether a link to a map is shown.'),
  hide_from_listings: flag('Whether the event is left out of listings.'),
  sticky: flag('Whether the event sticks to the top of calendar views.'),
  featured: flag('Whether the event is featured.'),
  categories: termValues(
    'Category IDs, names or slugs; unknown names create categories, for users who may create them.',
  ),
  tags: termValues(
    'Tag IDs, names or slugs; unknown names create tags, for users who may create them.',
  ),
  venue: venueLink,
  organizer: organizerLinks,
  recurrence: recurrenceField,
  event_status: eventStatusInput,
  event_status_reason: eventStatusReasonInput,
};

type Fields = typeof eventFields;
type Optional<T extends Record<string, z.ZodType>> = { [K in keyof T]: z.ZodOptional<T[K]> };

function optionalAll<T extends Record<string, z.ZodType>>(fields: T): Optional<T> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [
      name,
      field.optional().meta(field.meta() ?? {}),
    ]),
  ) as Optional<T>;
}

const optionalFields = optionalAll(eventFields);

export const eventCreateSchema = z.object({
  ...optionalFields,
  image: newEventImageInput.optional().meta(newEventImageInput.meta() ?? {}),
  title: eventFields.title,
  start_date: eventFields.start_date,
  end_date: eventFields.end_date,
});

export const eventUpdateSchema = z.object(optionalFields);

const WALL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * The console's create/edit form: the create shape plus "the end is not before the start".
 * The API itself keeps the contract's rule (an end before the start becomes the start), so this
 * refinement lives on a separate schema. Wall times in one zone compare as text; an all-day end
 * is the end of its day (23:59:59), so one-day and multi-day events compare by day.
 */
export const eventFormSchema = eventCreateSchema.superRefine((event, context) => {
  const { start_date: start, end_date: end } = event;
  if (typeof start !== 'string' || typeof end !== 'string') return;
  if (!WALL_TIME.test(start) || !WALL_TIME.test(end)) return;
  if (end < start)
    context.addIssue({
      code: 'custom',
      path: ['end_date'],
      message: event.all_day ? 'must be on or after the start day.' : 'must be after the start.',
    });
});

export type EventCreateInput = z.output<typeof eventCreateSchema>;
export type EventUpdateInput = z.output<typeof eventUpdateSchema>;
export type EventFieldName = keyof Fields;

const listDate = (description: string) => dateInput(description).optional();

/** `GET /events` parameters (docs/contract/calendar-api.md §4.2.1, with our geolocation radius). */
export const eventListSchema = z.object({
  page: pageInput,
  per_page: perPageInput('How many events to return per page (at most 50).'),
  start_date: listDate('Only events that start on or after this date.'),
  end_date: listDate('Only events that end on or before this date.'),
  starts_before: listDate('Only events that start before this date.'),
  starts_after: listDate('Only events that start after this date.'),
  ends_before: listDate('Only events that end before this date.'),
  ends_after: listDate('Only events that end after this date.'),
  strict_dates: z
    .union([z.string().min(1, 'must be a non-empty string.'), z.boolean(), z.number()])
    .pipe(booleanLike)
    .optional()
    .meta({
      type: 'string',
      default: 'false',
      description: 'When true the dates are used at the exact times given; otherwise whole days.',
      forms: [z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])],
    }),
  search: searchParam(
    'Only events whose title, description or excerpt contain every word (the last one may be the start of a word).',
    eventSearchWords,
  ).optional(),
  categories: anyOf(
    listOf(z.union([z.string(), z.number()])),
    'category',
    'string',
    'Only events in any of these categories (IDs or slugs).',
  ),
  tags: anyOf(
    listOf(z.union([z.string(), z.number()])),
    'tag',
    'string',
    'Only events with any of these tags (IDs or slugs).',
  ),
  venue: anyOf(idList, 'venue', 'integer', 'Only events at any of these venue IDs.'),
  organizer: anyOf(idList, 'organizer', 'integer', 'Only events of any of these organizer IDs.'),
  featured: flag('Only featured (true) or only non-featured (false) events.').optional(),
  status: statusListInput(
    'Only events with one of these statuses; publish only for those who cannot edit events.',
  ),
  geoloc: flag('Only events whose venue has (true) or lacks (false) coordinates.').optional(),
  geoloc_lat: numberLike
    .refine((n) => Math.abs(n) <= 90, 'must be between -90 and 90.')
    .optional()
    .meta({
      type: 'number',
      minimum: -90,
      maximum: 90,
      description: 'Latitude of the centre of a distance search; needs geoloc_lng.',
    }),
  geoloc_lng: numberLike
    .refine((n) => Math.abs(n) <= 180, 'must be between -180 and 180.')
    .optional()
    .meta({
      type: 'number',
      minimum: -180,
      maximum: 180,
      description: 'Longitude of the centre of a distance search; needs geoloc_lat.',
    }),
  geoloc_radius: numberLike
    .refine((n) => n > 0 && n <= 20_000, 'must be a distance in kilometres above 0.')
    .optional()
    .meta({
      type: 'number',
      minimum: 0,
      exclusiveMinimum: true,
      maximum: 20_000,
      description: `Radius of the distance search in kilometres (default ${DEFAULT_GEOLOC_RADIUS_KM}).`,
    }),
  include: idList
    .refine((list) => list.length > 0, 'must name at least one event ID.')
    .optional()
    .meta({
      ...nonEmpty,
      type: 'array',
      items: { type: 'integer' },
      description: 'Only events with these IDs; date filters are then ignored.',
    }),
  post_parent: idFilter('Only the events whose parent is this event ID.'),
  ticketed: booleanLike.optional().meta({
    type: 'boolean',
    description: 'Events with (true) or without (false) tickets; this server sells no tickets.',
    // No event is ticketed, so only `false` is an answerable question.
    forms: [z.literal(false)],
  }),
  orderby: eventOrderbyInput,
  order: orderInput,
});

export type EventListInput = z.output<typeof eventListSchema>;
