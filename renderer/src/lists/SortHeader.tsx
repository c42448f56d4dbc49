/** A column header that sorts the whole listing on the server (`orderby`/`order`). */
export interface Sort {
  by: string;
  dir: 'asc' | 'desc';
}

interface Props {
  label: string;
  /** The listing's `orderby` value for this column; without it the header does not sort. */
  orderby?: string | undefined;
  sort: Sort;
  onSort(sort: Sort): void;
}

export function SortHeader({ label, orderby, sort, onSort }: Props) {
  const active = orderby !== undefined && sort.by === orderby;
  return (
    <th aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      {orderby === undefined ? (
        label
      ) : (
        <button
          type="button"
          className="sort-button"
          onClick={() =>
            onSort({ by: orderby, dir: active && sort.dir === 'asc' ? 'desc' : 'asc' })
          }
        >
          {label} <span aria-hidden="true">{active ? (sort.dir === 'asc' ? '▲' : '▼') : ''}</span>
        </button>
      )}
    </th>
  );
}
