/** Trashed events, venues and organizers: restore, delete forever, or empty the trash. */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { admin, api } from '../api/client';
import { useStamp } from '../app/useStamp';
import { invalidate } from '../api/hooks';
import { ConfirmButton } from '../ui/Button';
import { ErrorNote } from '../ui/ErrorNote';
import { PageHeader } from '../ui/PageHeader';
import { Pager } from '../ui/Pager';
import { DataTable } from '../ui/DataTable';
import { StatusBadge } from '../ui/StatusBadge';
import { useToast } from '../ui/toasts';
import type { TrashPageWire } from '../../../shared/schemas/wire';

type Page = TrashPageWire;

const PER_PAGE = 20;

export default function Trash() {
  const stampText = useStamp();
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
          <ConfirmButton
            variant="danger"
            disabled={total === 0}
            busy={empty.isPending}
            question="Delete everything in the trash forever?"
            onConfirm={() => empty.mutate()}
          >
            Empty trash
          </ConfirmButton>
        }
      >
        Deleted events, venues and organizers wait here until you restore them or delete them for
        good.
      </PageHeader>
      <ErrorNote error={list.error ?? restore.error ?? remove.error ?? empty.error} />
      <DataTable
        rows={items}
        rowKey={(item) => item.id}
        pending={list.isPending}
        empty="The trash is empty."
        columns={[
          { label: 'Title', cell: (item) => item.title || '(untitled)' },
          { label: 'Kind', cell: (item) => item.kind },
          { label: 'Trashed', cell: (item) => stampText(item.trashed_utc) },
          { label: 'Was', cell: (item) => <StatusBadge status={item.previous_status} /> },
        ]}
        actions={(item) => [
          { label: 'Restore', run: () => restore.mutate(item.id) },
          {
            label: 'Delete forever',
            danger: true,
            confirm: `Delete “${item.title}” forever?`,
            run: () => remove.mutate(item.id),
          },
        ]}
      />
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
