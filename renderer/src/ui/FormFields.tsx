/** Renders plain form controls from a list of field descriptions. */
import type { Errors, Values } from './form';
import { Field } from './Field';
import { tx } from '../i18n';

export interface FieldSpec {
  name: string;
  label: string;
  type?:
    | 'text'
    | 'textarea'
    | 'email'
    | 'url'
    | 'tel'
    | 'number'
    | 'select'
    | 'password'
    | 'date'
    | 'datetime-local';
  options?: Array<[string, string]>;
  wide?: boolean;
  hint?: string;
  required?: boolean;
  autoComplete?: string;
  placeholder?: string;
  /** A text area's height in lines. */
  rows?: number;
}

interface Props {
  fields: FieldSpec[];
  values: Values;
  errors: Errors;
  onChange(name: string, value: unknown): void;
}

export function FormFields({ fields, values, errors, onChange }: Props) {
  return (
    <>
      {fields.map((spec) => {
        const value = values[spec.name];
        const text = value === undefined || value === null ? '' : String(value);
        const common = {
          name: spec.name,
          value: text,
          required: spec.required,
          autoComplete: spec.autoComplete,
          placeholder: spec.placeholder && tx(spec.placeholder),
        };
        const label = spec.required ? `${tx(spec.label)} *` : tx(spec.label);
        const wide = spec.wide ?? spec.type === 'textarea';
        return (
          <Field
            key={spec.name}
            label={label}
            error={errors[spec.name]}
            hint={spec.hint && tx(spec.hint)}
            wide={wide}
          >
            {spec.type === 'textarea' ? (
              <textarea
                {...common}
                rows={spec.rows}
                onChange={(e) => onChange(spec.name, e.target.value)}
              />
            ) : spec.type === 'select' ? (
              <select {...common} onChange={(e) => onChange(spec.name, e.target.value)}>
                {(spec.options ?? []).map(([v, l]) => (
                  <option key={v} value={v}>
                    {tx(l)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                type={spec.type ?? 'text'}
                onChange={(e) => onChange(spec.name, e.target.value)}
              />
            )}
          </Field>
        );
      })}
    </>
  );
}
