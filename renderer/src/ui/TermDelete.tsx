import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, ev } from '../api/client';
import { invalidate } from '../api/hooks';
import type { Kind } from '../api/resources';
import { useT } from '../i18n';
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
  const t = useT();
  const remove = async () => {
    if (!window.confirm(t(`resource.${kind}.deleteThis`))) return;
    setBusy(true);
    try {
      await api(ev(`${kind}/${id}`), { method: 'DELETE' });
      toast({ tone: 'success', message: t(`lifecycle.deleted.${kind}`) });
      invalidate(client, kind, 'events');
      navigate(`/${kind}`);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <div className="card">
      <h2>{t('common.delete')}</h2>
      <ErrorNote error={error} />
      <Button variant="danger" busy={busy} onClick={() => void remove()}>
        {t(`resource.${kind}.deleteButton`)}
      </Button>
    </div>
  );
}
