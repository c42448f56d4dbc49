/** Creates a category or tag from the event editor. */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, ev } from '../api/client';
import type { TermWire } from '../../../shared/schemas/wire';
import { Field } from '../ui/Field';
import { plainFieldErrors, plainMessage } from '../ui/plainErrors';
import { InlinePanel } from './InlinePanel';
import { useT } from '../i18n';

interface Props {
  kind: 'categories' | 'tags';
  done(id: number | null): void;
}

export function InlineTerm({ kind, done }: Props) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const t = useT();
  const create = async () => {
    if (busy) return;
    if (name.trim() === '') return setError(t(`resource.${kind}.giveName`));
    setBusy(true);
    try {
      const term = await api<TermWire>(ev(kind), { method: 'POST', body: { name: name.trim() } });
      await client.invalidateQueries({ queryKey: [kind] });
      done(term.id);
    } catch (failure) {
      setError(plainFieldErrors(failure).name ?? plainMessage(failure));
      setBusy(false);
    }
  };
  return (
    <InlinePanel kind={kind} busy={busy} onCreate={() => void create()} onCancel={() => done(null)}>
      <Field label={t(`resource.${kind}.newName`)} error={error}>
        <input
          value={name}
          autoFocus
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
        />
      </Field>
    </InlinePanel>
  );
}
