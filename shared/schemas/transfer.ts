/**
 * The export document (docs/contract/extensions.md E4): `{"format":"almanac-export","version":1,
 * ...}` with settings (no secrets, nothing tied to one machine), users (no credentials), media
 * metadata, categories, tags, venues, organizers and events, in that order (everything is listed
 * after what it links to). One record schema per kind validates an import; the export writes the
 * same shape. Ids are those of the calendar it came from; links between records use them.
 */
import { MAX_SLOT } from '../recurrence/occurrence-id.js';
import { z } from 'zod';
import { isValidTimeZone } from '../time.js';
import { POST_STATUSES, ROLES } from '../roles.js';
import { booleanLike } from './coerce.js';
import { eventStatusValue, MAX_STATUS_REASON } from './event-status.js';

export const EXPORT_FORMAT = 'almanac-export';
export const EXPORT_VERSION = 1;

/** `YYYY-MM-DD HH:MM:SS`, as stored. */
const WALL = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const wall = z.string().regex(WALL, 'must be a date and time as YYYY-MM-DD HH:MM:SS.');
const id = z.number().int().positive();
const ref = id.nullable();
const text = (max: number) => z.string().max(max);

export const PORTABLE_SETTINGS = [
  'site_name',
  'site_logo',
  'timezone',
  'per_page',
  'currency_symbol',
  'currency_code',
  'currency_position',
  'language',
] as const;

export const exportSettings = z
  .object({
    site_name: text(100).min(1),
    // A media id of the same document: settings are applied only where ids are kept.
    site_logo: z.number().int().min(0),
    timezone: z.string().refine(isValidTimeZone, 'must be a valid time zone.'),
    per_page: z.number().int().min(1).max(50),
    currency_symbol: text(20),
    currency_code: text(10),
    currency_position: z.enum(['prefix', 'postfix']),
    language: z.enum(['en', 'fr']),
  })
  .partial();

export const exportUser = z.object({
  id,
  login: text(60).min(1),
  email: text(200),
  display_name: text(250),
  role: z.enum(ROLES),
});

export const exportMedia = z.object({
  id,
  author: ref,
  url: text(2000),
  file: text(300),
  original_name: text(300),
  mime_type: text(100),
  width: z.number().int().nonnegative().nullable(),
  height: z.number().int().nonnegative().nullable(),
  filesize: z.number().int().nonnegative().nullable(),
  created_utc: wall,
});

export const exportTerm = z.object({
  id,
  name: text(200).min(1),
  slug: text(200).min(1),
  description: text(100_000),
  parent: ref,
  /** Categories only (docs/api/terms.md); a document written before colours imports without. */
  color: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i, 'must be a colour written #rrggbb.')
    .transform((s) => s.toLowerCase())
    .nullable()
    .optional(),
});

const trash = z
  .object({ previous_status: z.enum(POST_STATUSES), previous_slug: text(300), trashed_utc: wall })
  .nullable();

const post = {
  id,
  author: ref,
  status: z.enum(POST_STATUSES),
  slug: text(300),
  title: text(1000).min(1),
  description: text(1_000_000),
  excerpt: text(100_000),
  date_utc: wall,
  modified_utc: wall,
  image: ref,
};

export const exportVenue = z.object({
  ...post,
  address: text(500),
  city: text(200),
  country: text(200),
  province: text(200),
  state: text(200),
  zip: text(50),
  phone: text(100),
  website: text(2000),
  stateprovince: text(200),
  show_map: z.boolean(),
  show_map_link: z.boolean(),
  geo_lat: z.number().min(-90).max(90).nullable(),
  geo_lng: z.number().min(-180).max(180).nullable(),
  trash,
});

export const exportOrganizer = z.object({
  ...post,
  phone: text(100),
  website: text(2000),
  email: text(200),
  trash,
});

export const exportEvent = z.object({
  ...post,
  parent: ref,
  timezone: z.string().refine(isValidTimeZone, 'must be a valid time zone.'),
  start_date: wall,
  end_date: wall,
  all_day: z.boolean(),
  cost: z.array(text(200)).max(20),
  website: text(2000).nullable(),
  show_map: z.boolean(),
  show_map_link: z.boolean(),
  hide_from_listings: z.boolean(),
  sticky: z.boolean(),
  featured: z.boolean(),
  // Documents written before events had a status (docs/contract/extensions.md §E7) hold none.
  event_status: eventStatusValue.default('scheduled'),
  event_status_reason: text(MAX_STATUS_REASON).default(''),
  venue: ref,
  organizers: z.array(id).max(100),
  categories: z.array(id).max(200),
  tags: z.array(id).max(200),
  trash,
  /** The series the event is an occurrence of (its id is the first occurrence's), if any. */
  series: ref,
  original_start: wall.nullable(),
  detached: z.array(text(100)).max(100).nullable(),
});

