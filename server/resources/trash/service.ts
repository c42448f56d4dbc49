/**
 * The trash of events, venues and organizers: list, restore, delete for good, empty
 * (docs/contract/decisions.md 7: deleting for good happens only here).
 *
 * Who may act on one object follows WordPress's `delete_post` on a trashed post: the rules of
 * `canDeletePost` applied to the status the object had before it was trashed. So editors and
 * administrators act on everyone's; authors on their own; contributors on their own that were
 * never published. Emptying the whole trash is for administrators only.
 */
import {
  canDeletePost,
  canEditOthers,
  canEditPosts,
  canPublish,
  type Actor,
  type PostStatus,
} from '../../../shared/roles.js';
import { formatUtc } from '../../../shared/time.js';
import type { CoreServices } from '../../core.js';
import type { StoragePorts } from '../../storage/storage.js';
import type { TrashKind, TrashRow } from '../../storage/trash.js';

export interface TrashListQuery {
  kinds: readonly TrashKind[];
  page: number;
  perPage: number;
}

/** A trashed object as the trash shows it: what restoring it gives back. */
export interface TrashEntry {
  id: number;
  kind: TrashKind;
  title: string;
  author: number | null;
  /** The slug it gets back on restore. */
  slug: string;
  trashed_utc: string;
  previous_status: PostStatus;
}

/** WordPress appends `__trashed` (and maybe `-2`) to the slug of a trashed post. */
const TRASHED_SUFFIX = /__trashed(?:-\d+)?$/;

export function toEntry(row: TrashRow): TrashEntry {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    author: row.author,
    slug: row.previous_slug ?? row.slug.replace(TRASHED_SUFFIX, ''),
    trashed_utc: row.trashed_utc ?? row.modified_utc,
    // An object trashed without a record comes back as a draft, like WordPress 5.6+ untrash.
    previous_status: row.previous_status ?? 'draft',
  };
}

/** Whether the actor may restore or delete this trashed object. */
export function canManageTrashed(actor: Actor | null, entry: TrashEntry): boolean {
  return canDeletePost(actor, { author: entry.author ?? 0, status: entry.previous_status });
}

/** Listing the trash needs the edit capability; what it shows depends on the role. */
export const canListTrash = (actor: Actor | null): boolean => canEditPosts(actor);

/**
 * Reads through `storage.read.trash`, writes each in its unit of work. The route checks the
 * permission on the object it read, and again inside the write (`permissionInWrite`).
 */
export function createTrashService(
  storage: StoragePorts<'trash', 'trash'>,
  core: Pick<CoreServices, 'clock'>,
) {
  const now = () => formatUtc(core.clock.now());
  const inTrash = (row: (TrashRow & { status: PostStatus }) | undefined) =>
    row?.status === 'trash' ? toEntry(row) : undefined;

  return {
    async list(
      actor: Actor,
      query: TrashListQuery,
    ): Promise<{ entries: TrashEntry[]; total: number }> {
      const { rows, total } = await storage.read.trash.list({
        kinds: query.kinds,
        scope: { all: canEditOthers(actor), author: actor.id, published: canPublish(actor) },
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
      });
      return { entries: rows.map(toEntry), total };
    },

    /** The trashed object with this id, or undefined when there is none in the trash. */
    find: async (id: number): Promise<TrashEntry | undefined> =>
      inTrash(await storage.read.trash.find(id)),

    /** Whether the id names an event, venue or organizer at all (trashed or not). */
    exists: async (id: number): Promise<boolean> =>
      (await storage.read.trash.find(id)) !== undefined,

    async restore(entry: TrashEntry): Promise<TrashEntry & { status: PostStatus }> {
      const timestamp = now();
      return storage.write(async (uow) => {
        // The status and slug it had as they are now, under the write lock.
        const current = inTrash(await uow.trash.find(entry.id)) ?? entry;
        const slug = await uow.trash.restore(
          current.id,
          current.kind,
          current.previous_status,
          current.slug,
          timestamp,
        );
        return { ...current, slug, status: current.previous_status };
      });
    },

    remove: (entry: TrashEntry): Promise<boolean> =>
      storage.write((uow) => uow.trash.remove(entry.id)),

    /** Deletes everything in the trash; returns how many objects went. */
    empty: (): Promise<number> => storage.write((uow) => uow.trash.empty()),
  };
}

export type TrashService = ReturnType<typeof createTrashService>;
