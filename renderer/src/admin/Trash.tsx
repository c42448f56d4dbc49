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
import { useCatalogue, useT } from '../i18n';

type Page = TrashPageWire;

const PER_PAGE = 20;

export default function Trash() {
  useCatalogue('admin');
  const t = useT();
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
    onSuccess: () => toast({ tone: 'success', message: t('trash.restored') }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(admin(`trash/${id}`), { method: 'DELETE' }),
    onMutate: optimistic,
    onError: rollback,
    onSuccess: () => toast({ tone: 'success', message: t('trash.deleted') }),
    onSettled: refresh,
  });
  const empty = useMutation({
    mutationFn: () => api<{ deleted: number }>(admin('trash'), { method: 'DELETE' }),
    onSuccess: (r) => toast({ tone: 'success', message: t('trash.emptied', { count: r.deleted }) }),
    onSettled: refresh,
  });
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  return (
    <>
      <PageHeader
        title={t('nav.trash')}
        actions={
          <ConfirmButton
            variant="danger"
            disabled={total === 0}
            busy={empty.isPending}
            question={t('trash.confirmEmpty')}
            onConfirm={() => empty.mutate()}
          >
            {t('trash.empty')}
          </ConfirmButton>
        }
      >
        {t('trash.lead')}
      </PageHeader>
      <ErrorNote error={list.error ?? restore.error ?? remove.error ?? empty.error} />
      <DataTable
        rows={items}
        rowKey={(item) => item.id}
        pending={list.isPending}
        empty={t('trash.isEmpty')}
        columns={[
          { label: 'trash.title', cell: (item) => item.title || t('ui.untitled') },
          { label: 'trash.kind', cell: (item) => t(`trash.kinds.${item.kind}`) },
          { label: 'trash.trashed', cell: (item) => stampText(item.trashed_utc) },
          { label: 'trash.was', cell: (item) => <StatusBadge status={item.previous_status} /> },
        ]}
        actions={(item) => [
          { label: t('trash.restore'), run: () => restore.mutate(item.id) },
          {
            label: t('trash.deleteForever'),
            danger: true,
            confirm: t('trash.confirmDelete', { title: item.title }),
            run: () => remove.mutate(item.id),
          },
        ]}
      />
      <Pager
        page={page}
        totalPages={Math.ceil(total / PER_PAGE)}
        onPage={setPage}
        label={t('trash.pages')}
        totalText={t('trash.count', { count: total })}
      />
    </>
  );
}
