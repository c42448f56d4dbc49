/**
 * The list screen shared by events, venues, organizers, categories and tags: search, filters,
 * paging, column sorting, selection and bulk actions with optimistic updates. Search, status,
 * page and sort live in the address (useUrlState), and sorting is the server's (`orderby`), so
 * it orders the whole result, not the page shown.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Query } from '../api/client';
import { invalidate, keys, useAll, useList, type Page } from '../api/hooks';
import { nameOf, type Kind } from '../api/resources';
import { ErrorNote } from '../ui/ErrorNote';
import { Field } from '../ui/Field';
import { Pager } from '../ui/Pager';
import { TableStatus } from '../ui/DataTable';
import { useToast } from '../ui/toasts';
import { applyLocally, beforeOf, runOne, undoOne, type BulkAction } from './bulk';
import { bulkSummary, countOf } from './bulkSummary';
import { BulkBar } from './BulkBar';
import { useDebounced } from './useDebounced';
import { StatusOptions } from '../ui/StatusBadge';
import { useUrlState } from '../app/router';
import { SortHeader, type Sort } from './SortHeader';
import { tx, useT } from '../i18n';

export interface Column<T> {
  key: string;
  /** A catalogue key (or a text). */
  label: string;
  render(item: T): ReactNode;
  /** The listing's `orderby` value that sorts by this column. */
  orderby?: string;
}

interface Props<T> {
  kind: Kind;
  columns: Array<Column<T>>;
  /** Extra query parameters from the screen's own filters. */
  filters?: Query;
  filterControls?: ReactNode;
  statusFilter?: boolean;
  bulk?: Array<BulkAction['type']>;
  perPage?: number;
  /** The server's order when the address names none. */
  defaultSort: Sort;
}

type Item = { id: number; status?: string; categories?: Array<{ id: number }> };

