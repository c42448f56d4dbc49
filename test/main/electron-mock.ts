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
    minimized = false;
    constructor(readonly options: Record<string, unknown>) {
      super();
      BrowserWindow.instances.push(this);
      app.emit('web-contents-created', new FakeEvent(), this.webContents);
    }
    isDestroyed = () => false;
    isMinimized = () => this.minimized;
  }

  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const children: FakeUtilityProcess[] = [];
  const defaultSession = {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
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
