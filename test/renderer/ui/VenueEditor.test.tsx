// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import VenueEditor from '../../../renderer/src/venues/VenueEditor';
import { renderWithProviders, scriptFetch } from '../support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('venue editor', () => {
  it('checks the form with the shared zod schema before sending anything', async () => {
    const calls = scriptFetch({});
    const user = userEvent.setup();
    renderWithProviders(<VenueEditor id="new" />);
    await user.type(screen.getByLabelText('Website'), 'not-a-url');
    await user.click(screen.getByRole('button', { name: 'Create venue' }));
    expect(screen.getByLabelText('Name *').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Website').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This must be an absolute http(s) URL or empty.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the same Idempotency-Key when a failed create is tried again', async () => {
    let attempt = 0;
    const calls = scriptFetch({
      'POST /api/calendar/events/v1/venues': () =>
        ++attempt === 1
          ? { status: 503, body: { code: 'unavailable', message: 'Try again.', data: {} } }
          : { status: 201, body: { id: 9, venue: 'Harbour Hall', status: 'publish' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<VenueEditor id="new" />);
    await user.type(screen.getByLabelText('Name *'), 'Harbour Hall');
    await user.click(screen.getByRole('button', { name: 'Create venue' }));
    await screen.findByText('Try again.');
    await user.click(screen.getByRole('button', { name: 'Create venue' }));
    await screen.findByText('Saved “Harbour Hall”.');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(2);
    const key = posts[0]!.headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(posts[1]!.headers['idempotency-key']).toBe(key);
  });

  it('shows the server’s message next to the field it names', async () => {
    scriptFetch({
      'POST /api/calendar/events/v1/venues': {
        status: 400,
        body: {
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): phone',
          data: { status: 400, params: { phone: 'The phone number is too long.' } },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<VenueEditor id="new" />);
    await user.type(screen.getByLabelText('Name *'), 'Harbour Hall');
    await user.type(screen.getByLabelText('Phone'), '123');
    await user.click(screen.getByRole('button', { name: 'Create venue' }));
    const phone = screen.getByLabelText('Phone');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = phone.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe('The phone number is too long.');
  });

  it('sends only the changed fields on update (updates merge)', async () => {
    const venue = {
      id: 7,
      status: 'publish',
      venue: 'Hall',
      city: 'Paris',
      show_map: true,
      show_map_link: true,
    };
    const calls = scriptFetch({
      'GET /api/calendar/events/v1/venues/7': { body: venue },
      'PATCH /api/calendar/events/v1/venues/7': (req) => ({
        body: { ...venue, ...(req.body as object) },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<VenueEditor id="7" />);
    const city = await screen.findByLabelText('City');
    await waitFor(() => expect((city as HTMLInputElement).value).toBe('Paris'));
    await user.clear(city);
    await user.type(city, 'Lyon');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Saved “Hall”.');
    const patches = calls.filter((call) => call.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]).toMatchObject({ method: 'PATCH', body: { city: 'Lyon' } });
  });
});
