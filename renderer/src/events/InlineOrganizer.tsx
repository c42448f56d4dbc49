/** Creates an organizer from the event editor. */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, ev } from '../api/client';
import type { OrganizerWire } from '../../../shared/schemas/wire';
import { Button } from '../ui/Button';
import { ErrorNote } from '../ui/ErrorNote';
import { FormFields } from '../ui/FormFields';
import { serverErrors, useForm, zodErrors } from '../ui/form';
import { InlinePanel } from './InlinePanel';
import { ORGANIZER_INLINE_FIELDS, organizerSchema } from '../organizers/organizerForm';

export function InlineOrganizer({ done }: { done(id: number | null): void }) {
  const client = useQueryClient();
  const form = useForm({ organizer: '', email: '', phone: '' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const create = async () => {
    if (busy) return;
    const errors = zodErrors(organizerSchema, form.values);
    if (Object.keys(errors).length > 0) return form.setErrors(errors);
    setBusy(true);
    try {
      const body = Object.fromEntries(Object.entries(form.values).filter(([, v]) => v !== ''));
      const organizer = await api<OrganizerWire>(ev('organizers'), {
        method: 'POST',
        body: { ...body, status: 'publish' },
      });
      await client.invalidateQueries({ queryKey: ['organizers'] });
      done(organizer.id);
    } catch (error) {
      form.setErrors(serverErrors(error));
      setFailure(error);
      setBusy(false);
    }
  };
  return (
    <InlinePanel label="New organizer" onEnter={() => void create()}>
      <ErrorNote error={Object.keys(serverErrors(failure)).length === 0 ? failure : null} />
      <FormFields
        fields={ORGANIZER_INLINE_FIELDS}
        values={form.values}
        errors={form.errors}
        onChange={(n, v) => form.set(n as 'organizer', String(v))}
      />
      <div className="form-actions">
        <Button small variant="primary" busy={busy} onClick={() => void create()}>
          Create organizer
        </Button>
        <Button small variant="ghost" onClick={() => done(null)}>
          Cancel
        </Button>
      </div>
    </InlinePanel>
  );
}
