/**
 * Writing the records of an export document (resources/transfer/import.ts, docs/contract/
 * extensions.md E4): rows under the ids the import chose (the document's own into an empty
 * calendar, new ones otherwise), what a calendar already holds, and the slugs already taken.
 * Every call runs in the import's unit of work. Ids given to rows are counted as taken: a later
 * new id follows the highest one, on either engine.
 */
import { eventWritten, linkedPostWritten } from './change-log.js';
import { EVENT_COLUMNS } from './events.js';
import type { ChangeLogStore } from './change-log.js';
import type { Steps } from './steps.js';
import { linkedColumns, ORGANIZER_TABLE, VENUE_TABLE } from './linked-posts.js';

/** A row's columns and values, as the document's records give them. */
export type ImportValues = Record<string, string | number | null>;

export type ImportedPost = 'media' | 'venue' | 'organizer' | 'event';
export type SlugTable = 'events' | 'venues' | 'organizers';

/** Each post kind's table and the columns the import writes, the id first. */
export const IMPORTED_POSTS: Record<ImportedPost, { table: string; columns: readonly string[] }> = {
  media: {
    table: 'media',
    columns: [
      'id',
      'author',
      'url',
      'file',
      'original_name',
      'mime_type',
      'width',
      'height',
      'filesize',
      'created_utc',
    ],
  },
  venue: { table: 'venues', columns: ['id', ...linkedColumns(VENUE_TABLE)] },
  organizer: { table: 'organizers', columns: ['id', ...linkedColumns(ORGANIZER_TABLE)] },
  event: { table: 'events', columns: ['id', ...EVENT_COLUMNS] },
};

export const IMPORTED_SERIES_COLUMNS = [
  'id',
  'lines',
  'timezone',
  'all_day',
  'start_local',
  'end_local',
  'template',
  'last_start_utc',
  'modified_utc',
  'slot',
  'slot_origin',
  'created_utc',
  // Unused since migration 0022, and written ''.
  'generated_from_utc',
  'generated_until_utc',
] as const;

export interface ImportedUser {
  /** Kept when free, else a new id. */
  id: number | null;
  login: string;
  email: string;
  display_name: string;
  role: string;
  password_hash: string;
  now: string;
}

export interface DocumentImportRepository {
  /** Nothing but users and settings (no post, no term): the document's ids can be kept. */
  isEmpty(): Promise<boolean>;
  /** The user with this login (ASCII case folded), if any. */
  userByLogin(login: string): Promise<number | undefined>;
  insertUser(user: ImportedUser): Promise<number>;
  /** A post and its row, under `wanted` when given and free, else a new id; answers the id. */
  insertPost(kind: ImportedPost, wanted: number | undefined, values: ImportValues): Promise<number>;
  /** A series under its first event's id, with its occurrences deleted for good. */
  insertSeries(values: ImportValues & { id: number }, exceptions: readonly string[]): Promise<void>;
  /** The next free series number of the reserved id range (shared/recurrence/occurrence-id.ts). */
  nextSlot(): Promise<number>;
  setEventParent(id: number, parent: number | null): Promise<void>;
  /** Makes an imported event an occurrence of an imported series. */
  joinSeries(
    id: number,
    series: number,
    original: string | null,
    detached: string | null,
  ): Promise<void>;
  /** An event's organizers and terms, in the order given (a repeated id once). */
  link(eventId: number, organizers: readonly number[], terms: readonly number[]): Promise<void>;
  /** What a trashed post was before the trash. */
  trash(postId: number, status: string, slug: string, at: string): Promise<void>;
  termBySlug(taxonomy: string, slug: string): Promise<number | undefined>;
  /** A term under `wanted` when given and free, else a new id. */
  insertTerm(wanted: number | undefined, values: ImportValues): Promise<number>;
  setTermParent(id: number, parent: number | null): Promise<void>;
  /** The slugs among `base`, `base-2`, `base-3`, … the table already uses. */
  slugVariants(table: SlugTable, base: string): Promise<Set<string>>;
  /** The same among a taxonomy's terms. */
  termSlugVariants(taxonomy: string, base: string): Promise<Set<string>>;
}

/** What the change log records of a post the import wrote (media are not in the feed). */
export function* postImported(
  kind: ImportedPost,
  id: number,
  values: ImportValues,
): Steps<ChangeLogStore, void> {
  if (kind === 'event') yield* eventWritten(id, undefined, String(values.status));
  else if (kind !== 'media') yield* linkedPostWritten(kind, id, undefined);
}
