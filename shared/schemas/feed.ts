/**
 * Parameters of the calendar feeds (docs/contract/extensions.md §E2): the events listing's
 * filters, with venues and organizers also named by slug, and `status=any` for a private feed.
 */
import { z } from 'zod';
import { booleanLike, listOf } from './coerce.js';
import { eventListSchema } from './event.js';

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

/** `POST /import/ics` parameters; the body is the `text/calendar` file itself. */
export const icsImportSchema = z.object({
  dry_run: booleanLike
    .optional()
    .meta({ type: 'boolean', description: 'Report what the import would do without writing.' }),
});

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
});

export type IcsImportReport = z.output<typeof icsImportReportSchema>;
