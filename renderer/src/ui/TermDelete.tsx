import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, ev } from '../api/client';
import { invalidate } from '../api/hooks';
import { RESOURCE, type Kind } from '../api/resources';
import { navigate } from '../app/router';
import { Button } from './Button';
import { ErrorNote } from './ErrorNote';
import { useToast } from './toasts';

/** Terms have no trash: deleting one removes it from its events at once (docs/contract/compat-notes.md §6). */
export function TermDelete({ kind, id }: { kind: Kind; id: number }) {
  const client = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const noun = RESOURCE[kind].singular;
  const remove = async () => {
    if (!window.confirm(`Delete this ${noun}? Events lose it; this cannot be undone.`)) return;
    setBusy(true);
    try {
      await api(ev(`${kind}/${id}`), { method: 'DELETE' });
      toast({ tone: 'success', message: `The ${noun} is deleted.` });
      invalidate(client, kind, 'events');
      navigate(`/${kind}`);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <div className="card">
      <h2>Delete</h2>
      <ErrorNote error={error} />
      <Button variant="danger" busy={busy} onClick={() => void remove()}>
        Delete {noun}
      </Button>
    </div>
  );
}
