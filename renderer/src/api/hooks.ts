/**
 * Data fetching and caching with TanStack Query. Writes are optimistic: the cache shows the
 * change at once and rolls back if the server refuses it.
 */
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { admin, api, ev, request, type Query } from './client';
import { RESOURCE, type ItemOf, type Kind } from './resources';
import { rememberVersion } from './versions';
import type { ArchiveWire } from '../../../shared/schemas/wire';

export interface Page<T> extends ArchiveWire {
  items: T[];
}

export const keys = {
  list: (kind: Kind, query: Query = {}) => [kind, 'list', query] as const,
  all: (kind: Kind) => [kind] as const,
  item: (kind: Kind, id: number) => [kind, 'item', id] as const,
};

export async function fetchPage<K extends Kind>(
  kind: K,
  query: Query,
  signal?: AbortSignal,
): Promise<Page<ItemOf[K]>> {
  try {
    const body = await api<ArchiveWire & Record<string, unknown>>(ev(kind), { query, signal });
    return { ...body, items: (body[kind] as ItemOf[K][] | undefined) ?? [] };
  } catch (error) {
    // A page past the end is a 404 on events, venues and organizers; show it as an empty page.
    if (
      error instanceof Error &&
      'code' in error &&
      String(error.code).endsWith('archive-page-not-found')
    )
      return { items: [], rest_url: '', total: 0, total_pages: 0 };
    throw error;
  }
}

export function useList<K extends Kind>(kind: K, query: Query) {
  return useQuery({
    queryKey: keys.list(kind, query),
    queryFn: ({ signal }) => fetchPage(kind, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every item of a small collection (pickers): follows the pages, 50 at a time. */
export function useAll<K extends Kind>(kind: K, query: Query = {}) {
  return useQuery({
    queryKey: [...keys.list(kind, query), 'all'],
    queryFn: async ({ signal }) => {
      const items: Array<ItemOf[K]> = [];
      for (let page = 1; page <= 20; page++) {
        const result = await fetchPage(kind, { ...query, per_page: 50, page }, signal);
        items.push(...result.items);
        if (page >= result.total_pages) break;
      }
      return items;
    },
  });
}

export function useItem<K extends Kind>(kind: K, id: number | null) {
  return useQuery({
    queryKey: keys.item(kind, id ?? 0),
    queryFn: async ({ signal }) => {
      const answer = await request<ItemOf[K]>(ev(`${kind}/${id}`), { signal });
      rememberVersion(kind, id!, answer.headers);
      return answer.body;
    },
    enabled: id !== null,
  });
}

export function saveItem<K extends Kind>(
  kind: K,
  id: number | null,
  body: Record<string, unknown>,
  query?: Query,
  ifMatch?: string,
  idempotencyKey?: string,
) {
  return id === null
    ? api<ItemOf[K]>(ev(kind), {
        method: 'POST',
        body,
        query,
        ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
      })
    : api<ItemOf[K]>(ev(`${kind}/${id}`), {
        method: 'PATCH',
        body,
        query,
        ...(ifMatch ? { headers: { 'if-match': ifMatch } } : {}),
      });
}

/**
 * A save: the changed fields, query parameters such as an occurrence's `scope`, and the version
 * the changes were made to (`If-Match`: a 412 when someone else saved in between).
 */
export interface SaveInput {
  body: Record<string, unknown>;
  query?: Query;
  ifMatch?: string;
  /** For a create: the same key on every attempt, so a retry never makes a second item. */
  idempotencyKey?: string;
}

/**
 * Lists hold snapshots; after a write they are refetched (they may filter or sort differently).
 * Single items are left alone: their editor updates them from the write's own answer.
 */
export function invalidate(client: QueryClient, ...kinds: Kind[]) {
  for (const kind of kinds)
    void client.invalidateQueries({
      queryKey: keys.all(kind),
      predicate: (q) => q.queryKey[1] !== 'item',
    });
}

/**
 * Update with an optimistic patch of the cached item; on failure the previous value comes back
 * and the error reaches the form.
 */
export function useSave<K extends Kind>(kind: K, id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, query, ifMatch, idempotencyKey }: SaveInput) =>
      saveItem(kind, id, body, query, ifMatch, idempotencyKey),
    onMutate: async ({ body }) => {
      if (id === null) return { previous: undefined };
      await client.cancelQueries({ queryKey: keys.item(kind, id) });
      const previous = client.getQueryData<ItemOf[K]>(keys.item(kind, id));
      if (previous)
        client.setQueryData(keys.item(kind, id), { ...previous, ...scalarFields(body) });
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (id !== null && context?.previous)
        client.setQueryData(keys.item(kind, id), context.previous);
    },
    onSuccess: async (item) => {
      const saved = keys.item(kind, (item as { id: number }).id);
      client.setQueryData(saved, item);
      invalidate(client, kind, ...(RESOURCE[kind].terms ? (['events'] as Kind[]) : []));
      if (kind !== 'events') invalidate(client, 'events');
      // Read again for the version a next save will name (a write's answer has no json_ld, so
      // its tag is not the one a read gives), and only then resolve the save: an editor that
      // took the version before this read would send a stale If-Match and get a false 412.
      await client.refetchQueries({ queryKey: saved, exact: true, type: 'active' });
    },
  });
}

/** Only plain values are merged optimistically; linked objects wait for the server's answer. */
function scalarFields(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).filter(([, v]) => typeof v !== 'object' || v === null),
  );
}

export async function trashItem(kind: Kind, id: number) {
  return (await request(ev(`${kind}/${id}`), { method: 'DELETE' })).body;
}

/** One admin resource, cached under its path: the key the screens that change it invalidate. */
export function useAdminRead<T>(path: string, enabled = true) {
  return useQuery({ queryKey: [path], queryFn: () => api<T>(admin(path)), enabled });
}
