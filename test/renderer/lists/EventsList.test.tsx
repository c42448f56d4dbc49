// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import EventsList from '../../../renderer/src/events/EventsList';
import { renderWithProviders, scriptFetch } from '../support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const event = (id: number, title: string, status = 'draft') => ({
  id,
  title,
  status,
  all_day: false,
  featured: false,
  start_date: '2026-06-20 10:00:00',
  end_date: '2026-06-20 11:00:00',
  utc_start_date: '2026-06-20 10:00:00',
  timezone_abbr: 'UTC',
  venue: [],
  categories: [],
});

describe('events list', () => {
  it('searches and pages through the API’s listing', async () => {
    const calls = scriptFetch({
      'GET /api/calendar/events/v1/events': (req) => {
        const page = new URL(req.url, 'http://x').searchParams.get('page');
        return {
          body: {
            events: [event(Number(page), `Event on page ${page}`)],
            total: 40,
            total_pages: 2,
          },
        };
      },
      'GET /api/calendar/events/v1/categories': {
        body: { categories: [], total: 0, total_pages: 0 },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<EventsList />);
    await screen.findByText('Event on page 1');
    expect(screen.getByText('40 events')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Event on page 2');
    await user.type(screen.getByLabelText('Search'), 'jazz');
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('search=jazz') && c.url.includes('page=1'))).toBe(
        true,
      ),
    );
  });

  it('applies a bulk status change at once and rolls back what the server refused', async () => {
    scriptFetch({
      'GET /api/calendar/events/v1/events': {
        body: { events: [event(1, 'Alpha'), event(2, 'Beta')], total: 2, total_pages: 1 },
      },
      'GET /api/calendar/events/v1/categories': {
        body: { categories: [], total: 0, total_pages: 0 },
      },
      'PATCH /api/calendar/events/v1/events/1': { body: { ...event(1, 'Alpha', 'publish') } },
      'PATCH /api/calendar/events/v1/events/2': {
        status: 403,
        body: {
          code: 'rest_forbidden',
          message: 'Sorry, you are not allowed to do that.',
          data: { status: 403 },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<EventsList />);
    await screen.findByText('Alpha');
    await user.click(screen.getByLabelText('Select all on this page'));
    expect(screen.getByText('2 selected')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('New status'), 'publish');
    await user.click(screen.getByRole('button', { name: 'Set status' }));
    expect(
      await screen.findByText('1 of 2 failed: Sorry, you are not allowed to do that.'),
    ).toBeTruthy();
    const beta = screen.getByText('Beta').closest('tr')!;
    expect(within(beta).getByText('Draft')).toBeTruthy();
  });

  it('says what a bulk change did, keeps the filtered list’s context, and undoes it', async () => {
    const status = new Map([
      [1, 'draft'],
      [2, 'draft'],
    ]);
    const calls = scriptFetch({
      'GET /api/calendar/events/v1/events': (req) => {
        const wanted = new URL(req.url, 'http://x').searchParams.get('status');
        const shown = [event(1, 'Alpha', status.get(1)), event(2, 'Beta', status.get(2))].filter(
          (e) => !wanted || e.status === wanted,
        );
        return {
          body: { events: shown, total: shown.length, total_pages: shown.length > 0 ? 1 : 0 },
        };
      },
      'GET /api/calendar/events/v1/categories': {
        body: { categories: [], total: 0, total_pages: 0 },
      },
      'PATCH /api/calendar/events/v1/events/1': (req) => {
        status.set(1, (req.body as { status: string }).status);
        return { body: event(1, 'Alpha', status.get(1)) };
      },
      'PATCH /api/calendar/events/v1/events/2': (req) => {
        status.set(2, (req.body as { status: string }).status);
        return { body: event(2, 'Beta', status.get(2)) };
      },
    });
    // The list keeps its search in the address: start from a clean one.
    window.history.replaceState(null, '', '/console/events');
    const user = userEvent.setup();
    renderWithProviders(<EventsList />);
    await screen.findByText('Alpha');
    await user.selectOptions(screen.getByLabelText('Status'), 'draft');
    await user.click(screen.getByLabelText('Select all on this page'));
    await user.selectOptions(screen.getByLabelText('New status'), 'publish');
    await user.click(screen.getByRole('button', { name: 'Set status' }));
    const notice = (await screen.findByText('Set “Alpha” and “Beta” to Published.')).closest(
      '.toast',
    )!;
    // Nothing left among the drafts: said so, with no "Page 0 of 0".
    await screen.findByText('No events match these filters.');
    expect(screen.queryByText(/Page 0 of 0/)).toBeNull();
    await user.click(within(notice as HTMLElement).getByRole('button', { name: 'Undo' }));
    await screen.findByText('Undone: 2 events back as they were.');
    const undo = calls.filter((c) => c.method === 'PATCH').slice(2);
    expect(undo.map((c) => c.body)).toEqual([{ status: 'draft' }, { status: 'draft' }]);
    await screen.findByText('Alpha');
  });
});
