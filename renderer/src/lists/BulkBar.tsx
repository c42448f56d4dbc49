import { useState, type ReactNode } from 'react';
import { useAll } from '../api/hooks';
import { RESOURCE, type Kind } from '../api/resources';
import { Button } from '../ui/Button';
import type { BulkAction } from './bulk';
import { StatusOptions } from '../ui/StatusBadge';

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
        <PickAndRun
          label="New status"
          value={status}
          onChange={setStatus}
          disabled={disabled}
          run="Set status"
          onRun={() => onRun({ type: 'status', status })}
        >
          <StatusOptions statuses={['publish', 'draft', 'pending', 'private']} />
        </PickAndRun>
      )}
      {actions.includes('category') && (
        <PickAndRun
          label="Category to assign"
          value={category}
          onChange={setCategory}
          disabled={disabled || category === ''}
          run="Assign"
          onRun={() => onRun({ type: 'category', categoryId: Number(category) })}
        >
          <option value="">Category…</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </PickAndRun>
      )}
      {busy && <span className="muted">Working…</span>}
    </div>
  );
}

/** A select and the button that applies its choice to the selection. */
function PickAndRun(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  disabled: boolean;
  run: string;
  onRun(): void;
  children: ReactNode;
}) {
  return (
    <span className="check">
      <select
        aria-label={props.label}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.children}
      </select>
      <Button small disabled={props.disabled} onClick={props.onRun}>
        {props.run}
      </Button>
    </span>
  );
}
