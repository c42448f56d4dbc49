// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SettingsScreen from '../../../renderer/src/admin/SettingsScreen';
import { renderWithProviders, scriptFetch } from '../support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settings = {
  timezone: 'UTC',
  per_page: 10,
  currency_symbol: '$',
  currency_code: 'USD',
  currency_position: 'prefix',
  language: 'en',
  public_url: '',
  lan_sharing: false,
  cors_origins: [],
  overridden: [],
};

describe('settings', () => {
  it('validates with the shared schema and sends only what changed, parsed', async () => {
    const calls = scriptFetch({
      'GET /api/calendar/admin/v1/settings': { body: settings },
      'PATCH /api/calendar/admin/v1/settings': (req) => ({
        body: { ...settings, ...(req.body as object) },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<SettingsScreen />);
    const perPage = await screen.findByLabelText('Items per page');
    await waitFor(() => expect((perPage as HTMLInputElement).value).toBe('10'));
    await user.clear(perPage);
    await user.type(perPage, '99');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByText('This must be between 1 and 50.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    await user.clear(perPage);
    await user.type(perPage, '25');
    await user.type(
      screen.getByLabelText('Allowed CORS origins'),
      'https://Example.org/{enter}http://intranet.test',
    );
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Settings saved.');
    expect(calls.at(-1)).toMatchObject({
      method: 'PATCH',
      body: { per_page: 25, cors_origins: ['https://example.org', 'http://intranet.test'] },
    });
  });

  it('shows the server’s refusal next to the time zone', async () => {
    scriptFetch({
      'GET /api/calendar/admin/v1/settings': { body: settings },
      'PATCH /api/calendar/admin/v1/settings': {
        status: 400,
        body: {
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): timezone',
          data: { status: 400, params: { timezone: 'Unknown time zone.' } },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SettingsScreen />);
    const zone = await screen.findByLabelText('Time zone');
    await waitFor(() => expect((zone as HTMLInputElement).value).toBe('UTC'));
    await user.clear(zone);
    await user.type(zone, 'Europe/Paris');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Unknown time zone.')).toBeTruthy();
    expect(zone.getAttribute('aria-invalid')).toBe('true');
  });
});
