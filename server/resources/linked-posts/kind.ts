/**
 * What differs between venues and organizers, the reference's two "linked post" types. Everything
 * else (storage, listing, duplicates, trash, presentation) is shared code driven by this record.
 * Column names here are fixed strings, never input: the SQL built from them is a fixed set.
 */
import type { PostStatus } from '../../../shared/roles.js';

/** The columns both tables share. */
export interface LinkedRow {
  id: number;
  author: number | null;
  status: PostStatus;
  slug: string;
  title: string;
  description: string;
  excerpt: string;
  date_utc: string;
  modified_utc: string;
  image_id: number | null;
}

/** A row with the type's own columns (text details, flags, coordinates). */
export type AnyLinkedRow = LinkedRow & Record<string, string | number | null>;

/** The values a write stores: every column but `id`. */
export type LinkedValues = Omit<AnyLinkedRow, 'id'>;

export interface LinkedKind {
  type: 'venue' | 'organizer';
  /** `venues` / `organizers`: the table and the REST collection. */
  table: 'venues' | 'organizers';
  /** The wire key holding the title: `venue` / `organizer`. */
  nameField: 'venue' | 'organizer';
  /** Text columns after `image` in the wire shape, in order (docs/contract/compat-notes.md §1.4, §1.5). */
  textColumns: readonly string[];
  /** Other columns of the table (flags, coordinates), stored as given by `details`. */
  extraColumns: readonly string[];
  /** Columns searched besides title, description and excerpt (docs/contract/compat-notes.md §3.4). */
  searchColumns: readonly string[];
  /** Matches rows linked to an event `@event` (listing `event=`). */
  eventFilter: string;
  /** Matches rows with an event whose status is not in `@hidden` (`has_events`). */
  hasEventsFilter: string;
  /** Matches rows with an event starting at or after `@now` with a status in `@visible`. */
  upcomingFilter: string;
  /** Removes the links from events to post `?` (trashing, docs/contract/decisions.md 6). */
  unlinkSql: string;
  messages: {
    notAccessible: string;
    inTrash: string;
    archivePageNotFound: string;
    invalidId: string;
  };
}
