/** Choose the event's venue, or create one on the spot. */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, ev } from '../api/client';
import { invalidate, useAll } from '../api/hooks';
import { nameOf } from '../api/resources';
import type { VenueWire } from '../../../shared/schemas/wire';
import { Button } from '../ui/Button';
import { ErrorNote } from '../ui/ErrorNote';
import { Field } from '../ui/Field';
import { FormFields } from '../ui/FormFields';
import { serverErrors, useForm, zodErrors } from '../ui/form';
import { InlinePanel } from './InlinePanel';
import { VENUE_INLINE_FIELDS, venueSchema } from '../venues/venueForm';

interface Props {
  value: number | null;
  error?: string | undefined;
  onChange(id: number | null): void;
}

export function VenuePicker({ value, error, onChange }: Props) {
  const venues = useAll('venues');
  const [creating, setCreating] = useState(false);
  return (
    <div className="field field--wide">
      <Field label="Venue" error={error}>
        <select
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">No venue</option>
          {(venues.data ?? []).map((v) => (
            <option key={v.id} value={v.id}>
              {nameOf('venues', v)}
              {v.city ? ` — ${v.city}` : ''}
            </option>
          ))}
        </select>
      </Field>
      {creating ? (
        <InlineVenue
          onCancel={() => setCreating(false)}
          onCreated={(id) => {
            onChange(id);
            setCreating(false);
          }}
        />
      ) : (
        <div>
          <Button small variant="ghost" onClick={() => setCreating(true)}>
            + New venue
          </Button>
        </div>
      )}
    </div>
  );
}

function InlineVenue({ onCreated, onCancel }: { onCreated(id: number): void; onCancel(): void }) {
  const client = useQueryClient();
  const form = useForm({ venue: '', address: '', city: '', country: '' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const create = async () => {
    if (busy) return;
    const errors = zodErrors(venueSchema, form.values);
    if (Object.keys(errors).length > 0) return form.setErrors(errors);
    setBusy(true);
    setFailure(null);
    try {
      const body = Object.fromEntries(Object.entries(form.values).filter(([, v]) => v !== ''));
      const venue = await api<VenueWire>(ev('venues'), {
        method: 'POST',
        body: { ...body, status: 'publish' },
      });
      invalidate(client, 'venues');
      await client.invalidateQueries({ queryKey: ['venues'] });
      onCreated(venue.id);
    } catch (error) {
      form.setErrors(serverErrors(error));
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <InlinePanel label="New venue" onEnter={() => void create()}>
      <ErrorNote error={Object.keys(serverErrors(failure)).length === 0 ? failure : null} />
      <FormFields
        fields={VENUE_INLINE_FIELDS}
        values={form.values}
        errors={form.errors}
        onChange={(n, v) => form.set(n as 'venue', String(v))}
      />
      <div className="form-actions">
        <Button small variant="primary" busy={busy} onClick={() => void create()}>
          Create venue
        </Button>
        <Button small variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </InlinePanel>
  );
}
