/** The frame of the console's plain forms: a note for a refusal no field explains, the grid of fields, the submit row. */
import type { ReactNode } from 'react';
import { Button } from './Button';
import { ErrorNote } from './ErrorNote';
import { FormFields, type FieldSpec } from './FormFields';
import { serverErrors, type Errors, type Values } from './form';

interface FormState {
  values: Values;
  errors: Errors;
  set(name: string, value: string): void;
}

/** The fields described by `fields`, after any hand-made ones given as children. */
export function FieldGrid({
  fields,
  form,
  children,
}: {
  fields: FieldSpec[];
  form: FormState;
  children?: ReactNode;
}) {
  return (
    <div className="form-grid">
      {children}
      <FormFields
        fields={fields}
        values={form.values}
        errors={form.errors}
        onChange={(n, v) => form.set(n, String(v))}
      />
    </div>
  );
}

/** The primary submit button, then any other actions given as children. */
export function SubmitRow({
  label,
  busy,
  disabled,
  children,
}: {
  label: string;
  busy: boolean;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="form-actions">
      <Button type="submit" variant="primary" busy={busy} disabled={disabled}>
        {label}
      </Button>
      {children}
    </div>
  );
}

/** A failed save whose reasons belong to no field (those show next to their fields). */
export function FormError({ error }: { error: unknown }) {
  if (!error || Object.keys(serverErrors(error)).length > 0) return null;
  return <ErrorNote error={error} />;
}
