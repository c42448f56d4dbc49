/** Wire shapes of the trash (admin namespace). */
import type { PostStatus } from '../../../shared/roles.js';
import type { TrashKind } from './store.js';
import type { TrashEntry } from './service.js';

export interface TrashItemWire {
  id: number;
  kind: TrashKind;
  title: string;
  slug: string;
  trashed_utc: string;
  previous_status: PostStatus;
}

export interface RestoredWire {
  id: number;
  kind: TrashKind;
  title: string;
  slug: string;
  status: PostStatus;
}

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
