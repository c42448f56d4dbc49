import { useEffect, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userUpdateSchema } from '../../../shared/schemas/users';
import { admin, api } from '../api/client';
import type { UserWire } from '../../../shared/schemas/wire';
import { Link } from '../app/Link';
import { useStamp } from '../app/useStamp';
import { isNotFound, NotFound } from '../app/NotFound';
import { navigate } from '../app/router';
import { useAuth } from '../app/auth';
import { ConfirmButton } from '../ui/Button';
import { ErrorNote } from '../ui/ErrorNote';
import { serverErrors, useForm, zodErrors } from '../ui/form';
import { PageHeader } from '../ui/PageHeader';
import { Spinner } from '../ui/Spinner';
import { useToast } from '../ui/toasts';
import { PasswordList } from './PasswordList';
import { USER_FIELDS } from './Users';
import { FieldGrid, FormError, SubmitRow } from '../ui/FormLayout';
import { useCatalogue, useT } from '../i18n';

const FIELDS = USER_FIELDS.map((f) =>
  f.name === 'password' ? { ...f, required: false, hint: 'users.keepPassword' } : f,
);
/** Changing one's own password asks for the current one. */
const OWN_FIELDS = [
  ...FIELDS,
  {
    name: 'current_password',
    label: 'users.currentPassword',
    type: 'password' as const,
    autoComplete: 'current-password',
    hint: 'users.currentPasswordHint',
  },
];

export default function UserEditor({ id }: { id: string }) {
  useCatalogue('admin');
  const t = useT();
  const stampText = useStamp();
  const client = useQueryClient();
  const toast = useToast();
  const { user: me } = useAuth();
  const user = useQuery({
    queryKey: ['users', Number(id)],
    queryFn: () => api<UserWire>(admin(`users/${id}`)),
  });
  const form = useForm<Record<string, string>>({
    login: '',
    display_name: '',
    email: '',
    role: 'editor',
    password: '',
    current_password: '',
  });
  useEffect(() => {
    if (user.data)
      form.reset({
        login: user.data.login,
        display_name: user.data.display_name,
        email: user.data.email,
        role: user.data.role,
        password: '',
        current_password: '',
      });
  }, [user.data]);
  const save = useMutation({
    mutationFn: (body: Record<string, string>) =>
      api<UserWire>(admin(`users/${id}`), { method: 'PATCH', body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['users'] });
      toast({ tone: 'success', message: t('users.saved') });
    },
    onError: (error) => form.setErrors(serverErrors(error)),
  });
  const remove = useMutation({
    mutationFn: () => api(admin(`users/${id}`), { method: 'DELETE' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['users'] });
      navigate('/admin/users');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changing = form.values.password !== '';
    const body = Object.fromEntries(
      Object.entries(form.values).filter(([k, v]) =>
        k === 'password' || k === 'current_password' ? changing && v !== '' : true,
      ),
    );
    const errors = zodErrors(userUpdateSchema, body);
    if (Object.keys(errors).length) return form.setErrors(errors);
    save.mutate(body);
  };
  if (user.isPending) return <Spinner />;
  if (isNotFound(user.error)) return <NotFound what="users" />;
  if (user.error) return <ErrorNote error={user.error} title={t('users.loadFailed')} />;
  return (
    <>
      <PageHeader
        title={user.data.display_name || user.data.login}
        actions={<Link to="/admin/users">{t('users.all')}</Link>}
      >
        {t('users.registered', { when: stampText(user.data.registered_utc) })}
      </PageHeader>
      <form className="card" onSubmit={submit} noValidate aria-label={t('users.user')}>
        <FormError error={save.error} />
        <FieldGrid fields={me?.id === user.data.id ? OWN_FIELDS : FIELDS} form={form} />
        <SubmitRow label={t('editor.save')} busy={save.isPending}>
          <span className="form-actions__spacer" />
          {me?.id !== user.data.id && (
            <ConfirmButton
              variant="danger"
              busy={remove.isPending}
              question={t('users.confirmDelete', { login: user.data.login })}
              onConfirm={() => remove.mutate()}
            >
              {t('users.delete')}
            </ConfirmButton>
          )}
        </SubmitRow>
        <ErrorNote error={remove.error} />
      </form>
      <PasswordList userId={user.data.id} />
    </>
  );
}
