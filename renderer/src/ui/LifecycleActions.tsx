/** Trash, restore and delete-permanently for an event, venue or organizer (docs/contract/decisions.md 7). */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { admin, api, ev } from '../api/client';
import { invalidate, keys } from '../api/hooks';
import type { Kind } from '../api/resources';
import { navigate } from '../app/router';
import { restore } from '../lists/bulk';
import { Button } from './Button';
import { ErrorNote } from './ErrorNote';
import { useToast } from './toasts';
import { t } from '../i18n';

interface Props {
  kind: Kind;
  id: number;
  /** For an occurrence of a series: which occurrences to trash (`scope`), null to cancel. */
  askScope?: () => Promise<string | null>;
}

/** The three lifecycle actions of one item, with their busy state and last failure. */
export function useLifecycle({ kind, id, askScope }: Props) {
  const client = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

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
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    } finally {
      setBusy(null);
    }
  };

  return {
    busy,
    error,
    async trash() {
      const scope = askScope ? await askScope() : undefined;
      if (scope === null) return;
      await run(
        'trash',
        () => api(ev(`${kind}/${id}`), { method: 'DELETE', query: { scope } }),
        scope === 'following' || scope === 'all'
          ? t('lifecycle.seriesTrashed')
          : t(`lifecycle.trashed.${kind}`),
      );
    },
    restore: () => run('restore', () => restore(kind, id), t(`lifecycle.restored.${kind}`)),
    async forever() {
      if (!window.confirm(t(`lifecycle.confirmDelete.${kind}`))) return;
      const done = await run(
        'forever',
        () => api(admin(`trash/${id}`), { method: 'DELETE' }),
        t(`lifecycle.deleted.${kind}`),
      );
      if (done) navigate(`/${kind}`, { replace: true });
    },
  };
}

type Lifecycle = ReturnType<typeof useLifecycle>;

/** One lifecycle action as a button, busy while it runs. */
export function LifecycleButton({
  actions,
  action,
  variant,
  label,
}: {
  actions: Lifecycle;
  action: 'trash' | 'restore' | 'forever';
  variant: 'primary' | 'danger';
  label: string;
}) {
  return (
    <Button variant={variant} busy={actions.busy === action} onClick={() => void actions[action]()}>
      {label}
    </Button>
  );
}

/** The side card of an item that is not in the trash: Move to trash. */
export function LifecycleActions(props: Props) {
  const actions = useLifecycle(props);
  return (
    <div className="card">
      <h2>{t('lifecycle.title')}</h2>
      <ErrorNote error={actions.error} />
      <div className="form-actions">
        <LifecycleButton
          actions={actions}
          action="trash"
          variant="danger"
          label={t('lifecycle.toTrash')}
        />
      </div>
    </div>
  );
}
