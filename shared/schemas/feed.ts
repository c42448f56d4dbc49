/**
 * Parameters of the calendar feeds (docs/contract/extensions.md §E2): the events listing's
 * filters, with venues and organizers also named by slug, and `status=any` for a private feed.
 */
import { z } from 'zod';
import { booleanLike, listOf, positiveInt } from './coerce.js';
import { eventListSchema } from './event.js';
import { WRITE_STATUSES } from './fields.js';

const refs = (what: string) =>
  listOf(z.union([z.string(), z.number()]))
    .refine((list) => list.length > 0, `must name at least one ${what}.`)
    .optional()
    .meta({
      type: 'array',
      items: { type: 'string' },
      description: `Only events of any of these ${what}s (IDs or slugs).`,
    });

export const FEED_STATUSES = ['publish', 'any'] as const;

export const feedQuerySchema = z.object({
  categories: eventListSchema.shape.categories,
  tags: eventListSchema.shape.tags,
  venue: refs('venue'),
  organizer: refs('organizer'),
  search: eventListSchema.shape.search,
  featured: eventListSchema.shape.featured,
  start_date: eventListSchema.shape.start_date,
  end_date: eventListSchema.shape.end_date,
  status: z
    .enum(FEED_STATUSES, { message: `must be one of ${FEED_STATUSES.join(', ')}.` })
    .optional()
    .meta({
      description:
        'publish (default): published events; any: every event the signed-in user may read.',
    }),
});

export type FeedQuery = z.output<typeof feedQuerySchema>;

/** What every event an import creates (or updates) is given (docs/contract/extensions.md §E2). */
export const importOptionsSchema = z.object({
  status: z
    .enum(WRITE_STATUSES, { message: `must be one of ${WRITE_STATUSES.join(', ')}.` })
    .optional()
    .meta({
      description:
        'The status of the events the import creates (draft, to review them before anyone sees them); the events it updates then keep theirs. Without it, events are published (private when the file says so).',
    }),
  category: positiveInt.optional().meta({
    type: 'integer',
    description: 'A category ID added to every event the import creates or updates.',
  }),
  organizer: positiveInt.optional().meta({
    type: 'integer',
    description: 'An organizer ID added to every event the import creates or updates.',
  }),
});

export type ImportOptions = z.output<typeof importOptionsSchema>;

/** `POST /import/ics` parameters; the body is the `text/calendar` file itself. */
export const icsImportSchema = z.object({
  dry_run: booleanLike
    .optional()
    .meta({ type: 'boolean', description: 'Report what the import would do without writing.' }),
  ...importOptionsSchema.shape,
});

export const IMPORT_ACTIONS = ['created', 'updated', 'unchanged', 'skipped', 'error'] as const;

/** One entry of the file in people's words: which event, what the import does with it, why. */
export const importItemSchema = z.object({
  action: z.enum(IMPORT_ACTIONS),
  kind: z.enum(['event', 'series', 'occurrence']).meta({
    description:
      'event: a single event; series: a repeating event; occurrence: a change to one occurrence of a series (RECURRENCE-ID), which updates that occurrence.',
  }),
  title: z.string(),
  /** Wall time in the event's zone; '' when the file's entry has none readable. */
  start_date: z.string(),
  all_day: z.boolean(),
  occurrences: z.number().int().nullable().meta({
    description:
      'How many events it stands for: 1 for an event or an occurrence, the count of a series, null for a series without end.',
  }),
  reason: z.string().meta({
    description: 'Why it is skipped or failed, or which series an occurrence change belongs to.',
  }),
  line: z.number().int(),
});

export type ImportItem = z.output<typeof importItemSchema>;

/** The answer of `POST /import/ics` (docs/contract/extensions.md §E2). */
export const icsImportReportSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.array(z.object({ uid: z.string(), reason: z.string() })),
  errors: z.array(
    z.object({ uid: z.string().nullable(), line: z.number().int(), message: z.string() }),
  ),
  events: z.array(z.number().int()),
  items: z.array(importItemSchema),
});

export type IcsImportReport = z.output<typeof icsImportReportSchema>;
