/** Term wire shapes (docs/contract/compat-notes.md §1.6): embedded in events, and from `/categories` and `/tags`. */
import { z } from 'zod';
import { archiveOf, emptyList } from './common.js';

export const termUrls = z
  .object({
    self: z.string().meta({ description: 'The REST URL of the term.' }),
    collection: z.string().meta({ description: 'The REST URL of the taxonomy archive.' }),
    up: z
      .string()
      .optional()
      .meta({ description: 'The REST URL of the parent category, when there is one.' }),
  })
  .meta({ description: 'REST links of the term.' });

const taxonomy = z
  .enum(['tribe_events_cat', 'post_tag'])
  .meta({ description: 'The taxonomy: tribe_events_cat for categories, post_tag for tags.' });

const termId = z.number().int().meta({ description: 'The term ID.' });
const termName = z.string().meta({ description: 'The term name.' });
const termSlug = z.string().meta({ description: 'The term slug.' });
const termDescription = z.string().meta({ description: 'The term description.' });
const termCount = z
  .number()
  .int()
  .meta({ description: 'The number of published events with this term.' });
const parentId = z
  .number()
  .int()
  .meta({ description: 'The parent category ID, or 0 for a top-level category.' });

/** A term inside an event's `categories` or `tags`. */
export const embeddedTerm = z
  .object({
    id: termId,
    name: termName,
    slug: termSlug,
    term_group: z.number().int().meta({ description: 'Always 0.' }),
    term_taxonomy_id: z.number().int().meta({ description: 'The term ID again.' }),
    taxonomy,
    description: termDescription,
    parent: parentId,
    count: termCount,
    filter: z.literal('raw').meta({ description: 'Always raw.' }),
    urls: termUrls,
  })
  .meta({ description: 'A category or tag of an event.' });

const restLinks = z
  .record(z.string(), z.array(z.looseObject({ href: z.string() })))
  .optional()
  .meta({ description: 'Hypermedia links of single reads, creates and updates.' });

const termFields = {
  id: termId,
  count: termCount,
  description: termDescription,
  name: termName,
  slug: termSlug,
  taxonomy,
};
const termTail = {
  meta: emptyList,
  url: z.string().meta({ description: 'The public page of the term.' }),
  urls: termUrls,
  _links: restLinks,
};

export const category = z
  .object({
    ...termFields,
    parent: parentId,
    color: z.string().optional().meta({
      pattern: '^#[0-9a-f]{6}$',
      description:
        'The display colour of the category as #rrggbb (an Almanac extension); absent when none was chosen.',
    }),
    ...termTail,
  })
  .meta({ description: 'An event category.' });

export const tag = z.object({ ...termFields, ...termTail }).meta({ description: 'An event tag.' });

export const categoryArchive = archiveOf(
  'categories',
  category,
  'event categories',
  'totals first',
);
export const tagArchive = archiveOf('tags', tag, 'event tags', 'totals first');

export type TermUrlsWire = z.infer<typeof termUrls>;
export type EmbeddedTermWire = z.infer<typeof embeddedTerm>;
export type CategoryWire = z.infer<typeof category>;
export type TagWire = z.infer<typeof tag>;
/** A term as `/categories` and `/tags` show it; only categories have a `parent`. */
export type TermWire = CategoryWire | TagWire;
export type CategoryArchiveWire = z.infer<typeof categoryArchive>;
export type TagArchiveWire = z.infer<typeof tagArchive>;
