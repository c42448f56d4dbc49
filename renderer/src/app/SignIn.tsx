import { useState, type FormEvent } from 'react';
import { ApiFailure } from '../api/client';
import { Button } from '../ui/Button';
import { ErrorNote } from '../ui/ErrorNote';
import { Field } from '../ui/Field';
import { useAuth } from './auth';
import { ThemeToggle } from './ThemeToggle';
import { useDocumentTitle } from './router';
import { Trans } from 'react-i18next';
import { useT } from '../i18n';

export function SignIn() {
  const { signIn } = useAuth();
  const t = useT();
  useDocumentTitle(t('signIn.documentTitle'));
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const fields = error instanceof ApiFailure ? error.fields : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(login, password);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="signin" id="main">
      <form
        className="card signin__card"
        onSubmit={submit}
        noValidate
        aria-labelledby="signin-title"
      >
        <div className="signin__brand" aria-hidden="true">
          ▦
        </div>
        <h1 id="signin-title">{t('signIn.title')}</h1>
        <p className="muted">{t('signIn.lead')}</p>
        {error && !fields.login && !fields.password ? <ErrorNote error={error} /> : null}
        <Field label={t('signIn.login')} error={fields.login}>
          <input
            name="login"
            autoComplete="username"
            value={login}
            onChange={(e) => setLogin(e.target.value)}
            required
            autoFocus
          />
        </Field>
        <Field label={t('signIn.password')} error={fields.password}>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </Field>
        <Button type="submit" variant="primary" busy={busy} className="btn--block">
          {t('signIn.submit')}
        </Button>
        <details className="signin__help">
          <summary>{t('signIn.helpSummary')}</summary>
          <p>
            <Trans i18nKey="signIn.help" components={{ code: <code /> }} />
          </p>
        </details>
        <div className="signin__footer">
          <ThemeToggle />
        </div>
      </form>
    </main>
  );
}
