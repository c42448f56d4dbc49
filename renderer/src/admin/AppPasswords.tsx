import { useAuth } from '../app/auth';
import { PageHeader } from '../ui/PageHeader';
import { PasswordList } from './PasswordList';

/** The signed-in user's own application passwords. */
export default function AppPasswords() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Application passwords">
        Let scripts and other apps use the API as you, without your account password.
      </PageHeader>
      <PasswordList userId={user.id} login={user.login} title="Your passwords" />
    </>
  );
}
