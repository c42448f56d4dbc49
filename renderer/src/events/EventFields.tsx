/** Plain fields of the event form, from field descriptions (ui/FormFields). */
import { FormFields, type FieldSpec } from '../ui/FormFields';
import type { EventValues } from './eventForm';
import type { EventForm } from './formTypes';

export function EventFields({ form, fields }: { form: EventForm; fields: FieldSpec[] }) {
  return (
    <FormFields
      fields={fields}
      values={form.values}
      errors={form.errors}
      // The specs name text fields of EventValues only; their inputs give strings.
      onChange={(name, value) => form.set(name as keyof EventValues, value as never)}
    />
  );
}
