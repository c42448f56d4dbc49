/**
 * A stand-in for the `electron` module (its binary cannot be downloaded here, and importing the
 * real package tries to): just the API surface main/ uses, recording calls for assertions.
 * Use with `vi.mock('electron', async () => (await import('./electron-mock.js')).createElectronMock())`.
 */
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

export class FakeEvent {
  defaultPrevented = false;
  constructor(readonly url = '') {}
  preventDefault() {
    this.defaultPrevented = true;
  }
}

export class FakeUtilityProcess extends EventEmitter {
  pid: number | undefined = undefined;
  postMessage = vi.fn();
  kill = vi.fn(() => {
    this.emit('exit', 143);
    return true;
  });
}

export class FakeWebContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
}

export function createElectronMock() {
  const app = Object.assign(new EventEmitter(), {
    lock: true,
    quitted: false,
    setName: vi.fn(),
    enableSandbox: vi.fn(),
    getVersion: vi.fn(() => '1.2.3'),
    userData: '/nonexistent/almanac-user-data',
    getPath: vi.fn((_name: string) => app.userData),
    loginItem: { openAtLogin: false },
    getLoginItemSettings: vi.fn(() => ({ ...app.loginItem })),
    setLoginItemSettings: vi.fn((settings: { openAtLogin: boolean }) => {
      app.loginItem = { ...settings };
    }),
    requestSingleInstanceLock: vi.fn(() => app.lock),
    readyResolve: undefined as (() => void) | undefined,
    whenReady: vi.fn(() => new Promise<void>((resolve) => (app.readyResolve = resolve))),
    quit: vi.fn(() => {
      const event = new FakeEvent();
      app.emit('before-quit', event);
      if (!event.defaultPrevented) app.quitted = true;
    }),
  });

  class BrowserWindow extends EventEmitter {
    static instances: BrowserWindow[] = [];
    webContents = new FakeWebContents();
    loadURL = vi.fn(async () => undefined);
    show = vi.fn();
    focus = vi.fn();
    restore = vi.fn();
    maximize = vi.fn();
    minimized = false;
    maximized = false;
    bounds = { x: 100, y: 80, width: 1280, height: 860 };
    destroyed = false;
    constructor(readonly options: Record<string, unknown>) {
      super();
      BrowserWindow.instances.push(this);
      app.emit('web-contents-created', new FakeEvent(), this.webContents);
    }
    isDestroyed = () => this.destroyed;
    isMinimized = () => this.minimized;
    isMaximized = () => this.maximized;
    getNormalBounds = () => ({ ...this.bounds });
    /** What Electron does when the user closes the window (and it was the last one). */
    close() {
      this.emit('close', new FakeEvent());
      this.destroyed = true;
      this.emit('closed');
      if (BrowserWindow.instances.every((w) => w.destroyed)) app.emit('window-all-closed');
    }
  }

  interface MenuItem {
    label?: string;
    type?: string;
    checked?: boolean;
    enabled?: boolean;
    click?: () => void;
  }

  class Tray {
    static instances: Tray[] = [];
    menu: MenuItem[] = [];
    tooltip = '';
    destroyed = false;
    constructor(readonly image: unknown) {
      Tray.instances.push(this);
    }
    setToolTip = vi.fn((tooltip: string) => {
      this.tooltip = tooltip;
    });
    setContextMenu = vi.fn((menu: MenuItem[]) => {
      this.menu = menu;
    });
    destroy = vi.fn(() => {
      this.destroyed = true;
    });
    /** Clicks the menu entry with this label. */
    choose(label: string) {
      const item = this.menu.find((entry) => entry.label === label);
      if (!item?.click) throw new Error(`No menu entry "${label}"`);
      item.click();
    }
  }

  class Notification extends EventEmitter {
    static instances: Notification[] = [];
    static isSupported = vi.fn(() => true);
    show = vi.fn();
    constructor(readonly options: { title: string; body: string }) {
      super();
      Notification.instances.push(this);
    }
  }

  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const children: FakeUtilityProcess[] = [];
  const defaultSession = {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
  };

  const screen = {
    workAreas: [{ x: 0, y: 0, width: 1920, height: 1040 }],
    getAllDisplays: vi.fn(() => screen.workAreas.map((workArea) => ({ workArea }))),
  };

  return {
    app,
    BrowserWindow,
    dialog: {
      showErrorBox: vi.fn(),
      showMessageBox: vi.fn(async () => ({ response: 0 })),
      showMessageBoxSync: vi.fn((_window: unknown, _options: unknown) => 1),
    },
    ipcMain: {
      handlers,
      handle: vi.fn((channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) =>
        handlers.set(channel, handler),
      ),
    },
    session: { defaultSession },
    Tray,
    Notification,
    Menu: { buildFromTemplate: vi.fn((template: MenuItem[]) => template) },
    nativeImage: { createFromDataURL: vi.fn((url: string) => ({ url })) },
    screen,
    shell: { openExternal: vi.fn(async () => undefined) },
    utilityProcess: {
      children,
      fork: vi.fn(() => {
        const child = new FakeUtilityProcess();
        children.push(child);
        return child;
      }),
    },
    contextBridge: { exposeInMainWorld: vi.fn() },
    ipcRenderer: { invoke: vi.fn() },
  };
}

export type ElectronMock = ReturnType<typeof createElectronMock>;
