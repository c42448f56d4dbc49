/**
 * Choose one or several items by typing or with the arrow keys: the WAI-ARIA combobox pattern
 * with a listbox popup (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/). The chosen items
 * are chips, each with its own remove button.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Field } from './Field';
import { matches } from './matchText';
import './combobox.css';
import { t } from '../i18n';

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export interface ComboOption {
  id: number;
  label: string;
  /** A second line of text that type-ahead also searches (a venue's city). */
  detail?: string | undefined;
}

interface Props {
  label: string;
  options: ComboOption[];
  value: number[];
  onChange(ids: number[]): void;
  /** At most one item: choosing another replaces it. */
  single?: boolean;
  error?: string | undefined;
  hint?: string;
  placeholder: string;
}

export function Combobox({ label, options, value, onChange, single, error, hint, ...rest }: Props) {
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const byId = new Map(options.map((o) => [o.id, o]));
  const shown = options
    .filter((o) => !value.includes(o.id) && matches(`${o.label} ${o.detail ?? ''}`, query))
    .sort((a, b) => byName.compare(a.label, b.label));
  const current = open ? shown[active] : undefined;
  const optionId = (id: number) => `${listId}-${id}`;

  const move = (index: number) => {
    setOpen(true);
    setActive(index);
    const option = shown[index];
    if (option)
      document.getElementById(optionId(option.id))?.scrollIntoView?.({ block: 'nearest' });
  };
  const choose = (option: ComboOption) => {
    onChange(single ? [option.id] : [...value, option.id]);
    setQuery('');
    // The list stays open to add another with the keyboard; a single choice is complete.
    setOpen(!single);
    setActive(-1);
  };
  const remove = (id: number) => {
    onChange(value.filter((v) => v !== id));
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (event.altKey) return setOpen(true);
        return move(open ? Math.min(active + 1, shown.length - 1) : Math.max(active, 0));
      case 'ArrowUp':
        event.preventDefault();
        return move(Math.max(active - 1, 0));
      case 'Enter':
        // Never submits the surrounding form: Enter here picks, or does nothing.
        event.preventDefault();
        if (current) choose(current);
        return;
      case 'Escape':
        if (!open && query === '') return;
        event.preventDefault();
        event.stopPropagation();
        if (open) setOpen(false);
        else setQuery('');
        return;
      case 'Backspace': {
        const last = value[value.length - 1];
        if (query === '' && last !== undefined) {
          event.preventDefault();
          onChange(value.slice(0, -1));
        }
      }
    }
  };

  // The chips are named as a phrase ("Selected venue"), so the field's label reads as a noun.
  const chips =
    value.length > 0 ? (
      <ul
        className="chips"
        aria-label={t('combobox.selected', { label: label.toLocaleLowerCase() })}
      >
        {value.map((id) => {
          const name = byId.get(id)?.label ?? `#${id}`;
          return (
            <li key={id} className="chip">
              {name}
              <button
                type="button"
                aria-label={t('combobox.remove', { name })}
                onClick={() => remove(id)}
              >
                ×
              </button>
            </li>
          );
        })}
      </ul>
    ) : null;

  const popup = (
    <div className="combobox__anchor">
      <div className="combobox__popup" hidden={!open}>
        <ul id={listId} role="listbox" aria-label={t('combobox.choices', { label })}>
          {shown.map((option, index) => (
            <li
              key={option.id}
              id={optionId(option.id)}
              role="option"
              aria-selected={index === active}
              className="combobox__option"
              // Keep the focus in the input: the click must not blur it first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              {option.label}
              {option.detail ? <small> — {option.detail}</small> : null}
            </li>
          ))}
        </ul>
        {shown.length === 0 && (
          <p className="combobox__empty">
            {query ? t('combobox.noMatch', { query }) : t('combobox.noOther')}
          </p>
        )}
      </div>
    </div>
  );

  return (
    <Field label={label} error={error} hint={hint} wide before={chips} after={popup}>
      <input
        ref={input}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={current ? optionId(current.id) : undefined}
        autoComplete="off"
        placeholder={rest.placeholder}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          // Typing makes the first match the active one, so Enter takes it.
          setActive(event.target.value.trim() === '' ? -1 : 0);
        }}
        onKeyDown={onKeyDown}
        onClick={() => setOpen((was) => !was)}
        onBlur={() => setOpen(false)}
      />
    </Field>
  );
}
