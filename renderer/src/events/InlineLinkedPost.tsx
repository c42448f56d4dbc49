/** Creates a venue or an organizer from the event editor, published at once. */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, ev } from '../api/client';
import { invalidate } from '../api/hooks';
import { ErrorNote } from '../ui/ErrorNote';
import { FormFields, type FieldSpec } from '../ui/FormFields';
import { serverErrors, useForm, zodErrors, type Values } from '../ui/form';
import { plainFieldErrors } from '../ui/plainErrors';
import { InlinePanel } from './InlinePanel';
import { ORGANIZER_INLINE_FIELDS, organizerSchema } from '../organizers/organizerForm';
import { VENUE_INLINE_FIELDS, venueSchema } from '../venues/venueForm';

const KINDS = {
  venues: {
    fields: VENUE_INLINE_FIELDS,
    schema: venueSchema,
    empty: { venue: '', address: '', city: '', country: '' },
  },
  organizers: {
    fields: ORGANIZER_INLINE_FIELDS,
    schema: organizerSchema,
    empty: { organizer: '', email: '', phone: '' },
  },
} satisfies Record<string, { fields: FieldSpec[]; schema: z.ZodType; empty: Values }>;

interface Props {
  kind: keyof typeof KINDS;
  /** The new item's id, or null when the user cancelled. */
  done(id: number | null): void;
}

export function InlineLinkedPost({ kind, done }: Props) {
  const { fields, schema, empty } = KINDS[kind];
  const client = useQueryClient();
  const form = useForm<Values>(empty);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const create = async () => {
    if (busy) return;
    const errors = zodErrors(schema, form.values);
    if (Object.keys(errors).length > 0) return form.setErrors(errors);
    setBusy(true);
    setFailure(null);
    try {
      const body = Object.fromEntries(Object.entries(form.values).filter(([, v]) => v !== ''));
      const created = await api<{ id: number }>(ev(kind), {
        method: 'POST',
        body: { ...body, status: 'publish' },
      });
      invalidate(client, kind);
      await client.invalidateQueries({ queryKey: [kind] });
      done(created.id);
    } catch (error) {
      form.setErrors(plainFieldErrors(error));
      setFailure(error);
      setBusy(false);
    }
  };
  return (
    <InlinePanel kind={kind} busy={busy} onCreate={() => void create()} onCancel={() => done(null)}>
      <ErrorNote error={Object.keys(serverErrors(failure)).length === 0 ? failure : null} plain />
      <FormFields fields={fields} values={form.values} errors={form.errors} onChange={form.set} />
    </InlinePanel>
  );
}
