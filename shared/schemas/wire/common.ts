/**
 * Wire shapes shared by several resources (docs/contract/compat-notes.md §1.2, §4.1): what the API really sends,
 * as zod schemas, so that the OpenAPI document describes the real payloads (docs/contract/decisions.md 17)
 * and tests can check real responses against the same definitions.
 */
import { z } from 'zod';
import { POST_STATUSES } from '../../roles.js';

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** `YYYY-MM-DD HH:MM:SS`, the reference's date format everywhere. */
export const dateTime = (description: string) => z.string().regex(DATE_TIME).meta({ description });

const padded = (digits: number, description: string) =>
  z
    .string()
    .regex(new RegExp(`^\\d{${digits}}$`))
    .meta({ description });

/** The status of an event, venue or organizer. */
export const postStatus = (description: string) => z.enum(POST_STATUSES).meta({ description });

/** Each component of a date as a zero-padded string, a plain split of the date string. */
export const dateDetails = z
  .object({
    year: padded(4, 'The year, four digits.'),
    month: padded(2, 'The month, two digits.'),
    day: padded(2, 'The day of the month, two digits.'),
    hour: padded(2, 'The hour (00-23), two digits.'),
    minutes: padded(2, 'The minutes, two digits.'),
    seconds: padded(2, 'The seconds, two digits.'),
  })
  .meta({ description: 'The components of a date as zero-padded strings.' });

export const costDetails = z
  .object({
    currency_symbol: z
      .string()
      .meta({ description: 'The currency symbol found in the cost, or an empty string.' }),
    currency_code: z.string().meta({ description: 'The currency code, or an empty string.' }),
    currency_position: z
      .enum(['prefix', 'postfix', ''])
      .meta({ description: 'Where the currency symbol goes: prefix, postfix or empty.' }),
    values: z
      .array(z.string())
      .meta({ description: 'The numeric cost values as strings, in ascending order.' }),
  })
  .meta({ description: 'The parts of the event cost.' });

export const imageSize = z
  .object({
    width: z.number().int().meta({ description: 'The width in pixels.' }),
    height: z.number().int().meta({ description: 'The height in pixels.' }),
    'mime-type': z.string().meta({ description: 'The MIME type of the file.' }),
    url: z.string().meta({ description: 'The URL of the file.' }),
    filesize: z.number().int().optional().meta({ description: 'The file size in bytes.' }),
  })
  .meta({ description: 'One size of an image.' });

export const image = z
  .object({
    url: z.string().meta({ description: 'The URL of the full-size image.' }),
    id: z.number().int().meta({ description: 'The media item ID.' }),
    extension: z.string().meta({ description: 'The file extension.' }),
    width: z.number().int().optional().meta({ description: 'The width in pixels.' }),
    height: z.number().int().optional().meta({ description: 'The height in pixels.' }),
    filesize: z.number().int().optional().meta({ description: 'The file size in bytes.' }),
    sizes: z
      .record(z.string(), imageSize)
      .optional()
      .meta({ description: 'The smaller sizes of the image, by size name.' }),
  })
  .meta({ description: 'A featured image.' });

/** A schema.org object (`@context`, `@type`, ...), shown on single reads only. */
export const jsonLd = z
  .record(z.string(), z.unknown())
  .meta({ description: 'The schema.org description of the object, on single reads only.' });

/** An always-empty JSON array, which the reference sends where a value is missing. */
export const emptyList = z.tuple([]).meta({ description: 'An empty list.' });

export const globalId = z
  .string()
  .meta({ description: 'A site-independent ID: the host, then ?id= and the ID.' });
export const globalIdLineage = z
  .array(z.string())
  .meta({ description: 'The global IDs this object has had, starting with its own.' });

/** The two global-ID keys every post-like shape carries (events, venues, organizers). */
export const globalIds = { global_id: globalId, global_id_lineage: globalIdLineage };

/** A string the answer may leave out. */
export const optionalString = (description: string) => z.string().optional().meta({ description });

const detail = z.object({
  code: z.string().meta({ description: 'The error code of the parameter.' }),
  message: z.string().meta({ description: 'What is wrong with the parameter.' }),
  data: z.null(),
});

/** The error envelope of every failure (docs/contract/compat-notes.md §4.1, docs/contract/decisions.md 9). */
export const apiError = z
  .object({
    code: z.string().meta({ description: 'A machine-readable error code.' }),
    message: z.string().meta({ description: 'A human-readable message.' }),
    data: z
      .looseObject({
        status: z.number().int().meta({ description: 'The HTTP status of the response.' }),
        params: z
          .union([z.record(z.string(), z.string()), z.array(z.string())])
          .optional()
          .meta({
            description:
              'The parameters at fault: a message per invalid parameter, or the names of the missing ones.',
          }),
        details: z
          .record(z.string(), detail)
          .optional()
          .meta({ description: 'A detailed error per invalid parameter.' }),
      })
      .meta({ description: 'The HTTP status and details of the error.' }),
  })
  .meta({ description: 'An error.' });

/** `rest_url` and the neighbouring pages of an archive (docs/contract/compat-notes.md §2.2). */
export const archiveLinks = {
  rest_url: z.string().meta({ description: 'The URL of this archive page.' }),
  next_rest_url: optionalString('The URL of the next page, absent on the last page.'),
  previous_rest_url: optionalString('The URL of the previous page, absent on the first page.'),
};

export const archiveTotals = {
  total: z.number().int().meta({ description: 'The number of matching objects on all pages.' }),
  total_pages: z.number().int().meta({ description: 'The number of pages.' }),
};

/** What every archive page carries besides its items. */
export const archive = z.object({ ...archiveLinks, ...archiveTotals });

/**
 * An archive page (§2.1): the items under `key`, the links to the neighbouring pages and the
 * totals. Term archives put the items between the totals and the links, as WordPress does.
 */
export function archiveOf<K extends string, T extends z.ZodType>(
  key: K,
  item: T,
  what: string,
  order: 'items first' | 'totals first' = 'items first',
) {
  const items = { [key]: z.array(item).meta({ description: `The ${key} of this page.` }) } as {
    [P in K]: z.ZodArray<T>;
  };
  const { rest_url, ...neighbours } = archiveLinks;
  const shape =
    order === 'items first'
      ? { ...items, ...archiveLinks, ...archiveTotals }
      : { rest_url, ...archiveTotals, ...items, ...neighbours };
  return z.object(shape).meta({ description: `A page of ${what}.` });
}

export type DateDetailsWire = z.infer<typeof dateDetails>;
export type CostDetailsWire = z.infer<typeof costDetails>;
export type ImageSizeWire = z.infer<typeof imageSize>;
export type ImageWire = z.infer<typeof image>;
export type ApiErrorWire = z.infer<typeof apiError>;
export type ArchiveWire = z.infer<typeof archive>;
