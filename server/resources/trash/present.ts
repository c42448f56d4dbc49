/** Trash entries as the admin namespace shows them (shapes in shared/schemas/wire/admin.ts). */
import type { PostStatus } from '../../../shared/roles.js';
import type { RestoredWire, TrashItemWire } from '../../../shared/schemas/wire/admin.js';
import type { TrashEntry } from './service.js';

export const presentTrashItem = (entry: TrashEntry): TrashItemWire => ({
  id: entry.id,
  kind: entry.kind,
  title: entry.title,
  slug: entry.slug,
  trashed_utc: entry.trashed_utc,
  previous_status: entry.previous_status,
});

export const presentRestored = (entry: TrashEntry & { status: PostStatus }): RestoredWire => ({
  id: entry.id,
  kind: entry.kind,
  title: entry.title,
  slug: entry.slug,
  status: entry.status,
});
