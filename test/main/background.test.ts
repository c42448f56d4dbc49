import { describe, expect, it, vi } from 'vitest';
import {
  background,
  NOTICE_BODY,
  NOTICE_TITLE,
  type BackgroundDeps,
  type TrayItem,
} from '../../main/background.js';

function setup(sharing: boolean, noticeShown = false) {
  let shared = sharing;
  let shown = noticeShown;
  let tray: { items: TrayItem[]; tooltip: string } | undefined;
  const deps = {
    sharing: vi.fn(async () => shared),
    setSharing: vi.fn(async (enabled: boolean) => {
      shared = enabled;
      return shared;
    }),
    showTray: vi.fn((items: TrayItem[], tooltip: string) => {
      tray = { items, tooltip };
    }),
    hideTray: vi.fn(() => {
      tray = undefined;
    }),
    notice: vi.fn(),
    noticeShown: () => shown,
    rememberNotice: vi.fn(() => {
      shown = true;
    }),
    openConsole: vi.fn(),
    restartServer: vi.fn(),
    quit: vi.fn(),
  } satisfies BackgroundDeps;
  const item = (label: string) => tray?.items.find((entry) => entry.label === label);
  return { deps, mode: background(deps), tray: () => tray, item };
}

describe('closing the window', () => {
  it('quits when nothing is shared', async () => {
    const { deps, mode, tray } = setup(false);
    expect(await mode.windowsClosed()).toBe(false);
    expect(mode.active).toBe(false);
    expect(tray()).toBeUndefined();
    expect(deps.notice).not.toHaveBeenCalled();
  });

  it('quits when the server cannot say whether it shares', async () => {
    const { deps, mode } = setup(true);
    deps.sharing.mockRejectedValueOnce(new Error('refused'));
    expect(await mode.windowsClosed()).toBe(false);
  });

  it('serves on in the tray while sharing, and says so the first time only', async () => {
    const { deps, mode, tray } = setup(true);
    expect(await mode.windowsClosed()).toBe(true);
    expect(mode.active).toBe(true);
    expect(tray()!.items.map((entry) => entry.label ?? entry.type)).toEqual([
      'Open console',
      'Share on the local network',
      'separator',
      'Quit Almanac',
    ]);
    expect(tray()!.tooltip).toBe('Almanac: sharing the calendar on the local network');
    expect(deps.notice).toHaveBeenCalledWith(NOTICE_TITLE, NOTICE_BODY);
    expect(deps.rememberNotice).toHaveBeenCalled();

    mode.windowOpened();
    expect(tray()).toBeUndefined();
    expect(mode.active).toBe(false);
    expect(await mode.windowsClosed()).toBe(true);
    expect(deps.notice).toHaveBeenCalledTimes(1);
  });

  it('says nothing when the notice was shown in an earlier run', async () => {
    const { deps, mode } = setup(true, true);
    expect(await mode.windowsClosed()).toBe(true);
    expect(deps.notice).not.toHaveBeenCalled();
  });
});

describe('the tray menu', () => {
  it('opens the console and quits', async () => {
    const { deps, mode, item } = setup(true);
    await mode.windowsClosed();
    item('Open console')!.click!();
    expect(deps.openConsole).toHaveBeenCalled();
    item('Quit Almanac')!.click!();
    expect(deps.quit).toHaveBeenCalled();
  });

  it('switches sharing off and on, showing what the server did', async () => {
    const { deps, mode, item, tray } = setup(true);
    await mode.windowsClosed();
    expect(item('Share on the local network')).toMatchObject({ checked: true, enabled: true });
    item('Share on the local network')!.click!();
    // While the server switches, the entry cannot be clicked again.
    expect(item('Share on the local network')).toMatchObject({ enabled: false });
    await vi.waitFor(() => expect(item('Share on the local network')?.enabled).toBe(true));
    expect(deps.setSharing).toHaveBeenCalledWith(false);
    expect(item('Share on the local network')!.checked).toBe(false);
    expect(tray()!.tooltip).toBe('Almanac: not shared on the local network');

    deps.setSharing.mockRejectedValueOnce(new Error('network down'));
    item('Share on the local network')!.click!();
    await vi.waitFor(() => expect(item('Share on the local network')?.enabled).toBe(true));
    expect(item('Share on the local network')!.checked).toBe(false);
  });

  it('offers a restart while the server is stopped', async () => {
    const { deps, mode, item, tray } = setup(true);
    await mode.windowsClosed();
    mode.serverRunning(false);
    expect(tray()!.tooltip).toBe('Almanac: the server has stopped');
    expect(item('Share on the local network')!.enabled).toBe(false);
    item('Restart the server')!.click!();
    expect(deps.restartServer).toHaveBeenCalled();
    mode.serverRunning(true);
    expect(item('Restart the server')).toBeUndefined();
  });
});
