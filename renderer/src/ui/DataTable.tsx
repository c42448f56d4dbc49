/**
 * The console's list table: a title column, labelled columns (their label shows before the value
 * when rows become cards on phones), an optional actions column, and the loading and empty states.
 */
import type { ReactNode } from 'react';
import { Button, ConfirmButton } from './Button';
import { Spinner } from './Spinner';
import { tx, useT } from '../i18n';

/** A row's button: `confirm` is a question asked first, and the action runs only on yes. */
export interface RowAction {
  label: string;
  run(): void;
  confirm?: string;
  danger?: boolean;
  busy?: boolean;
}

export interface Column<T> {
  /** A catalogue key (or a text). */
  label: string;
  cell(row: T): ReactNode;
  className?: string;
}

interface Props<T> {
  columns: Array<Column<T>>;
  rows: readonly T[];
  rowKey(row: T, index: number): string | number;
  /** Buttons for one row, in a last column whose heading only screen readers hear. */
  actions?: (row: T) => RowAction[];
  caption?: string;
  pending?: boolean;
  /** What an empty, loaded list says; nothing when absent. */
  empty?: ReactNode;
}

export function DataTable<T>({
  columns,
  rows,
  rowKey,
  actions,
  caption,
  pending,
  empty,
}: Props<T>) {
  const t = useT();
  return (
    <div className="table-wrap">
      <table className="table">
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label}>{tx(column.label)}</th>
            ))}
            {actions && (
              <th>
                <span className="visually-hidden">{t('common.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column, at) => (
                <td
                  key={column.label}
                  data-label={at === 0 ? undefined : tx(column.label)}
                  className={cellClass(at === 0, column.className)}
                >
                  {column.cell(row)}
                </td>
              ))}
              {actions && (
                <td className="row-actions">
                  {actions(row).map((action) => (
                    <ActionButton key={action.label} action={action} />
                  ))}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <TableStatus pending={pending ?? false} empty={rows.length === 0 ? empty : undefined} />
    </div>
  );
}

/** Below a table: a spinner while it loads, then what an empty list says. */
export function TableStatus({
  pending,
  label,
  empty,
}: {
  pending: boolean;
  label?: string;
  empty?: ReactNode;
}) {
  if (pending)
    return (
      <div className="empty">
        <Spinner label={label} />
      </div>
    );
  return empty ? <div className="empty">{empty}</div> : null;
}

function cellClass(title: boolean, own: string | undefined): string | undefined {
  return [title ? 'title-cell' : undefined, own].filter(Boolean).join(' ') || undefined;
}

function ActionButton({ action }: { action: RowAction }) {
  const look = {
    small: true,
    busy: action.busy,
    variant: action.danger ? 'danger' : undefined,
  } as const;
  if (action.confirm === undefined)
    return (
      <Button {...look} onClick={action.run}>
        {action.label}
      </Button>
    );
  return (
    <ConfirmButton {...look} question={action.confirm} onConfirm={action.run}>
      {action.label}
    </ConfirmButton>
  );
}
