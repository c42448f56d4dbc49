/**
 * A category's calendar colour: a palette of named colours and "None" as radio buttons, any
 * other colour through the browser's colour input, and a sample event in the chosen colour with
 * the text colour events get (black or white, whichever contrasts more).
 */
import { useId } from 'react';
import { textOn } from '../calendar/colors';
import { useT, type MessageKey } from '../i18n';

/** Distinct hues a planner can tell apart on the calendar, each named for screen readers. */
export const PALETTE: ReadonlyArray<{ color: string; name: MessageKey }> = [
  { color: '#0969da', name: 'categoryColor.blue' },
  { color: '#1a7f37', name: 'categoryColor.green' },
  { color: '#1b7c83', name: 'categoryColor.teal' },
  { color: '#8250df', name: 'categoryColor.purple' },
  { color: '#bf3989', name: 'categoryColor.pink' },
  { color: '#cf222e', name: 'categoryColor.red' },
  { color: '#bc4c00', name: 'categoryColor.orange' },
  { color: '#d4a72c', name: 'categoryColor.yellow' },
  { color: '#8c5a3c', name: 'categoryColor.brown' },
  { color: '#6e7781', name: 'categoryColor.grey' },
];

// What the colour input shows before a colour of its own is chosen (the console's accent).
const NONE_SHOWN = '#3056d3';

interface Props {
  value: string;
  error?: string | undefined;
  onChange(value: string): void;
}

export function CategoryColorField({ value, error, onChange }: Props) {
  const t = useT();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const own = value !== '' && !PALETTE.some((p) => p.color === value);
  const option = (color: string, name: string) => (
    <label key={color || 'none'} className="color-option" title={name}>
      <input
        type="radio"
        name={`${id}-color`}
        value={color}
        checked={value === color}
        onChange={() => onChange(color)}
        className="visually-hidden"
      />
      <span
        className={`color-option__chip${color ? '' : ' color-option__chip--none'}`}
        style={color ? { background: color } : undefined}
        aria-hidden="true"
      />
      <span className="visually-hidden">{name}</span>
    </label>
  );
  return (
    <fieldset
      className={`field field--wide category-color${error ? ' field--error' : ''}`}
      aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
    >
      <legend>{t('categoryColor.legend')}</legend>
      <div className="category-color__options">
        {option('', t('categoryColor.none'))}
        {PALETTE.map((p) => option(p.color, t(p.name)))}
        <label className="category-color__other">
          <input
            type="color"
            value={value || NONE_SHOWN}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            className={own ? 'is-chosen' : undefined}
          />
          {t('categoryColor.other')}
        </label>
      </div>
      {value && (
        <span
          className="category-color__sample"
          style={{ background: value, color: textOn(value) }}
        >
          {t('categoryColor.sample')}
        </span>
      )}
      <p className="field__hint" id={hintId}>
        {value ? t('categoryColor.hintSet') : t('categoryColor.hintNone')}
      </p>
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
