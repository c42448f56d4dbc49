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

interface Props {
  userId: number;
  login?: string;
  title?: string;
}

export function PasswordList({ userId, login, title = 'Application passwords' }: Props) {
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
      () => toast({ tone: 'success', message: 'Password copied.' }),
      () => toast({ tone: 'error', message: 'Copy failed: select the text and copy it.' }),
    );
  };
  return (
    <section className="card" aria-labelledby={`pw-${userId}`}>
      <h2 id={`pw-${userId}`}>{title}</h2>
      <p className="muted">
        For scripts and other apps: HTTP Basic with {login ? <code>{login}</code> : 'the login'} and
        one of these passwords.
      </p>
      {fresh?.password && (
        <div className="note note--success" role="status">
          <p>
            <strong>{fresh.name}</strong>: copy this password now, it will not be shown again.
          </p>
          <div className="secret">
            <code data-testid="new-app-password">{fresh.password}</code>
            <Button small onClick={() => void copy()}>
              Copy
            </Button>
            <Button small variant="ghost" onClick={() => setFresh(null)}>
              Done
            </Button>
          </div>
        </div>
      )}
      <form className="toolbar" onSubmit={submit} noValidate>
        <Field label="New password name" error={nameError}>
          <input
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(undefined);
            }}
            placeholder="e.g. Website widget"
          />
        </Field>
        <Button type="submit" variant="primary" busy={create.isPending} className="toolbar__button">
          Create password
        </Button>
      </form>
      <ErrorNote error={list.error ?? revoke.error} />
      {list.isPending ? (
        <Spinner />
      ) : (list.data ?? []).length === 0 ? (
        <p className="muted">No application passwords yet.</p>
      ) : (
        <DataTable
          rows={list.data ?? []}
          rowKey={(p) => p.uuid}
          columns={[
            { label: 'Name', cell: (p) => p.name },
            { label: 'Created', cell: (p) => stampText(p.created_utc) },
            {
              label: 'Last used',
              cell: (p) => (p.last_used_utc ? stampText(p.last_used_utc) : 'Never'),
            },
          ]}
          actions={(p) => [
            {
              label: 'Revoke',
              danger: true,
              confirm: `Revoke “${p.name}”?`,
              run: () => revoke.mutate(p.uuid),
            },
          ]}
        />
      )}
    </section>
  );
}
