/** A category's calendar colour: a colour input, a preview with the text colour events get, and a way back to none. */
import { textOn } from '../calendar/colors';
import { Field } from '../ui/Field';

// What an uncoloured event shows in (the console's accent), so the picker opens near it.
const NONE_SHOWN = '#3056d3';

interface Props {
  value: string;
  error?: string | undefined;
  onChange(value: string): void;
}

export function CategoryColorField({ value, error, onChange }: Props) {
  return (
    <div className="category-color">
      <Field
        label="Calendar colour"
        error={error}
        hint={
          value
            ? 'Events of this category (when it is their first coloured one) show in this colour.'
            : 'None: events show in the usual colour. Pick one to colour them in the calendar.'
        }
      >
        <input
          type="color"
          value={value || NONE_SHOWN}
          onChange={(e) => onChange(e.target.value)}
        />
      </Field>
      {value && (
        <div className="category-color__row">
          <span
            className="category-color__sample"
            style={{ background: value, color: textOn(value) }}
          >
            Sample event
          </span>
          <button type="button" className="link-button" onClick={() => onChange('')}>
            Remove colour
          </button>
        </div>
      )}
    </div>
  );
}
