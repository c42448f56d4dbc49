// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StartAtLogin } from '../../../renderer/src/admin/StartAtLogin';
import type { DesktopBridge, LoginItem } from '../../../shared/desktop-bridge';
import { loadCatalogue } from '../../../renderer/src/i18n';

// The administration's texts, which the console fetches with its screens.
await loadCatalogue('en', ['admin']);

afterEach(() => {
  cleanup();
  delete window.almanac;
});

function desktop(item: LoginItem) {
  let current = item;
  const bridge: DesktopBridge = {
    getSession: async () => null,
    openExternal: async () => undefined,
    getStartAtLogin: vi.fn(async () => current),
    setStartAtLogin: vi.fn(async (enabled: boolean) => {
      current = { ...current, enabled };
      return current;
    }),
    version: '1.0.0',
  };
  window.almanac = bridge;
  return bridge;
}

describe('start at login', () => {
  it('switches the desktop app’s login item', async () => {
    const bridge = desktop({ supported: true, enabled: false });
    const user = userEvent.setup();
    render(<StartAtLogin />);
    const toggle = await screen.findByRole('switch', { name: /Start at login/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await user.click(toggle);
    expect(bridge.setStartAtLogin).toHaveBeenCalledWith(true);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(screen.getByRole('heading', { name: 'Desktop app' })).toBeTruthy();
  });

  it('is not shown in a browser, nor where the system has no login items', async () => {
    const { container } = render(<StartAtLogin />);
    expect(container.innerHTML).toBe('');
    cleanup();
    const bridge = desktop({ supported: false, enabled: false });
    const second = render(<StartAtLogin />);
    await waitFor(() => expect(bridge.getStartAtLogin).toHaveBeenCalled());
    expect(second.container.innerHTML).toBe('');
  });
});
