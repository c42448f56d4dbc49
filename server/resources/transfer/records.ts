/** Stored rows → the records of the export document (shared/schemas/transfer.ts), keys in order. */
import type {
  ExportEvent,
  ExportMedia,
  ExportOrganizer,
  ExportSeries,
  ExportTerm,
  ExportUser,
  ExportVenue,
} from '../../../shared/schemas/transfer.js';
import { pick } from '../../../shared/pick.js';
import type { PostStatus } from '../../../shared/roles.js';
import { flagsOf, POST_COLUMNS } from '../../db/post-row.js';
import { parseCostColumn } from '../events/present.js';
import { EVENT_FLAGS, type EventRow } from '../../storage/events.js';
import type { LinkedRow } from '../linked-posts/kind.js';
import { ORGANIZER_TEXT_COLUMNS, type OrganizerRow } from '../organizers/kind.js';
import type { TermRow } from '../../storage/terms.js';
import { VENUE_TEXT_COLUMNS, type VenueRow } from '../venues/kind.js';
import type { TrashRow } from '../../storage/export.js';

type Trash = ExportEvent['trash'];

const trashOf = (row: TrashRow | undefined): Trash =>
  row
    ? {
        previous_status: row.previous_status as PostStatus,
        previous_slug: row.previous_slug,
        trashed_utc: row.trashed_utc,
      }
    : null;

export const userRecord = (row: Record<string, unknown>): ExportUser => ({
  id: row.id as number,
  login: row.login as string,
  email: row.email as string,
  display_name: row.display_name as string,
  role: row.role as ExportUser['role'],
});

export const mediaRecord = (row: Record<string, unknown>): ExportMedia => ({
  id: row.id as number,
  author: row.author as number | null,
  url: row.url as string,
  file: row.file as string,
  original_name: row.original_name as string,
  mime_type: row.mime_type as string,
  width: row.width as number | null,
  height: row.height as number | null,
  filesize: row.filesize as number | null,
  created_utc: row.created_utc as string,
});

export const termRecord = (row: TermRow): ExportTerm => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  description: row.description,
  parent: row.parent,
});

const postFields = (row: LinkedRow | EventRow) => ({
  ...pick(row, ['id', ...POST_COLUMNS]),
  image: row.image_id,
});

export const venueRecord = (row: VenueRow, trash: TrashRow | undefined): ExportVenue => ({
  ...postFields(row),
  ...pick(row, VENUE_TEXT_COLUMNS),
  show_map: row.show_map === 1,
  show_map_link: row.show_map_link === 1,
  geo_lat: row.geo_lat,
  geo_lng: row.geo_lng,
  trash: trashOf(trash),
});

export const organizerRecord = (
  row: OrganizerRow,
  trash: TrashRow | undefined,
): ExportOrganizer => ({
  ...postFields(row),
  ...pick(row, ORGANIZER_TEXT_COLUMNS),
  trash: trashOf(trash),
});

export const eventRecord = (
  row: EventRow,
  links: { organizers: number[]; categories: number[]; tags: number[] },
  trash: TrashRow | undefined,
): ExportEvent => ({
  ...postFields(row),
  parent: row.parent_id,
  timezone: row.timezone,
  start_date: row.start_local,
  end_date: row.end_local,
  all_day: row.all_day === 1,
  cost: parseCostColumn(row.cost),
  website: row.website,
  ...flagsOf(row, EVENT_FLAGS),
  event_status: row.event_status,
  event_status_reason: row.event_status_reason,
  venue: row.venue_id,
  organizers: links.organizers,
  categories: links.categories,
  tags: links.tags,
  trash: trashOf(trash),
  series: row.series_id,
  original_start: row.original_start_local,
  detached: row.detached === null ? null : (JSON.parse(row.detached) as string[]),
});

export const seriesRecord = (
  row: Record<string, unknown>,
  parts: { exceptions: string[] },
): ExportSeries => ({
  id: row.id as number,
  lines: JSON.parse(row.lines as string) as string[],
  timezone: row.timezone as string,
  all_day: row.all_day === 1,
  start_local: row.start_local as string,
  end_local: row.end_local as string,
  template: JSON.parse(row.template as string) as Record<string, unknown>,
  last_start_utc: row.last_start_utc as string | null,
  modified_utc: row.modified_utc as string,
  slot: row.slot as number,
  slot_origin: row.slot_origin as number,
  exceptions: parts.exceptions,
});
