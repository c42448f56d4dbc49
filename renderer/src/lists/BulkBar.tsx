import { useState } from 'react';
import { useAll } from '../api/hooks';
import { RESOURCE, type Kind } from '../api/resources';
import { Button } from '../ui/Button';
import type { BulkAction } from './bulk';

interface Props {
  kind: Kind;
  count: number;
  actions: Array<BulkAction['type']>;
  busy: boolean;
  onRun(action: BulkAction): void;
}

export function BulkBar({ kind, count, actions, busy, onRun }: Props) {
  // Terms have no trash: deleting one is final (docs/contract/compat-notes.md §6).
  const terms = RESOURCE[kind].terms;
  const [status, setStatus] = useState('publish');
  const [category, setCategory] = useState('');
  const categories = useAll('categories', { hide_empty: false });
  const disabled = count === 0 || busy;
  return (
    <div
      className={`bulkbar${count === 0 ? ' bulkbar--idle' : ''}`}
      role="group"
      aria-label="Bulk actions"
    >
      <strong>{count} selected</strong>
      {actions.includes('trash') && (
        <Button
          small
          variant="danger"
          disabled={disabled}
          onClick={() =>
            (!terms || window.confirm(`Delete ${count} for good? Events lose them.`)) &&
            onRun({ type: 'trash' })
          }
        >
          {terms ? 'Delete' : 'Move to trash'}
        </Button>
      )}
      {actions.includes('restore') && (
        <Button small disabled={disabled} onClick={() => onRun({ type: 'restore' })}>
          Restore
        </Button>
      )}
      {actions.includes('status') && (
        <span className="check">
          <select
            aria-label="New status"
            value={status}
            onChange={(e) => setStatus(e.target.value)}
          >
            <option value="publish">Published</option>
            <option value="draft">Draft</option>
            <option value="pending">Pending</option>
            <option value="private">Private</option>
          </select>
          <Button small disabled={disabled} onClick={() => onRun({ type: 'status', status })}>
            Set status
          </Button>
        </span>
      )}
      {actions.includes('category') && (
        <span className="check">
          <select
            aria-label="Category to assign"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
          >
            <option value="">Category…</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <Button
            small
            disabled={disabled || category === ''}
            onClick={() => onRun({ type: 'category', categoryId: Number(category) })}
          >
            Assign
          </Button>
        </span>
      )}
      {busy && <span className="muted">Working…</span>}
    </div>
  );
}
