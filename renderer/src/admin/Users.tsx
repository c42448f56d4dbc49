import { type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLES } from '../../../shared/roles';
import { userCreateSchema } from '../../../shared/schemas/users';
import { admin, api } from '../api/client';
import type { UserArchiveWire, UserWire } from '../../../shared/schemas/wire';
import { Link } from '../app/Link';
import { ErrorNote } from '../ui/ErrorNote';
import { serverErrors, useForm, zodErrors } from '../ui/form';
import { PageHeader } from '../ui/PageHeader';
import { DataTable } from '../ui/DataTable';
import { useToast } from '../ui/toasts';
import { type FieldSpec } from '../ui/FormFields';
import { FieldGrid, FormError, SubmitRow } from '../ui/FormLayout';
import { useCatalogue, useT } from '../i18n';

export const USER_FIELDS: FieldSpec[] = [
  { name: 'login', label: 'users.login', required: true, autoComplete: 'off' },
  { name: 'display_name', label: 'users.displayName' },
  { name: 'email', label: 'users.email', type: 'email' },
  {
    name: 'role',
    label: 'users.role',
    type: 'select',
    options: ROLES.map((r) => [r, `users.roles.${r}`]),
  },
  {
    name: 'password',
    label: 'users.password',
    type: 'password',
    required: true,
    autoComplete: 'new-password',
    hint: 'users.passwordHint',
  },
];

const EMPTY = { login: '', display_name: '', email: '', role: 'editor', password: '' };

export default function Users() {
  useCatalogue('admin');
  const t = useT();
  const client = useQueryClient();
  const toast = useToast();
  const users = useQuery({
    queryKey: ['users'],
    queryFn: () => api<UserArchiveWire>(admin('users'), { query: { per_page: 100 } }),
  });
  const form = useForm<Record<string, string>>(EMPTY);
  const create = useMutation({
    mutationFn: (body: Record<string, string>) =>
      api<UserWire>(admin('users'), { method: 'POST', body }),
    onSuccess: (user) => {
      void client.invalidateQueries({ queryKey: ['users'] });
      toast({ tone: 'success', message: t('users.created', { login: user.login }) });
      form.reset(EMPTY);
    },
    onError: (error) => form.setErrors(serverErrors(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = zodErrors(userCreateSchema, form.values);
    if (Object.keys(errors).length) return form.setErrors(errors);
    create.mutate(form.values);
  };
  return (
    <>
      <PageHeader title={t('nav.users')}>{t('users.lead')}</PageHeader>
      <ErrorNote error={users.error} />
      <DataTable
        rows={users.data?.users ?? []}
        rowKey={(u) => u.id}
        pending={users.isPending}
        columns={[
          { label: 'users.login', cell: (u) => <Link to={`/admin/users/${u.id}`}>{u.login}</Link> },
          { label: 'common.name', cell: (u) => u.display_name || '—' },
          { label: 'users.email', cell: (u) => u.email || '—' },
          {
            label: 'users.role',
            cell: (u) => <span className="badge">{t(`roles.${u.role}`)}</span>,
          },
        ]}
      />
      <form className="card admin-form" onSubmit={submit} noValidate aria-labelledby="new-user">
        <h2 id="new-user">{t('users.add')}</h2>
        <FormError error={create.error} />
        <FieldGrid fields={USER_FIELDS} form={form} />
        <SubmitRow label={t('users.addButton')} busy={create.isPending} />
      </form>
    </>
  );
}
