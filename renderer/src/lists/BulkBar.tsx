import { useState, type ReactNode } from 'react';
import { useAll } from '../api/hooks';
import { RESOURCE, type Kind } from '../api/resources';
import { Button } from '../ui/Button';
import type { BulkAction } from './bulk';
import { StatusOptions } from '../ui/StatusBadge';
import { useT } from '../i18n';

interface Props {
  kind: Kind;
  count: number;
  actions: Array<BulkAction['type']>;
  busy: boolean;
  onRun(action: BulkAction): void;
}

export function BulkBar({ kind, count, actions, busy, onRun }: Props) {
  // Terms have no trash: deleting one is final (docs/contract/compat-notes.md §6).
  const t = useT();
  const terms = RESOURCE[kind].terms;
  const [status, setStatus] = useState('publish');
  const [category, setCategory] = useState('');
  const categories = useAll('categories', { hide_empty: false });
  const disabled = count === 0 || busy;
  return (
    <div
      className={`bulkbar${count === 0 ? ' bulkbar--idle' : ''}`}
      role="group"
      aria-label={t('bulk.label')}
    >
      <strong>{t('bulk.selected', { count })}</strong>
      {actions.includes('trash') && (
        <Button
          small
          variant="danger"
          disabled={disabled}
          onClick={() =>
            (!terms || window.confirm(t('bulk.confirmDelete', { count }))) &&
            onRun({ type: 'trash' })
          }
        >
          {terms ? t('common.delete') : t('bulk.toTrash')}
        </Button>
      )}
      {actions.includes('restore') && (
        <Button small disabled={disabled} onClick={() => onRun({ type: 'restore' })}>
          {t('bulk.restore')}
        </Button>
      )}
      {actions.includes('status') && (
        <PickAndRun
          label={t('bulk.newStatus')}
          value={status}
          onChange={setStatus}
          disabled={disabled}
          run={t('bulk.setStatus')}
          onRun={() => onRun({ type: 'status', status })}
        >
          <StatusOptions statuses={['publish', 'draft', 'pending', 'private']} />
        </PickAndRun>
      )}
      {actions.includes('category') && (
        <PickAndRun
          label={t('bulk.categoryToAssign')}
          value={category}
          onChange={setCategory}
          disabled={disabled || category === ''}
          run={t('bulk.assign')}
          onRun={() => onRun({ type: 'category', categoryId: Number(category) })}
        >
          <option value="">{t('bulk.categoryPlaceholder')}</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </PickAndRun>
      )}
      {busy && <span className="muted">{t('ui.working')}</span>}
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
