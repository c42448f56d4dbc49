/** A user's application passwords: create (the secret is shown once, with a copy button), revoke. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { admin, api } from '../api/client';
import { useStamp } from '../app/useStamp';
import type { AppPasswordWire } from '../../../shared/schemas/wire';
import { Button } from '../ui/Button';
import { ErrorNote } from '../ui/ErrorNote';
import { Field } from '../ui/Field';
import { DataTable } from '../ui/DataTable';
import { Spinner } from '../ui/Spinner';
import { useToast } from '../ui/toasts';
import { useNewAppPassword } from './useNewAppPassword';
import { useT } from '../i18n';
import { Rich } from '../connect/Rich';

interface Props {
  userId: number;
  login?: string;
  title?: string;
}

export function PasswordList({ userId, login, title }: Props) {
  const t = useT();
  const stampText = useStamp();
  const client = useQueryClient();
  const toast = useToast();
  const key = ['app-passwords', userId];
  const list = useQuery({
    queryKey: key,
    queryFn: () => api<AppPasswordWire[]>(admin(`users/${userId}/application-passwords`)),
  });
  const { name, setName, nameError, setNameError, fresh, setFresh, create, submit } =
    useNewAppPassword(userId);
  const revoke = useMutation({
    mutationFn: (uuid: string) =>
      api(admin(`users/${userId}/application-passwords/${uuid}`), { method: 'DELETE' }),
    onMutate: async (uuid) => {
      // Optimistic: the row disappears at once and comes back if the server refuses.
      const previous = client.getQueryData<AppPasswordWire[]>(key);
      client.setQueryData<AppPasswordWire[]>(key, (rows) => rows?.filter((r) => r.uuid !== uuid));
      return { previous };
    },
    onError: (_e, _uuid, context) => client.setQueryData(key, context?.previous),
    onSettled: () => void client.invalidateQueries({ queryKey: key }),
  });
  const copy = async () => {
    if (!fresh?.password) return;
    await navigator.clipboard.writeText(fresh.password).then(
      () => toast({ tone: 'success', message: t('passwords.copied') }),
      () => toast({ tone: 'error', message: t('passwords.copyFailed') }),
    );
  };
  return (
    <section className="card" aria-labelledby={`pw-${userId}`}>
      <h2 id={`pw-${userId}`}>{title ?? t('passwords.title')}</h2>
      <p className="muted">
        {login ? <Rich k="passwords.usage" values={{ login }} /> : t('passwords.usageNoLogin')}
      </p>
      {fresh?.password && (
        <div className="note note--success" role="status">
          <p>
            <Rich k="passwords.fresh" values={{ name: fresh.name }} />
          </p>
          <div className="secret">
            <code data-testid="new-app-password">{fresh.password}</code>
            <Button small onClick={() => void copy()}>
              {t('passwords.copy')}
            </Button>
            <Button small variant="ghost" onClick={() => setFresh(null)}>
              {t('passwords.done')}
            </Button>
          </div>
        </div>
      )}
      <form className="toolbar" onSubmit={submit} noValidate>
        <Field label={t('passwords.newName')} error={nameError}>
          <input
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(undefined);
            }}
            placeholder={t('passwords.newNamePlaceholder')}
          />
        </Field>
        <Button type="submit" variant="primary" busy={create.isPending} className="toolbar__button">
          {t('passwords.create')}
        </Button>
      </form>
      <ErrorNote error={list.error ?? revoke.error} />
      {list.isPending ? (
        <Spinner />
      ) : (list.data ?? []).length === 0 ? (
        <p className="muted">{t('passwords.none')}</p>
      ) : (
        <DataTable
          rows={list.data ?? []}
          rowKey={(p) => p.uuid}
          columns={[
            { label: 'common.name', cell: (p) => p.name },
            { label: 'passwords.created', cell: (p) => stampText(p.created_utc) },
            {
              label: 'passwords.lastUsed',
              cell: (p) => (p.last_used_utc ? stampText(p.last_used_utc) : t('common.never')),
            },
          ]}
          actions={(p) => [
            {
              label: t('passwords.revoke'),
              danger: true,
              confirm: t('passwords.confirmRevoke', { name: p.name }),
              run: () => revoke.mutate(p.uuid),
            },
          ]}
        />
      )}
    </section>
  );
}
