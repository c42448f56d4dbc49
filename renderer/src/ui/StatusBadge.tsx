import type { PostStatus } from '../../../shared/roles';

const LABELS: Record<string, string> = {
  publish: 'Published',
  future: 'Scheduled',
  draft: 'Draft',
  pending: 'Pending',
  private: 'Private',
  trash: 'Trash',
};

export const statusLabel = (status: string) => LABELS[status] ?? status;

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
