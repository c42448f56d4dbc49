/** The notice after a bulk action: what changed, with the items named when there are few. */
import type { Kind } from '../api/resources';
import { consoleLocale, t } from '../i18n';
import { statusLabel } from '../ui/StatusBadge';
import type { BulkAction } from './bulk';

const NAMED = 3;

export const countOf = (count: number, kind: Kind) => t(`resource.${kind}.count`, { count });

/** “A”, “B” and “C”, or 5 events (“A”, “B”, “C” and 2 more), in the console's language. */
function which(names: string[], kind: Kind): string {
  const quoted = names.map((name) => t('bulk.quoted', { name }));
  const list = (items: string[], type: 'conjunction' | 'unit') =>
    new Intl.ListFormat(consoleLocale(), { type }).format(items);
  if (quoted.length <= NAMED) return list(quoted, 'conjunction');
  return t('bulk.some', {
    items: countOf(names.length, kind),
    names: list(quoted.slice(0, NAMED), 'unit'),
    count: names.length - NAMED,
  });
}

export function bulkSummary(
  action: BulkAction,
  names: string[],
  kind: Kind,
  categoryName: (id: number) => string,
): string {
  const items = which(names, kind);
  const count = names.length;
  switch (action.type) {
    case 'trash':
      return t('bulk.done.trash', { items, count });
    case 'restore':
      return t('bulk.done.restore', { items, count });
    case 'status':
      return t('bulk.done.status', { items, count, status: statusLabel(action.status) });
    case 'category':
      return t('bulk.done.category', {
        items,
        count,
        category: categoryName(action.categoryId),
      });
  }
}
