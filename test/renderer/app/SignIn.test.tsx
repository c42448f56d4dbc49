// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../../renderer/src/app/App';
import { AuthProvider } from '../../../renderer/src/app/auth';
import { renderWithProviders, scriptFetch } from '../support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  delete window.almanac;
});

describe('sign-in', () => {
  it('shows a refused sign-in as a readable message and stays on the form', async () => {
    scriptFetch({
      'POST /api/calendar/admin/v1/sessions': {
        status: 401,
        body: {
          code: 'invalid_credentials',
          message: 'Unknown login or wrong password.',
          data: { status: 401 },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <AuthProvider>
        <App />
      </AuthProvider>,
    );
    await user.type(await screen.findByLabelText('Login'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Unknown login or wrong password.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('uses the desktop session from the preload bridge and never shows the form', async () => {
    const calls = scriptFetch({
      'GET /api/calendar/admin/v1/me': {
        body: { id: 1, login: 'owner', display_name: '', email: '', role: 'administrator' },
      },
    });
    window.almanac = {
      getSession: async () => ({ token: 'desktop-token', expires_utc: '2099-01-01 00:00:00' }),
      openExternal: async () => undefined,
      getStartAtLogin: async () => ({ supported: false, enabled: false }),
      setStartAtLogin: async () => ({ supported: false, enabled: false }),
      version: '1.0.0',
    };
    renderWithProviders(
      <AuthProvider>
        <App />
      </AuthProvider>,
    );
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(calls[0]!.headers.authorization).toBe('Bearer desktop-token');
  });
});
