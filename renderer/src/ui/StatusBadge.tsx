import type { PostStatus } from '../../../shared/roles';
import { t } from '../i18n';

const LABELLED = ['publish', 'future', 'draft', 'pending', 'private', 'trash'] as const;

export const statusLabel = (status: string) => {
  const known = LABELLED.find((s) => s === status);
  return known ? t(`status.${known}`) : status;
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge--${status}`}>{statusLabel(status)}</span>;
}

/** The `<option>`s of a status select, in the order given. */
export function StatusOptions({ statuses }: { statuses: readonly PostStatus[] }) {
  return (
    <>
      {statuses.map((status) => (
        <option key={status} value={status}>
          {statusLabel(status)}
        </option>
      ))}
    </>
  );
}
