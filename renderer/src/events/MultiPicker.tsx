/**
 * Several linked items (organizers, categories, tags) as removable chips, a list to add from,
 * and an optional way to create a new one inline.
 */
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../ui/Button';

interface Option {
  id: number;
  label: string;
}

interface Props {
  label: string;
  options: Option[];
  value: number[];
  error?: string | undefined;
  onChange(ids: number[]): void;
  /** Renders the inline creation form; call done(id) with the new item's id. */
  create?(done: (id: number | null) => void): ReactNode;
  createLabel?: string;
}

export function MultiPicker({
  label,
  options,
  value,
  error,
  onChange,
  create,
  createLabel,
}: Props) {
  const id = useId();
  const [creating, setCreating] = useState(false);
  const byId = new Map(options.map((o) => [o.id, o.label]));
  const available = options.filter((o) => !value.includes(o.id));
  return (
    <div className={`field field--wide${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {value.length > 0 && (
        <ul className="chips" aria-label={`Selected ${label.toLowerCase()}`}>
          {value.map((v) => (
            <li key={v} className="chip">
              {byId.get(v) ?? `#${v}`}
              <button
                type="button"
                aria-label={`Remove ${byId.get(v) ?? v}`}
                onClick={() => onChange(value.filter((x) => x !== v))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <select
        id={id}
        value=""
        aria-invalid={error ? true : undefined}
        onChange={(e) => e.target.value && onChange([...value, Number(e.target.value)])}
      >
        <option value="">
          {available.length ? `Add ${label.toLowerCase()}…` : `No other ${label.toLowerCase()}`}
        </option>
        {available.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {create &&
        (creating ? (
          create((newId) => {
            if (newId !== null) onChange([...value, newId]);
            setCreating(false);
          })
        ) : (
          <div>
            <Button small variant="ghost" onClick={() => setCreating(true)}>
              + {createLabel}
            </Button>
          </div>
        ))}
    </div>
  );
}
