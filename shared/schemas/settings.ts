/** Site settings: one definition for the admin API's validation and the console's form. */
import { z } from 'zod';
import { isValidTimeZone } from '../time.js';
import { booleanLike, integerLike } from './coerce.js';
import { MAX_PER_PAGE } from './fields.js';

export const LANGUAGES = ['en', 'fr'] as const;

/** How often the server backs itself up (docs/contract/extensions.md §E4). */
export const BACKUP_SCHEDULES = ['off', 'daily', 'weekly'] as const;
export type BackupSchedule = (typeof BACKUP_SCHEDULES)[number];
export const MAX_BACKUP_KEEP = 365;

/** An absolute folder path on POSIX (`/…`) or Windows (`C:\…`, `\\server\share`), without control characters. */
function isAbsoluteFolder(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(value) || value.length > 1000) return false;
  return /^(\/|[A-Za-z]:[\\/]|\\\\[^\\])/.test(value);
}

export type Language = (typeof LANGUAGES)[number];

export type { Settings } from './wire/admin.js';

/**
 * Whether a URL can be the base of every link the server writes, in bodies and in headers: an
 * absolute http(s) URL of printable ASCII (a non-ASCII host name in its `xn--` form), without
 * user name, password, query or fragment. Anything else would break every page that echoes it.
 */
export function isPublicUrl(value: string): boolean {
  if (!/^https?:\/\/[\x21-\x7e]+$/i.test(value)) return false;
  const url = URL.parse(value);
  return (
    url !== null &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === '' &&
    url.search === '' &&
    url.hash === ''
  );
}

const origin = z
  .string()
  .trim()
  .refine(
    (value) => /^https?:\/\/[\x21-\x2e\x30-\x7e]+$/i.test(value.replace(/\/+$/, '')),
    'must be an origin such as https://example.org',
  )
  .transform((value) => value.replace(/\/+$/, '').toLowerCase());

/** The site's name as the public pages show it: plain text on one line. */
export const MAX_SITE_NAME = 100;

/** Every field optional: an update changes what it names and keeps the rest. */
export const settingsUpdateSchema = z.object({
  site_name: z
    .string()
    .trim()
    .min(1, 'must not be empty.')
    .max(MAX_SITE_NAME, `must be at most ${MAX_SITE_NAME} characters.`)
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\x00-\x1f\x7f]/.test(s), 'must be one line of text.')
    .optional(),
  site_logo: integerLike
    .refine((n) => n >= 0, 'must be the ID of an image of the media library, or 0 for none.')
    .optional(),
  timezone: z
    .string()
    .refine(isValidTimeZone, 'must be a valid time zone such as Europe/Paris.')
    .optional(),
  per_page: integerLike
    .refine((n) => n >= 1 && n <= MAX_PER_PAGE, `must be between 1 and ${MAX_PER_PAGE}.`)
    .optional(),
  currency_symbol: z.string().max(10, 'must be at most 10 characters.').optional(),
  currency_code: z
    .string()
    .refine((s) => s === '' || /^[A-Za-z]{3}$/.test(s), 'must be a three-letter code such as USD.')
    .transform((s) => s.toUpperCase())
    .optional(),
  currency_position: z
    .enum(['prefix', 'postfix'], { message: 'must be prefix or postfix.' })
    .optional(),
  language: z.enum(LANGUAGES, { message: `must be one of ${LANGUAGES.join(', ')}.` }).optional(),
  public_url: z
    .string()
    .trim()
    .refine(
      (s) => s === '' || isPublicUrl(s),
      'must be empty or an absolute http(s) URL of ASCII characters (a non-ASCII host name in its xn-- form), without user name, query or fragment.',
    )
    .transform((s) => s.replace(/\/+$/, ''))
    .optional(),
  lan_sharing: booleanLike.optional(),
  backup_schedule: z
    .enum(BACKUP_SCHEDULES, { message: `must be one of ${BACKUP_SCHEDULES.join(', ')}.` })
    .optional(),
  backup_keep: integerLike
    .refine((n) => n >= 1 && n <= MAX_BACKUP_KEEP, `must be between 1 and ${MAX_BACKUP_KEEP}.`)
    .optional(),
  backup_dir: z
    .string()
    .trim()
    .refine(
      (s) => s === '' || isAbsoluteFolder(s),
      'must be empty (the data folder’s backups/) or the absolute path of a folder.',
    )
    .optional(),
  cors_origins: z
    .union([z.array(origin), z.string()])
    .transform((v) => (Array.isArray(v) ? v : v.split(/[\s,]+/).filter((s) => s !== '')))
    .pipe(z.array(origin))
    .optional(),
});

export type SettingsUpdate = z.output<typeof settingsUpdateSchema>;
