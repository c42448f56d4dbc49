/** Trashed events, venues and organizers: restore, delete forever, or empty the trash. */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { admin, api } from '../api/client';
import { invalidate } from '../api/hooks';
import { Button } from '../ui/Button';
import { ErrorNote } from '../ui/ErrorNote';
import { PageHeader } from '../ui/PageHeader';
import { Pager } from '../ui/Pager';
import { Spinner } from '../ui/Spinner';
import { StatusBadge } from '../ui/StatusBadge';
import { useToast } from '../ui/toasts';
import type { TrashPageWire } from '../../../shared/schemas/wire';

type Page = TrashPageWire;

const PER_PAGE = 20;

export default function Trash() {
  const client = useQueryClient();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const key = ['trash', page];
  const list = useQuery({
    queryKey: key,
    queryFn: () =>
      api<Page>(admin('trash'), {
        query: { page, per_page: PER_PAGE },
      }),
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['trash'] });
    invalidate(client, 'events', 'venues', 'organizers');
  };
  const optimistic = async (id: number) => {
    const previous = client.getQueryData<Page>(key);
    if (previous)
      client.setQueryData(key, {
        ...previous,
        items: previous.items.filter((i) => i.id !== id),
        total: previous.total - 1,
      });
    return { previous };
  };
  const rollback = (_e: unknown, _id: number, context?: { previous?: Page }) => {
    if (context?.previous) client.setQueryData(key, context.previous);
  };
  const restore = useMutation({
    mutationFn: (id: number) => api(admin(`trash/${id}/restore`), { method: 'POST' }),
    onMutate: optimistic,
    onError: rollback,
    onSuccess: () => toast({ tone: 'success', message: 'Restored.' }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(admin(`trash/${id}`), { method: 'DELETE' }),
    onMutate: optimistic,
    onError: rollback,
    onSuccess: () => toast({ tone: 'success', message: 'Deleted forever.' }),
    onSettled: refresh,
  });
  const empty = useMutation({
    mutationFn: () => api<{ deleted: number }>(admin('trash'), { method: 'DELETE' }),
    onSuccess: (r) => toast({ tone: 'success', message: `Deleted ${r.deleted} item(s) forever.` }),
    onSettled: refresh,
  });
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  return (
    <>
      <PageHeader
        title="Trash"
        actions={
          <Button
            variant="danger"
            disabled={total === 0}
            busy={empty.isPending}
            onClick={() =>
              window.confirm('Delete everything in the trash forever?') && empty.mutate()
            }
          >
            Empty trash
          </Button>
        }
      >
        Deleted events, venues and organizers wait here until you restore them or delete them for
        good.
      </PageHeader>
      <ErrorNote error={list.error ?? restore.error ?? remove.error ?? empty.error} />
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>Title</th>
              <th>Kind</th>
              <th>Trashed</th>
              <th>Was</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td className="title-cell">{item.title || '(untitled)'}</td>
                <td data-label="Kind">{item.kind}</td>
                <td data-label="Trashed">{item.trashed_utc} UTC</td>
                <td data-label="Was">
                  <StatusBadge status={item.previous_status} />
                </td>
                <td className="row-actions">
                  <Button small onClick={() => restore.mutate(item.id)}>
                    Restore
                  </Button>
                  <Button
                    small
                    variant="danger"
                    onClick={() =>
                      window.confirm(`Delete “${item.title}” forever?`) && remove.mutate(item.id)
                    }
                  >
                    Delete forever
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.isPending && (
          <div className="empty">
            <Spinner />
          </div>
        )}
        {!list.isPending && items.length === 0 && <div className="empty">The trash is empty.</div>}
      </div>
      <Pager
        page={page}
        total={total}
        totalPages={Math.ceil(total / PER_PAGE)}
        onPage={setPage}
        noun="items"
        singular="item"
      />
    </>
  );
}
