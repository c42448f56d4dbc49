/**
 * The trash aggregate: trashed events, venues and organizers (status `trash`), what they were
 * before (table trash_meta), restoring them and deleting them for good.
 */
import type { PostStatus } from '../../shared/roles.js';

export const TRASH_KINDS = ['event', 'venue', 'organizer'] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

/** Each kind's table (posts.kind → table); adapters take table names from here only. */
export const TRASH_TABLES: Record<TrashKind, 'events' | 'venues' | 'organizers'> = {
  event: 'events',
  venue: 'venues',
  organizer: 'organizers',
};

/** A trashed object with what restoring it gives back. */
export interface TrashRow {
  id: number;
  kind: TrashKind;
  title: string;
  /** The slug it has while trashed (usually with `__trashed` appended). */
  slug: string;
  author: number | null;
  modified_utc: string;
  /** From trash_meta; null when the object went to the trash without a record. */
  previous_status: PostStatus | null;
  previous_slug: string | null;
  trashed_utc: string | null;
}

/** Who may see which rows: everyone's, or one author's (optionally only unpublished ones). */
export interface TrashScope {
  all: boolean;
  author: number;
  /** Whether the author's formerly published objects are included. */
  published: boolean;
}

export interface TrashQuery {
  kinds: readonly TrashKind[];
  scope: TrashScope;
  limit: number;
  offset: number;
}

export interface TrashReader {
  /**
   * A page of the trash, most recently trashed first, and its total, read together. Lists the
   * objects trashed with a record (every trashing through the API writes one).
   */
  list(query: TrashQuery): Promise<{ rows: TrashRow[]; total: number }>;
  /** The event, venue or organizer with this id, trashed or not, with its current status. */
  find(id: number): Promise<(TrashRow & { status: PostStatus }) | undefined>;
}

export interface TrashRepository extends TrashReader {
  /**
   * Gives a trashed object back this status and slug, and forgets its record; answers the slug
   * it got. A slug another live object took in the meantime gets a `-2`, `-3`… suffix, as
   * WordPress does when it untrashes.
   */
  restore(
    id: number,
    kind: TrashKind,
    status: PostStatus,
    slug: string,
    nowUtc: string,
  ): Promise<string>;
  /** Deletes the object for good (its links and record with it); whether it existed. */
  remove(id: number): Promise<boolean>;
  /** Deletes every trashed event, venue and organizer for good; answers how many. */
  empty(): Promise<number>;
}