export function ResourceList<T extends Item>({
  kind,
  columns,
  filters = {},
  filterControls,
  statusFilter,
  bulk = [],
  perPage = 20,
  defaultSort,
}: Props<T>) {
  const t = useT();
  const client = useQueryClient();
  const toast = useToast();
  const [state, setState] = useUrlState({
    page: '1',
    search: '',
    status: '',
    orderby: defaultSort.by,
    order: defaultSort.dir,
  });
  const page = Math.max(1, Number.parseInt(state.page, 10) || 1);
  const sort: Sort = { by: state.orderby, dir: state.order === 'desc' ? 'desc' : 'asc' };
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const term = useDebounced(state.search.trim());
  const sorted = sort.by !== defaultSort.by || sort.dir !== defaultSort.dir;
  const query: Query = {
    ...filters,
    page,
    per_page: perPage,
    search: term || undefined,
    status: state.status || undefined,
    orderby: sorted ? sort.by : undefined,
    order: sorted ? sort.dir : undefined,
  };
  const list = useList(kind, query);
  const words = `resource.${kind}` as const;
  const categories = useAll('categories', { hide_empty: false });
  const categoryName = (id: number) => {
    const found = categories.data?.find((c) => c.id === id);
    return found ? nameOf('categories', found) : `#${id}`;
  };
  const lastPage = list.data?.total_pages ?? 0;
  // A page left empty by a change (everything on it published away from a Drafts filter, moved
  // to the trash) shows the last page that still has items, not an empty "page 3 of 2".
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > 1 && page > lastPage)
      setState({ page: lastPage > 1 ? String(lastPage) : undefined }, { replace: true });
  }, [list.data, list.isPlaceholderData, page, lastPage]);
  const items = (list.data?.items ?? []) as unknown as T[];

  /** A new search, filter or sort starts again from page 1, with nothing selected. */
  const change = (patch: Record<string, string>, options?: { replace?: boolean }) => {
    setState({ ...patch, page: undefined }, options);
    setSelected(new Set());
  };

  const toggleAll = (on: boolean) => setSelected(on ? new Set(items.map((i) => i.id)) : new Set());
  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };

  const runBulk = async (action: BulkAction) => {
    const key = keys.list(kind, query);
    const snapshot = client.getQueryData<Page<T>>(key);
    const targets = items.filter((i) => selected.has(i.id));
    if (snapshot)
      client.setQueryData<Page<T>>(key, {
        ...snapshot,
        items: snapshot.items.map((i) => (selected.has(i.id) ? applyLocally(i, action) : i)),
      });
    setBusy(true);
    const results = await Promise.allSettled(targets.map((item) => runOne(kind, item, action)));
    setBusy(false);
    const done = targets.filter((_, i) => results[i]!.status === 'fulfilled');
    const failed = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    setSelected(new Set());
    invalidate(client, kind);
    if (failed.length > 0) {
      if (snapshot) client.setQueryData(key, snapshot);
      toast({
        tone: 'error',
        message: t('lists.failed', {
          failed: failed.length,
          total: targets.length,
          message: (failed[0]!.reason as Error).message,
        }),
      });
    }
    if (done.length === 0) return;
    // What changed, named; and the way back, item by item, to what each one was.
    const before = done.map(beforeOf);
    toast({
      tone: 'success',
      message: bulkSummary(
        action,
        done.map((i) => nameOf(kind, i)),
        kind,
        categoryName,
      ),
      action: {
        label: t('common.undo'),
        run: () =>
          void Promise.allSettled(before.map((b) => undoOne(kind, b, action))).then((undone) => {
            invalidate(client, kind);
            const missed = undone.filter((r) => r.status === 'rejected').length;
            toast(
              missed === 0
                ? {
                    tone: 'success',
                    message: t('lists.undone', { items: countOf(done.length, kind) }),
                  }
                : {
                    tone: 'error',
                    message: t('lists.undoFailed', { missed, total: done.length }),
                  },
            );
          }),
      },
    });
  };

  const allChecked = items.length > 0 && items.every((i) => selected.has(i.id));
  return (
    <section aria-label={t(`${words}.list`)}>
      <div className="toolbar">
        <Field label={t('common.search')}>
          <input
            type="search"
            value={state.search}
            onChange={(e) => change({ search: e.target.value }, { replace: true })}
            placeholder={t(`${words}.search`)}
          />
        </Field>
        {statusFilter && (
          <Field label={t('status.field')}>
            <select value={state.status} onChange={(e) => change({ status: e.target.value })}>
              <option value="">{t('filters.allButTrash')}</option>
              <StatusOptions
                statuses={['publish', 'future', 'draft', 'pending', 'private', 'trash']}
              />
            </select>
          </Field>
        )}
        {filterControls}
      </div>
      {bulk.length > 0 && (
        <BulkBar
          kind={kind}
          count={selected.size}
          actions={bulk}
          busy={busy}
          onRun={(a) => void runBulk(a)}
        />
      )}
      <ErrorNote error={list.error} title={t(`${words}.loadFailed`)} />
      <div className="table-wrap" aria-busy={list.isFetching}>
        <table className="table">
          <thead>
            <tr>
              {bulk.length > 0 && (
                <th className="check-cell">
                  <input
                    type="checkbox"
                    aria-label={t('lists.selectAll')}
                    checked={allChecked}
                    onChange={(e) => toggleAll(e.target.checked)}
                  />
                </th>
              )}
              {columns.map((column) => (
                <SortHeader
                  key={column.key}
                  label={tx(column.label)}
                  orderby={column.orderby}
                  sort={sort}
                  onSort={(next) => change({ orderby: next.by, order: next.dir })}
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                {bulk.length > 0 && (
                  <td className="check-cell">
                    <input
                      type="checkbox"
                      aria-label={t('lists.select', { name: nameOf(kind, item) })}
                      checked={selected.has(item.id)}
                      onChange={(e) => toggle(item.id, e.target.checked)}
                    />
                  </td>
                )}
                {columns.map((column, index) => (
                  <td
                    key={column.key}
                    data-label={index === 0 ? undefined : tx(column.label)}
                    className={index === 0 ? 'title-cell' : undefined}
                  >
                    {column.render(item)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <TableStatus
          pending={list.isPending}
          label={t(`${words}.loading`)}
          empty={
            items.length === 0 &&
            !list.error &&
            (term
              ? t(`${words}.noMatch`, { term })
              : state.status || Object.keys(filters).length > 0
                ? t(`${words}.noMatchFilters`)
                : t(`${words}.none`))
          }
        />
      </div>
      {list.data && list.data.total > 0 && (
        <Pager
          page={page}
          totalPages={list.data.total_pages}
          onPage={(p) => {
            setState({ page: String(p) });
            setSelected(new Set());
          }}
          label={t(`${words}.pages`)}
          totalText={t(`${words}.count`, { count: list.data.total })}
        />
      )}
    </section>
  );
}
