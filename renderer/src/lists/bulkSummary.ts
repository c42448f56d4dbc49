/** The notice after a bulk action: what changed, with the items named when there are few. */
import { statusLabel } from '../ui/StatusBadge';
import type { BulkAction } from './bulk';

const NAMED = 3;

export const countOf = (n: number, info: { singular: string; plural: string }) =>
  `${n} ${n === 1 ? info.singular : info.plural}`;

/** “A”, “B” and “C”, or 5 events (“A”, “B”, “C” and 2 more). */
function which(names: string[], info: { singular: string; plural: string }): string {
  const quoted = names.map((n) => `“${n}”`);
  if (quoted.length === 1) return quoted[0]!;
  if (quoted.length <= NAMED) return `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
  return `${countOf(names.length, info)} (${quoted.slice(0, NAMED).join(', ')} and ${names.length - NAMED} more)`;
}

export function bulkSummary(
  action: BulkAction,
  names: string[],
  info: { singular: string; plural: string },
  categoryName: (id: number) => string,
): string {
  const items = which(names, info);
  switch (action.type) {
    case 'trash':
      return `Moved ${items} to the trash.`;
    case 'restore':
      return `Restored ${items} from the trash, as drafts.`;
    case 'status':
      return `Set ${items} to ${statusLabel(action.status)}.`;
    case 'category':
      return `Added ${items} to the category “${categoryName(action.categoryId)}”.`;
  }
}
