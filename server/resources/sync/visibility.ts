/**
 * What a sync caller may be told. Objects are shown when the caller may read them now (as the
 * single routes decide, trashed ones never). An object the caller cannot read is reported as
 * deleted only when the caller could have seen it before: it was published at some point, it is
 * the caller's own, or the caller reads everything (editors and administrators). So an anonymous
 * client never learns even the id of a draft that was never published.
 */
import {
  canEditOthers,
  canEditPosts,
  canReadPost,
  type Actor,
  type PostStatus,
} from '../../../shared/roles.js';
import type { Access, ChangeRow, SyncKind } from '../../storage/changes.js';

export function accessOf(actor: Actor | null): Access {
  if (canEditOthers(actor)) return { kind: 'all' };
  if (actor !== null && canEditPosts(actor)) return { kind: 'own', user: actor.id };
  return { kind: 'public' };
}

/** The parts of a row readability depends on (terms have neither: they are public). */
export interface Readable {
  author?: number | null;
  status?: PostStatus;
}

export function readableNow(actor: Actor | null, kind: SyncKind, row: Readable): boolean {
  if (kind === 'category' || kind === 'tag') return true;
  const status = row.status ?? 'trash';
  if (status === 'trash') return false;
  return canReadPost(actor, { author: row.author ?? 0, status });
}

export function couldHaveSeen(actor: Actor | null, change: ChangeRow): boolean {
  if (change.kind === 'category' || change.kind === 'tag') return true;
  if (change.ever_public === 1 || canEditOthers(actor)) return true;
  return actor !== null && canEditPosts(actor) && change.author === actor.id;
}
