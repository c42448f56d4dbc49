/** Trash, restore and delete-forever for an event, venue or organizer (docs/contract/decisions.md 7). */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { admin, api, ev } from '../api/client';
import { invalidate, keys } from '../api/hooks';
import { RESOURCE, type Kind } from '../api/resources';
import { navigate } from '../app/router';
import { restore } from '../lists/bulk';
import { Button } from './Button';
import { ErrorNote } from './ErrorNote';
import { useToast } from './toasts';

interface Props {
  kind: Kind;
  id: number;
  status: string;
  /** For an occurrence of a series: which occurrences to trash (`scope`), null to cancel. */
  askScope?: () => Promise<string | null>;
}

export function LifecycleActions({ kind, id, status, askScope }: Props) {
  const client = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const noun = RESOURCE[kind].singular;

  const run = async (name: string, action: () => Promise<unknown>, done: string) => {
    setBusy(name);
    setError(null);
    try {
      const result = await action();
      toast({ tone: 'success', message: done });
      invalidate(client, kind, 'events');
      // A trashed event cannot be read back (403 event-no-longer-available): keep DELETE's answer.
      if (name === 'trash' && result && typeof result === 'object')
        client.setQueryData(keys.item(kind, id), result);
      else void client.invalidateQueries({ queryKey: keys.item(kind, id) });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  const trash = async () => {
    const scope = askScope ? await askScope() : undefined;
    if (scope === null) return;
    await run(
      'trash',
      () => api(ev(`${kind}/${id}`), { method: 'DELETE', query: { scope } }),
      scope === 'following' || scope === 'all'
        ? `The ${noun}s are in the trash.`
        : `The ${noun} is in the trash.`,
    );
  };
  const untrash = () => run('restore', () => restore(kind, id), `The ${noun} is restored.`);
  const forever = async () => {
    if (!window.confirm(`Delete this ${noun} forever? This cannot be undone.`)) return;
    await run(
      'forever',
      () => api(admin(`trash/${id}`), { method: 'DELETE' }),
      `The ${noun} is deleted.`,
    );
    navigate(`/${kind}`);
  };

  return (
    <div className="card">
      <h2>Lifecycle</h2>
      <ErrorNote error={error} />
      <div className="form-actions">
        {status === 'trash' ? (
          <>
            <Button busy={busy === 'restore'} onClick={() => void untrash()}>
              Restore
            </Button>
            <Button variant="danger" busy={busy === 'forever'} onClick={() => void forever()}>
              Delete forever
            </Button>
          </>
        ) : (
          <Button variant="danger" busy={busy === 'trash'} onClick={() => void trash()}>
            Move to trash
          </Button>
        )}
      </div>
    </div>
  );
}
