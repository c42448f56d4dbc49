import { useState, type FormEvent } from 'react';
import { ApiFailure } from '../api/client';
import { Button } from '../ui/Button';
import { ErrorNote } from '../ui/ErrorNote';
import { Field } from '../ui/Field';
import { useAuth } from './auth';
import { ThemeToggle } from './ThemeToggle';
import { useDocumentTitle } from './router';

export function SignIn() {
  const { signIn } = useAuth();
  useDocumentTitle('Sign in');
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
        <h1 id="signin-title">Sign in to Almanac</h1>
        <p className="muted">Manage your calendar and explore its API.</p>
        {error && !fields.login && !fields.password ? <ErrorNote error={error} /> : null}
        <Field label="Login" error={fields.login}>
          <input
            name="login"
            autoComplete="username"
            value={login}
            onChange={(e) => setLogin(e.target.value)}
            required
            autoFocus
          />
        </Field>
        <Field label="Password" error={fields.password}>
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
          Sign in
        </Button>
        <details className="signin__help">
          <summary>First time here? Where the password comes from</summary>
          <p>
            On its first start Almanac creates an administrator: login <code>admin</code> (or the
            value of <code>ALMANAC_ADMIN_USER</code>) with the password in{' '}
            <code>ALMANAC_ADMIN_PASSWORD</code>, or, when that is not set, a generated password
            printed once in the terminal where the server started (the line that begins
            “Administrator password”). The desktop app signs its owner in without one. Other people
            get their login from an administrator (Users).
          </p>
        </details>
        <div className="signin__footer">
          <ThemeToggle />
        </div>
      </form>
    </main>
  );
}
