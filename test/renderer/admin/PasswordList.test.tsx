// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PasswordList } from '../../../renderer/src/admin/PasswordList';
import { renderWithProviders, scriptFetch } from '../support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('application passwords', () => {
  it('shows a new password once, and revokes optimistically with rollback on error', async () => {
    let rows = [
      { uuid: 'u1', name: 'Old script', created_utc: '2026-01-01 00:00:00', last_used_utc: null },
    ];
    scriptFetch({
      'GET /api/calendar/admin/v1/users/1/application-passwords': () => ({ body: rows }),
      'POST /api/calendar/admin/v1/users/1/application-passwords': (req) => {
        const created = {
          uuid: 'u2',
          name: (req.body as { name: string }).name,
          created_utc: '2026-06-15 12:00:00',
          last_used_utc: null,
        };
        rows = [...rows, created];
        return { status: 201, body: { ...created, password: 'abcd efgh ijkl mnop' } };
      },
      'DELETE /api/calendar/admin/v1/users/1/application-passwords/u1': {
        status: 500,
        body: { code: 'rest_error', message: 'Something went wrong.', data: { status: 500 } },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PasswordList userId={1} login="admin" />);
    await screen.findByText('Old script');

    await user.click(screen.getByRole('button', { name: 'Create password' }));
    expect(screen.getByText('This must not be empty.')).toBeTruthy();

    await user.type(screen.getByLabelText('New password name'), 'Widget');
    await user.click(screen.getByRole('button', { name: 'Create password' }));
    expect((await screen.findByTestId('new-app-password')).textContent).toBe('abcd efgh ijkl mnop');
    await screen.findByText('Widget', { selector: 'td' });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-app-password')).toBeNull();

    await user.click(screen.getAllByRole('button', { name: 'Revoke' })[0]!);
    // The console's own dialog asks (not the browser's confirm()); Cancel has the focus.
    const dialog = screen.getByRole('dialog', { name: 'Revoke “Old script”?' });
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Something went wrong.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Old script')).toBeTruthy());
  });
});