/** A recurring series (docs/api/recurrence.md), stored as the recurrence code keeps it. */
export const exportSeries = z.object({
  id,
  lines: z.array(text(2000)).max(1000),
  timezone: z.string().refine(isValidTimeZone, 'must be a valid time zone.'),
  all_day: z.boolean(),
  start_local: wall,
  end_local: wall,
  template: z.record(z.string(), z.unknown()),
  last_start_utc: wall.nullable(),
  modified_utc: wall,
  /** The series' number and day 0 of its occurrences' ids; given a new one when absent. */
  slot: z.number().int().min(1).max(MAX_SLOT).optional(),
  slot_origin: z.number().int().optional(),
  exceptions: z.array(wall).max(100_000),
  /** Written by versions that stored every occurrence: read and ignored. */
  generated_from_utc: z.union([wall, z.literal('')]).optional(),
  generated_until_utc: z.union([wall, z.literal('')]).optional(),
  windows: z
    .array(z.object({ from_utc: wall, until_utc: wall }))
    .max(10_000)
    .optional(),
});

export type ExportUser = z.infer<typeof exportUser>;
export type ExportMedia = z.infer<typeof exportMedia>;
export type ExportTerm = z.infer<typeof exportTerm>;
export type ExportVenue = z.infer<typeof exportVenue>;
export type ExportOrganizer = z.infer<typeof exportOrganizer>;
export type ExportEvent = z.infer<typeof exportEvent>;
export type ExportSeries = z.infer<typeof exportSeries>;
export type ExportSettings = z.infer<typeof exportSettings>;

/** The sections of a document, in the order they are written and imported. */
export const EXPORT_SECTIONS = [
  'users',
  'media',
  'categories',
  'tags',
  'venues',
  'organizers',
  'series',
  'events',
] as const;
export type ExportSection = (typeof EXPORT_SECTIONS)[number];

export const SECTION_SCHEMAS = {
  users: exportUser,
  media: exportMedia,
  categories: exportTerm,
  tags: exportTerm,
  venues: exportVenue,
  organizers: exportOrganizer,
  series: exportSeries,
  events: exportEvent,
} as const;

const section = (description: string) =>
  z.array(z.unknown()).default([]).meta({ type: 'array', description });

/** The envelope; records are checked one by one so one bad record does not hide the others. */
export const exportDocument = z.object({
  format: z.literal(EXPORT_FORMAT).meta({ description: 'Always almanac-export.' }),
  version: z.literal(EXPORT_VERSION).meta({ description: 'The version of the format: 1.' }),
  settings: z
    .record(z.string(), z.unknown())
    .default({})
    .meta({ type: 'object', description: 'Site settings that do not depend on the machine.' }),
  users: section('Users, without credentials.'),
  media: section('Media metadata.'),
  categories: section('Event categories.'),
  tags: section('Event tags.'),
  venues: section('Venues.'),
  organizers: section('Organizers.'),
  series: section('Recurring series.'),
  events: section('Events.'),
});

/** `POST /admin/v1/import` arguments besides the document's own keys. */
export const importArgs = {
  dry_run: booleanLike
    .default(false)
    .meta({ type: 'boolean', description: 'Report what the import would do without writing.' }),
};

/** `POST /admin/v1/import/remote`. */
export const remoteImportSchema = z.object({
  url: z.string().min(1, 'must be the address of a site.').max(2000).meta({
    description:
      'The address of a site that serves the reference API, such as https://example.org.',
  }),
  username: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'A user of that site; without one only published content is read.' }),
  password: z
    .string()
    .max(500)
    .optional()
    .meta({ description: 'That user’s password or application password.' }),
  ...importArgs,
});

export interface ImportReport {
  dry_run: boolean;
  /** `kept`: into an empty calendar, with the document's ids; `remapped`: new ids. */
  ids: 'kept' | 'remapped';
  created: number;
  updated: number;
  unchanged: number;
  skipped: Array<{ kind: string; id: number; reason: string }>;
  errors: Array<{ kind: string; id: number | null; message: string }>;
  /** The ids the imported events have here. */
  events: number[];
}
