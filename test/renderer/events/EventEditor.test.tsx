// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthProvider } from '../../../renderer/src/app/auth';
import EventEditor from '../../../renderer/src/events/EventEditor';
import { renderWithProviders, scriptFetch, type Recorded } from '../support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const posts = (calls: Recorded[]) => calls.filter((c) => c.method === 'POST');

function renderNew() {
  renderWithProviders(
    <AuthProvider>
      <EventEditor id="new" />
    </AuthProvider>,
  );
}

function endMessage(): string | null | undefined {
  const end = screen.getByLabelText('Ends *');
  if (end.getAttribute('aria-invalid') !== 'true') return null;
  return document.getElementById(end.getAttribute('aria-describedby')!)?.textContent;
}

describe('event editor: end before start', () => {
  it('blocks a timed event that ends before it starts, with a message under the end', async () => {
    const calls = scriptFetch({});
    const user = userEvent.setup();
    renderNew();
    await user.type(screen.getByLabelText('Title *'), 'Board meeting');
    fireEvent.change(screen.getByLabelText('Starts *'), { target: { value: '2026-06-10T18:00' } });
    fireEvent.change(screen.getByLabelText('Ends *'), { target: { value: '2026-06-10T17:00' } });
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(endMessage()).toBe('This must be after the start.');
    expect(posts(calls)).toEqual([]);
  });

  it('blocks an all-day event whose last day is before its first, and allows one day', async () => {
    const calls = scriptFetch({});
    const user = userEvent.setup();
    renderNew();
    await user.type(screen.getByLabelText('Title *'), 'Festival');
    await user.click(screen.getByRole('switch', { name: 'All day' }));
    fireEvent.change(screen.getByLabelText('Starts *'), { target: { value: '2026-06-12' } });
    fireEvent.change(screen.getByLabelText('Ends *'), { target: { value: '2026-06-11' } });
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(endMessage()).toBe('This must be on or after the start day.');
    expect(posts(calls)).toEqual([]);

    fireEvent.change(screen.getByLabelText('Ends *'), { target: { value: '2026-06-12' } });
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(endMessage()).toBeNull();
    expect(posts(calls).length).toBe(1);
  });
});

describe('event editor: Enter inside a "+ New …" panel', () => {
  const created = { id: 31, status: 'publish' };
  it.each([
    ['+ New venue', 'New venue', 'venues', 'Harbour Hall'],
    ['+ New organizer', 'New organizer', 'organizers', 'Ada Lovelace'],
    ['+ New category', 'New category', 'categories', 'Concerts'],
  ])(
    '%s: Enter creates in the panel and never submits the event',
    async (open, group, kind, name) => {
      const calls = scriptFetch({ [`POST /api/calendar/events/v1/${kind}`]: { body: created } });
      const user = userEvent.setup();
      renderNew();
      await user.type(screen.getByLabelText('Title *'), 'Concert');
      await user.click(screen.getByRole('button', { name: open }));
      const panel = screen.getByRole('group', { name: group });
      const [first] = within(panel).getAllByRole('textbox');
      await user.type(first!, `${name}{Enter}`);
      await waitFor(() => expect(posts(calls).length).toBe(1));
      expect(posts(calls)[0]!.url).toContain(`/events/v1/${kind}`);
      expect(calls.some((c) => c.method === 'POST' && /\/events\/v1\/events/.test(c.url))).toBe(
        false,
      );
    },
  );
});

describe('event editor: one submission at a time', () => {
  it('sends one create for a double submit', async () => {
    const calls = scriptFetch({
      'POST /api/calendar/events/v1/events': (req) => ({
        status: 201,
        body: {
          ...(req.body as object),
          id: 40,
          status: 'publish',
          organizer: [],
          categories: [],
          tags: [],
          venue: [],
        },
      }),
    });
    const user = userEvent.setup();
    renderNew();
    await user.type(screen.getByLabelText('Title *'), 'Quiz night');
    const form = screen.getByRole('form', { name: 'Event details' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(screen.getByText('Saved “Quiz night”.')).toBeTruthy());
    expect(posts(calls).length).toBe(1);
  });
});
