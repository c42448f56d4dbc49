/**
 * Bulk actions on a page of items. Each runs item by item (the API has no batch route); the
 * caller applies the change to the cache first and rolls back whatever failed.
 */
import { admin, api, ApiFailure, ev } from '../api/client';
import type { Kind } from '../api/resources';

export type BulkAction =
  | { type: 'trash' }
  | { type: 'restore' }
  | { type: 'status'; status: string }
  | { type: 'category'; categoryId: number };

export async function restore(kind: Kind, id: number): Promise<void> {
  try {
    await api(admin(`trash/${id}/restore`), { method: 'POST' });
  } catch (error) {
    // Before the admin trash routes exist, an update to another status also restores (docs/contract/decisions.md 7).
    if (error instanceof ApiFailure && error.code === 'rest_no_route')
      await api(ev(`${kind}/${id}`), { method: 'PATCH', body: { status: 'draft' } });
    else throw error;
  }
}

export async function runOne(
  kind: Kind,
  item: { id: number; categories?: Array<{ id: number }> },
  action: BulkAction,
) {
  switch (action.type) {
    case 'trash':
      return api(ev(`${kind}/${item.id}`), { method: 'DELETE' });
    case 'restore':
      return restore(kind, item.id);
    case 'status':
      return api(ev(`${kind}/${item.id}`), { method: 'PATCH', body: { status: action.status } });
    case 'category': {
      const ids = new Set((item.categories ?? []).map((c) => c.id));
      ids.add(action.categoryId);
      return api(ev(`${kind}/${item.id}`), { method: 'PATCH', body: { categories: [...ids] } });
    }
  }
}

/** What the item looks like once the action succeeds, for the optimistic cache update. */
export function applyLocally<T extends { status?: string }>(item: T, action: BulkAction): T {
  if (action.type === 'trash') return { ...item, status: 'trash' };
  if (action.type === 'restore') return { ...item, status: 'draft' };
  if (action.type === 'status') return { ...item, status: action.status };
  return item;
}

/** What an item was before an action: enough to put it back (Undo). */
export interface Before {
  id: number;
  status?: string | undefined;
  categories?: number[] | undefined;
}

export const beforeOf = (item: {
  id: number;
  status?: string;
  categories?: Array<{ id: number }>;
}): Before => ({
  id: item.id,
  status: item.status,
  categories: item.categories?.map((c) => c.id),
});

/** Puts one item back as it was before `action`. */
export async function undoOne(kind: Kind, before: Before, action: BulkAction) {
  switch (action.type) {
    case 'trash':
      await restore(kind, before.id);
      // A restore comes back as a draft: give back the status it had.
      if (before.status && before.status !== 'draft')
        await api(ev(`${kind}/${before.id}`), { method: 'PATCH', body: { status: before.status } });
      return;
    case 'restore':
      return api(ev(`${kind}/${before.id}`), { method: 'DELETE' });
    case 'status':
      return api(ev(`${kind}/${before.id}`), {
        method: 'PATCH',
        body: { status: before.status },
      });
    case 'category':
      return api(ev(`${kind}/${before.id}`), {
        method: 'PATCH',
        body: { categories: before.categories ?? [] },
      });
  }
}
