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

export const USER_FIELDS: FieldSpec[] = [
  { name: 'login', label: 'Login', required: true, autoComplete: 'off' },
  { name: 'display_name', label: 'Display name' },
  { name: 'email', label: 'E-mail', type: 'email' },
  {
    name: 'role',
    label: 'Role',
    type: 'select',
    options: ROLES.map((r) => [r, r.charAt(0).toUpperCase() + r.slice(1)]),
  },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    required: true,
    autoComplete: 'new-password',
    hint: 'At least 8 characters.',
  },
];

const EMPTY = { login: '', display_name: '', email: '', role: 'editor', password: '' };

export default function Users() {
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
      toast({ tone: 'success', message: `Created ${user.login}.` });
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
      <PageHeader title="Users">
        People who can sign in, and what their role lets them do.
      </PageHeader>
      <ErrorNote error={users.error} />
      <DataTable
        rows={users.data?.users ?? []}
        rowKey={(u) => u.id}
        pending={users.isPending}
        columns={[
          { label: 'Login', cell: (u) => <Link to={`/admin/users/${u.id}`}>{u.login}</Link> },
          { label: 'Name', cell: (u) => u.display_name || '—' },
          { label: 'E-mail', cell: (u) => u.email || '—' },
          { label: 'Role', cell: (u) => <span className="badge">{u.role}</span> },
        ]}
      />
      <form className="card admin-form" onSubmit={submit} noValidate aria-labelledby="new-user">
        <h2 id="new-user">Add a user</h2>
        <FormError error={create.error} />
        <FieldGrid fields={USER_FIELDS} form={form} />
        <SubmitRow label="Add user" busy={create.isPending} />
      </form>
    </>
  );
}
