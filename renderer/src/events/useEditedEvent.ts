/**
 * The event an editor shows: the single read, or for a trashed event (which the API refuses to
 * read: 403 event-no-longer-available) the same event from the trash listing, so that it can
 * be shown read-only with its Restore.
 */
import { useQuery } from '@tanstack/react-query';
import { api, ev } from '../api/client';
import { keys, useItem } from '../api/hooks';
import type { EventArchiveWire } from '../../../shared/schemas/wire';
import { isTrashedError } from '../ui/TrashedNotice';

export function useEditedEvent(id: number | null) {
  const item = useItem('events', id);
  const inTrash = id !== null && isTrashedError(item.error);
  const trashed = useQuery({
    queryKey: [...keys.all('events'), 'trashed', id],
    enabled: inTrash,
    queryFn: async ({ signal }) => {
      const page = await api<EventArchiveWire>(ev('events'), {
        query: {
          status: 'trash',
          include: id ?? 0,
          start_date: '1970-01-01',
          end_date: '2999-12-31',
          per_page: 1,
        },
        signal,
      });
      return page.events[0] ?? null;
    },
  });
  const data = item.data ?? (inTrash ? trashed.data : undefined) ?? undefined;
  return {
    item,
    data,
    isPending: id !== null && (item.isPending || (inTrash && trashed.isPending)),
    /** What stops the editor: a failed read that the trash listing did not make up for. */
    error: data ? null : item.error,
  };
}
