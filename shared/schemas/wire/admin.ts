/**
 * Wire shapes of the admin namespace (`/api/calendar/admin/v1`): what the server sends to the
 * console. Tests check real responses against them, as for the calendar shapes.
 */
import { z } from 'zod';
import { POST_STATUSES, ROLES } from '../../roles.js';
import { BACKUP_SCHEDULES, LANGUAGES } from '../settings.js';
import { USER_LOCALES } from '../users.js';
import { SEARCH_TYPES } from '../admin-search.js';

const utc = z.string();
const total = z.number().int();

export const user = z.object({
  id: z.number().int(),
  login: z.string(),
  email: z.string(),
  display_name: z.string(),
  role: z.enum(ROLES),
  locale: z.enum(USER_LOCALES),
  registered_utc: utc,
  modified_utc: utc,
});
export const userArchive = z.object({ users: z.array(user), total, total_pages: total });

export const session = z.object({ token: z.string(), expires_utc: utc, user });

/** Application passwords are listed without their secret; the create answer shows it once. */
export const appPassword = z.object({
  uuid: z.string(),
  name: z.string(),
  created_utc: utc,
  last_used_utc: utc.nullable(),
});
export const newAppPassword = appPassword.extend({ password: z.string() });

export const settings = z.object({
  site_name: z.string(),
  site_logo: z.number().int(),
  timezone: z.string(),
  per_page: z.number().int(),
  currency_symbol: z.string(),
  currency_code: z.string(),
  currency_position: z.enum(['prefix', 'postfix']),
  language: z.enum(LANGUAGES),
  public_url: z.string(),
  lan_sharing: z.boolean(),
  cors_origins: z.array(z.string()),
  backup_schedule: z.enum(BACKUP_SCHEDULES),
  backup_keep: z.number().int(),
  backup_dir: z.string(),
});
/** The settings, and the names of those that flags or environment variables fix. */
export const settingsAnswer = settings.extend({ overridden: z.array(z.string()) });

export const network = z.object({
  bind_host: z.string(),
  port: z.number().int(),
  lan_sharing: z.boolean(),
  lan_addresses: z.array(z.string()),
  fixed_by_config: z.boolean(),
  console_urls: z.array(z.string()),
});

const nullableInt = z.number().int().nullable();

export const mediaItem = z.object({
  id: z.number().int(),
  url: z.string(),
  /** The file name in the media folder; `""` for external images. */
  file: z.string(),
  external: z.boolean(),
  mime_type: z.string(),
  extension: z.string(),
  width: nullableInt,
  height: nullableInt,
  filesize: nullableInt,
  author: nullableInt,
  date_utc: utc,
});
export const mediaArchive = z.object({ media: z.array(mediaItem), total, total_pages: total });

const trashKind = z.enum(['event', 'venue', 'organizer']);
const trashHead = { id: z.number().int(), kind: trashKind, title: z.string(), slug: z.string() };

export const trashItem = z.object({
  ...trashHead,
  trashed_utc: utc,
  previous_status: z.enum(POST_STATUSES),
});
export const trashPage = z.object({ items: z.array(trashItem), total });
export const restored = z.object({ ...trashHead, status: z.enum(POST_STATUSES) });

export const backupFile = z.object({
  name: z.string(),
  size: z.number().int(),
  created_utc: utc,
});
export const backupList = z.object({ backups: z.array(backupFile), total });
/** The last scheduled backup: claimed (`finished_utc` null while it runs), then its result. */
export const backupRun = z.object({
  started_utc: utc,
  finished_utc: utc.nullable(),
  ok: z.boolean().nullable(),
  name: z.string().nullable(),
  error: z.string().nullable(),
});
export const backupScheduleStatus = z.object({
  schedule: z.enum(BACKUP_SCHEDULES),
  keep: z.number().int(),
  folder: z.string().nullable(),
  next_utc: utc.nullable(),
  last: backupRun.nullable(),
});

export type BackupFileWire = z.infer<typeof backupFile>;
export type BackupListWire = z.infer<typeof backupList>;
export type BackupRunWire = z.infer<typeof backupRun>;
export type BackupScheduleWire = z.infer<typeof backupScheduleStatus>;
export type UserWire = z.infer<typeof user>;
export type UserArchiveWire = z.infer<typeof userArchive>;
export type SessionWire = z.infer<typeof session>;
export type AppPasswordWire = z.infer<typeof appPassword>;
export type NewAppPasswordWire = z.infer<typeof newAppPassword>;
export type Settings = z.infer<typeof settings>;
export type SettingsWire = z.infer<typeof settingsAnswer>;
export type NetworkWire = z.infer<typeof network>;
export type MediaWire = z.infer<typeof mediaItem>;
export type MediaArchiveWire = z.infer<typeof mediaArchive>;
export type TrashKind = z.infer<typeof trashKind>;
export type TrashItemWire = z.infer<typeof trashItem>;
export type TrashPageWire = z.infer<typeof trashPage>;
export type RestoredWire = z.infer<typeof restored>;

/** One search result: what it is, its name and where the console shows it. */
export const searchHit = z.object({
  type: z.enum(SEARCH_TYPES),
  id: z.number().int(),
  title: z.string(),
  status: z.string(),
  /** The console page of the item, from the site root (`/console/events/12`). */
  link: z.string(),
});
export const searchAnswer = z.object({
  groups: z.array(z.object({ type: z.enum(SEARCH_TYPES), items: z.array(searchHit) })),
});
export type SearchHit = z.infer<typeof searchHit>;
export type SearchAnswer = z.infer<typeof searchAnswer>;
