// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Explorer from '../../../renderer/src/explorer/Explorer';
import { setToken } from '../../../renderer/src/api/client';
import { renderWithProviders, scriptFetch } from '../support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setToken(null);
});

const doc = {
  openapi: '3.0.0',
  servers: [{ url: 'http://localhost/api/calendar/events/v1/' }],
  paths: {
    '/events': {
      get: {
        summary: 'List events.',
        parameters: [{ name: 'per_page', in: 'query', schema: { type: 'integer' } }],
      },
      post: {
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['title'],
                properties: { title: { type: 'string', example: 'Party' } },
              },
            },
          },
        },
      },
    },
  },
};

describe('API explorer', () => {
  it('sends the chosen request as the signed-in user and shows status, totals and JSON', async () => {
    setToken('secret-token');
    const calls = scriptFetch({
      'GET /api/calendar/events/v1/doc': { body: doc },
      'GET /api/calendar/admin/v1': { body: { namespace: 'calendar/admin/v1', routes: {} } },
      'GET /api/calendar/events/v1/events': {
        body: { events: [{ id: 5, title: 'Concert' }], total: 1, total_pages: 1 },
        headers: { 'X-TEC-Total': '1', 'X-TEC-TotalPages': '1' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<Explorer />);
    await user.click(await screen.findByRole('button', { name: 'GET /events' }));
    await user.type(screen.getByLabelText('per_page'), '5');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByTestId('response-status')).toHaveProperty(
      'textContent',
      expect.stringMatching(/^200/),
    );
    expect(screen.getAllByText('x-tec-total').length).toBeGreaterThan(0);
    expect(screen.getByText('"Concert"')).toBeTruthy();
    const sent = calls.at(-1)!;
    expect(sent.url).toBe('/api/calendar/events/v1/events?per_page=5');
    expect(sent.headers.authorization).toBe('Bearer secret-token');
  });

  it('prefills an example body from the schema and can send anonymously', async () => {
    setToken('secret-token');
    const calls = scriptFetch({
      'GET /api/calendar/events/v1/doc': { body: doc },
      'GET /api/calendar/admin/v1': {
        status: 401,
        body: { code: 'rest_forbidden', message: 'No.', data: { status: 401 } },
      },
      'POST /api/calendar/events/v1/events': {
        status: 401,
        body: {
          code: 'rest_forbidden',
          message: 'Sorry, you are not allowed to do that.',
          data: { status: 401 },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<Explorer />);
    await user.click(await screen.findByRole('button', { name: 'POST /events' }));
    const body = screen.getByLabelText('Request body') as HTMLTextAreaElement;
    expect(JSON.parse(body.value)).toEqual({ title: 'Party' });
    await user.click(screen.getByLabelText('Anonymously'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByTestId('response-status').textContent).toMatch(/^401/));
    const sent = calls.at(-1)!;
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.body).toEqual({ title: 'Party' });
  });

  it('refuses to send a body that is not JSON', async () => {
    scriptFetch({
      'GET /api/calendar/events/v1/doc': { body: doc },
      'GET /api/calendar/admin/v1': { body: { routes: {} } },
    });
    const user = userEvent.setup();
    renderWithProviders(<Explorer />);
    await user.click(await screen.findByRole('button', { name: 'POST /events' }));
    const body = screen.getByLabelText('Request body');
    await user.clear(body);
    await user.type(body, '{{oops');
    expect(screen.getByText(/Not valid JSON/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });
});
