import { useState } from 'react';
import type { Operation } from './operations';
import { useT } from '../i18n';

const short = (path: string) => path.replace(/^\/api\/calendar\/(events|admin)\/v1/, '') || '/';

interface Props {
  operations: Operation[];
  selected: string | null;
  onSelect(key: string): void;
}

/** Every route and method, filterable, grouped by API. */
export function OperationList({ operations, selected, onSelect }: Props) {
  const t = useT();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = operations.filter(
    (op) => !needle || `${op.method} ${op.path} ${op.summary}`.toLowerCase().includes(needle),
  );
  const groups = [...new Set(shown.map((op) => op.group))];
  return (
    <div className="card explorer__routes">
      <label className="visually-hidden" htmlFor="explorer-filter">
        {t('explorer.filter')}
      </label>
      <input
        id="explorer-filter"
        type="search"
        placeholder={t('explorer.filterPlaceholder')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {groups.map((group) => (
        <div key={group}>
          <h2 className="explorer__group" translate="no">
            {group}
          </h2>
          <ul className="explorer__list" translate="no">
            {shown
              .filter((op) => op.group === group)
              .map((op) => (
                <li key={op.key}>
                  <button
                    type="button"
                    aria-pressed={selected === op.key}
                    className="explorer__op"
                    onClick={() => onSelect(op.key)}
                    title={op.summary}
                    aria-label={`${op.method} ${short(op.path)}`}
                  >
                    <span className={`method method--${op.method.toLowerCase()}`}>{op.method}</span>
                    <span className="explorer__path">
                      {op.path.replace(/^\/api\/calendar\/(events|admin)\/v1/, '') || '/'}
                    </span>
                  </button>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
