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

const EVENTS = '/api/calendar/events/v1/events';

/** An occurrence as the API gives it: the fourth of a series whose parent is event 20. */
const occurrence = {
  id: 23,
  title: 'Rehearsal',
  description: '',
  excerpt: '',
  status: 'publish',
  all_day: false,
  start_date: '2026-07-28 19:00:00',
  end_date: '2026-07-28 21:00:00',
  timezone: 'Europe/Paris',
  venue: [],
  organizer: [],
  categories: [],
  tags: [],
  recurrence: ['RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU'],
  series_id: 20,
  original_start_date: '2026-07-28 19:00:00',
};

function renderEditor(id: string) {
  renderWithProviders(
    <AuthProvider>
      <EventEditor id={id} />
    </AuthProvider>,
  );
}

const writes = (calls: Recorded[]) => calls.filter((c) => c.method !== 'GET');

describe('event editor: Repeat', () => {
  it('creates an every-2nd-Tuesday series from the custom editor, showing its summary', async () => {
    const calls = scriptFetch({
      [`POST ${EVENTS}`]: (req) => ({
        status: 201,
        body: { ...occurrence, ...(req.body as object), id: 20, original_start_date: null },
      }),
    });
    const user = userEvent.setup();
    renderEditor('new');
    await user.type(screen.getByLabelText('Title *'), 'Rehearsal');
    fireEvent.change(screen.getByLabelText('Starts *'), { target: { value: '2026-06-16T19:00' } });
    fireEvent.change(screen.getByLabelText('Ends *'), { target: { value: '2026-06-16T21:00' } });
    const repeats = screen.getByLabelText('Repeats');
    expect(within(repeats).getByRole('option', { name: 'Every Tuesday' })).toBeTruthy();
    expect(
      within(repeats).getByRole('option', { name: 'Every month on the 3rd Tuesday' }),
    ).toBeTruthy();
    await user.selectOptions(repeats, 'custom');
    const interval = screen.getByLabelText('Every');
    await user.clear(interval);
    await user.type(interval, '2');
    expect(screen.getByRole('checkbox', { name: 'Tuesday' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: 'On' }));
    fireEvent.change(screen.getByLabelText('Last date'), { target: { value: '2027-06-30' } });
    expect(screen.getByText('Every 2nd Tuesday until 30 June 2027')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(writes(calls).length).toBe(1));
    expect(writes(calls)[0]!.body).toMatchObject({
      title: 'Rehearsal',
      start_date: '2026-06-16 19:00:00',
      recurrence: ['RRULE:FREQ=WEEKLY;INTERVAL=2;UNTIL=20270630;BYDAY=TU'],
    });
  });

  it('asks which occurrences a save applies to, and sends the answer as scope', async () => {
    const calls = scriptFetch({
      [`GET ${EVENTS}/23`]: { body: occurrence },
      [`PATCH ${EVENTS}/23`]: (req) => ({ body: { ...occurrence, ...(req.body as object) } }),
    });
    const user = userEvent.setup();
    renderEditor('23');
    const title = await screen.findByDisplayValue('Rehearsal');
    expect(screen.getByText(/Repeats: Every 2nd Tuesday/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'First event' }).getAttribute('href')).toContain('20');
    await user.clear(title);
    await user.type(title, 'Dress rehearsal');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Save a repeating event' });
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: /^This event/ }),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await user.click(screen.getByRole('button', { name: /^This and following/ }));
    await waitFor(() => expect(writes(calls).length).toBe(1));
    expect(writes(calls)[0]!.url).toContain('/events/23?scope=following');
    expect(writes(calls)[0]!.body).toEqual({ title: 'Dress rehearsal' });
  });

  it('offers only following or all when the rule changes', async () => {
    const calls = scriptFetch({
      [`GET ${EVENTS}/23`]: { body: occurrence },
      [`PATCH ${EVENTS}/23`]: (req) => ({ body: { ...occurrence, ...(req.body as object) } }),
    });
    const user = userEvent.setup();
    renderEditor('23');
    await screen.findByDisplayValue('Rehearsal');
    await user.selectOptions(screen.getByLabelText('Repeats'), 'weekly');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByRole('button', { name: /^This event/ })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: /^All( \d+)? events/ }));
    await waitFor(() => expect(writes(calls).length).toBe(1));
    expect(writes(calls)[0]!.url).toContain('scope=all');
    expect(writes(calls)[0]!.body).toEqual({ recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU'] });
  });

  it('moves one occurrence to another day without touching the rule', async () => {
    const weekly = { ...occurrence, recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU'] };
    const calls = scriptFetch({
      [`GET ${EVENTS}/23`]: { body: weekly },
      [`PATCH ${EVENTS}/23`]: (req) => ({ body: { ...weekly, ...(req.body as object) } }),
    });
    const user = userEvent.setup();
    renderEditor('23');
    await screen.findByDisplayValue('Rehearsal');
    expect(screen.getByLabelText('Repeats')).toHaveProperty('value', 'weekly');
    fireEvent.change(screen.getByLabelText('Starts *'), { target: { value: '2026-07-29T19:00' } });
    fireEvent.change(screen.getByLabelText('Ends *'), { target: { value: '2026-07-29T21:00' } });
    expect(screen.getByLabelText('Repeats')).toHaveProperty('value', 'weekly');
    expect(screen.getByText('Every Tuesday', { selector: '.repeat__summary span' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await user.click(screen.getByRole('button', { name: /^This event/ }));
    await waitFor(() => expect(writes(calls).length).toBe(1));
    expect(writes(calls)[0]!.url).toContain('scope=this');
    expect(writes(calls)[0]!.body).toEqual({
      start_date: '2026-07-29 19:00:00',
      end_date: '2026-07-29 21:00:00',
    });
  });

  it('asks before trashing an occurrence, and sends its scope with the DELETE', async () => {
    const calls = scriptFetch({
      [`GET ${EVENTS}/23`]: { body: occurrence },
      [`DELETE ${EVENTS}/23`]: { body: { ...occurrence, status: 'trash' } },
    });
    const user = userEvent.setup();
    renderEditor('23');
    await screen.findByDisplayValue('Rehearsal');
    await user.click(screen.getByRole('button', { name: 'Move to trash' }));
    expect(screen.getByRole('dialog', { name: 'Trash a repeating event' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^All( \d+)? events/ }));
    await waitFor(() => expect(writes(calls).length).toBe(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'DELETE' });
    expect(writes(calls)[0]!.url).toContain('/events/23?scope=all');
  });

  it('saves a single event without asking', async () => {
    const single = { ...occurrence, recurrence: [], series_id: null, original_start_date: null };
    const calls = scriptFetch({
      [`GET ${EVENTS}/23`]: { body: single },
      [`PATCH ${EVENTS}/23`]: (req) => ({ body: { ...single, ...(req.body as object) } }),
    });
    const user = userEvent.setup();
    renderEditor('23');
    const title = await screen.findByDisplayValue('Rehearsal');
    expect(screen.getByLabelText('Repeats')).toHaveProperty('value', 'none');
    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(writes(calls).length).toBe(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes(calls)[0]!.url).not.toContain('scope');
  });
});
