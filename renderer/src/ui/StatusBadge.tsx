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
