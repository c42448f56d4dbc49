/**
 * Serving on with the window closed. When the last window closes while the calendar is shared on
 * the local network, other devices are still using it: the server keeps running and the app
 * shows a tray (menu-bar) icon with Open console, the sharing switch and Quit, and says so the
 * first time. Without sharing, closing the window quits as before. The Electron objects (the
 * tray, notifications, the window) stay in main/desktop.ts behind the small `BackgroundDeps`,
 * so this logic is tested in plain Node.
 */

/** One entry of the tray's menu, in the shape of Electron's MenuItemConstructorOptions. */
export interface TrayItem {
  label?: string;
  type?: 'normal' | 'checkbox' | 'separator';
  checked?: boolean;
  enabled?: boolean;
  click?: () => void;
}

export interface BackgroundDeps {
  /** Whether the server shares on the local network now (asks the server). */
  sharing(): Promise<boolean>;
  /** Turns sharing on or off; answers the state the server settled on. */
  setSharing(enabled: boolean): Promise<boolean>;
  showTray(items: TrayItem[], tooltip: string): void;
  hideTray(): void;
  /** Says, once, that the app keeps serving with its window closed. */
  notice(title: string, body: string): void;
  noticeShown(): boolean;
  rememberNotice(): void;
  openConsole(): void;
  restartServer(): void;
  quit(): void;
}

export const NOTICE_TITLE = 'Almanac is still sharing your calendar';
export const NOTICE_BODY =
  'Closing the window keeps the server running for the other devices on your network. Use the Almanac icon in the menu bar or tray to open the console, stop sharing or quit.';

export interface Background {
  /** Whether the app is running without a window, in the tray. */
  readonly active: boolean;
  /** The last window closed: true when the app serves on in the tray, false when it should quit. */
  windowsClosed(): Promise<boolean>;
  /** A window is open again: the tray goes away. */
  windowOpened(): void;
  /** The server stopped unexpectedly, or runs again: the tray's menu follows. */
  serverRunning(running: boolean): void;
}

export function background(deps: BackgroundDeps): Background {
  let active = false;
  let sharing = false;
  let running = true;
  let switching = false;

  function render() {
    if (!active) return;
    const items: TrayItem[] = [
      { label: 'Open console', click: () => deps.openConsole() },
      {
        label: 'Share on the local network',
        type: 'checkbox',
        checked: sharing,
        enabled: running && !switching,
        click: () => void toggle(),
      },
    ];
    if (!running) items.push({ label: 'Restart the server', click: () => deps.restartServer() });
    items.push({ type: 'separator' }, { label: 'Quit Almanac', click: () => deps.quit() });
    let tooltip = 'Almanac: not shared on the local network';
    if (!running) tooltip = 'Almanac: the server has stopped';
    else if (sharing) tooltip = 'Almanac: sharing the calendar on the local network';
    deps.showTray(items, tooltip);
  }

  async function toggle() {
    switching = true;
    render();
    try {
      sharing = await deps.setSharing(!sharing);
    } catch {
      // The state is read again below: the menu shows what the server really does.
      sharing = await deps.sharing().catch(() => sharing);
    } finally {
      switching = false;
      render();
    }
  }

  return {
    get active() {
      return active;
    },
    async windowsClosed() {
      sharing = running && (await deps.sharing().catch(() => false));
      if (!sharing) return false;
      active = true;
      render();
      if (!deps.noticeShown()) {
        deps.notice(NOTICE_TITLE, NOTICE_BODY);
        deps.rememberNotice();
      }
      return true;
    },
    windowOpened() {
      if (!active) return;
      active = false;
      deps.hideTray();
    },
    serverRunning(now) {
      running = now;
      render();
    },
  };
}
