/** A labelled text-like input whose onChange gives the new value. */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from './Field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  wide?: boolean;
  value: string;
  onChange(value: string): void;
};

export function InputField({ label, error, hint, wide, onChange, ...input }: InputProps) {
  return (
    <Field label={label} error={error} hint={hint} wide={wide}>
      <input {...input} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}
