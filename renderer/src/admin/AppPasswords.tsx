import { useAuth } from '../app/auth';
import { PageHeader } from '../ui/PageHeader';
import { PasswordList } from './PasswordList';
import { useCatalogue, useT } from '../i18n';

/** The signed-in user's own application passwords. */
export default function AppPasswords() {
  useCatalogue('admin');
  const t = useT();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('passwords.title')}>{t('passwords.lead')}</PageHeader>
      <PasswordList userId={user.id} login={user.login} title={t('passwords.yours')} />
    </>
  );
}
