// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Combobox } from '../../../renderer/src/ui/Combobox';
import { matches } from '../../../renderer/src/ui/matchText';

afterEach(cleanup);

const OPTIONS = [
  { id: 1, label: 'Ada Events' },
  { id: 2, label: 'City Makers Club' },
  { id: 3, label: 'Café Société', detail: 'Lyon' },
];

function Harness({ single, initial = [] }: { single?: boolean; initial?: number[] }) {
  const [value, setValue] = useState<number[]>(initial);
  return (
    <>
      <Combobox
        label="Organizers"
        placeholder="Type to add…"
        options={OPTIONS}
        value={value}
        onChange={setValue}
        single={single}
      />
      <output data-testid="value">{value.join(',')}</output>
    </>
  );
}

const value = () => screen.getByTestId('value').textContent;
const active = () => {
  const input = screen.getByRole('combobox', { name: 'Organizers' });
  const id = input.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('Combobox', () => {
  it('moves with the arrow keys without adding, and adds with Enter', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Organizers' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(input.getAttribute('aria-controls')!)?.role).toBe('listbox');
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(active()).toBe('Ada Events');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // Sorted by name; the last one stays active at the end of the list.
    expect(active()).toBe('City Makers Club');
    await user.keyboard('{ArrowUp}');
    expect(active()).toBe('Café Société — Lyon');
    expect(value()).toBe('');
    await user.keyboard('{Enter}');
    expect(value()).toBe('3');
    expect(screen.getByRole('button', { name: 'Remove Café Société' })).toBeTruthy();
    // The chosen one leaves the list.
    expect(screen.queryByRole('option', { name: /Café/ })).toBeNull();
  });

  it('filters as the user types, ignoring case and accents, and Enter takes the first match', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByRole('combobox', { name: 'Organizers' }), 'cafe');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Café Société — Lyon',
    ]);
    await user.keyboard('{Enter}');
    expect(value()).toBe('3');
    await user.type(screen.getByRole('combobox'), 'zzz');
    expect(screen.getByText('Nothing matches “zzz”.')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(value()).toBe('3');
  });

  it('closes on Escape, removes chips by their button and by Backspace', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[1, 2]} />);
    const input = screen.getByRole('combobox', { name: 'Organizers' });
    await user.click(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Remove Ada Events' }));
    expect(value()).toBe('2');
    expect(document.activeElement).toBe(input);
    await user.keyboard('{Backspace}');
    expect(value()).toBe('');
  });

  it('keeps one choice at most when single', async () => {
    const user = userEvent.setup();
    render(<Harness single initial={[1]} />);
    await user.type(screen.getByRole('combobox', { name: 'Organizers' }), 'city{Enter}');
    expect(value()).toBe('2');
    expect(screen.getByRole('combobox').getAttribute('aria-expanded')).toBe('false');
  });

  it('matches every typed word whatever its case and accents', () => {
    expect(matches('Café Société Lyon', 'societe lyon')).toBe(true);
    expect(matches('Café Société Lyon', 'paris')).toBe(false);
    expect(matches('anything', '  ')).toBe(true);
  });
});
