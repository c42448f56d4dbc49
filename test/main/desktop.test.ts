import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createElectronMock, FakeEvent, type ElectronMock } from './electron-mock.js';

vi.mock('electron', async () => (await import('./electron-mock.js')).createElectronMock());

const SESSION = { token: 'abc.def', expires_utc: '2026-06-16 00:00:00' };
const READY = { type: 'ready', url: 'http://127.0.0.1:7420', session: SESSION };
const CONSOLE = 'http://127.0.0.1:7420/console/';

const userDirs: string[] = [];

async function boot(options: { lock?: boolean; state?: object } = {}) {
  vi.resetModules();
  const electron = (await import('electron')) as unknown as ElectronMock;
  // The mocked module is kept across resets: give it fresh state for every test.
  Object.assign(electron, createElectronMock());
  electron.app.lock = options.lock ?? true;
  electron.app.userData = mkdtempSync(join(tmpdir(), 'almanac-desktop-'));
  userDirs.push(electron.app.userData);
  if (options.state)
    writeFileSync(join(electron.app.userData, 'desktop-state.json'), JSON.stringify(options.state));
  const { startDesktop } = await import('../../main/desktop.js');
  startDesktop({
    mainUrl: 'file:///app/dist/node/main/main.js',
    argv: ['/usr/bin/electron', '.', '--port', '0'],
    env: { PATH: '/bin', ELECTRON_RUN_AS_NODE: '1' },
  });
  return electron;
}

/** Boots, makes the app ready, and returns the forked server process. */
async function launch(state?: object) {
  const electron = await boot(state ? { state } : {});
  electron.app.readyResolve!();
  await vi.waitFor(() => expect(electron.utilityProcess.children).toHaveLength(1));
  return { electron, child: electron.utilityProcess.children[0]! };
}

async function launched(ready: object = READY, state?: object) {
  const { electron, child } = await launch(state);
  child.emit('message', ready);
  await vi.waitFor(() => expect(electron.BrowserWindow.instances).toHaveLength(1));
  return { electron, child, window: electron.BrowserWindow.instances[0]! };
}

/** Launches with LAN sharing on or off, then closes the window as the user would. */
async function closeWindow(sharing: boolean, state?: object) {
  const settings = serverSettings(sharing);
  const running = await launched(READY, state);
  answerSessions(running.child);
  running.window.close();
  return { settings, ...running };
}

const trusted = { senderFrame: { url: `${CONSOLE}events` } };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  for (const dir of userDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The server's settings route as the main process sees it, with the sharing switch. */
function serverSettings(initial: boolean) {
  const state = { lan_sharing: initial, calls: [] as string[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { method: string; body?: string; headers: object }) => {
      state.calls.push(`${init.method} ${url} ${JSON.stringify(init.headers)}`);
      if (init.method === 'POST') state.lan_sharing = JSON.parse(init.body!).lan_sharing;
      return new Response(JSON.stringify({ lan_sharing: state.lan_sharing, timezone: 'UTC' }));
    }),
  );
  return state;
}

/** The server process answers session requests, as server/child.ts does. */
function answerSessions(child: {
  postMessage: ReturnType<typeof vi.fn>;
  emit: (event: string, message: unknown) => unknown;
}) {
  child.postMessage.mockImplementation((message: { type: string; request_id: number }) => {
    if (message.type === 'session')
      child.emit('message', { type: 'session', request_id: message.request_id, session: SESSION });
  });
}

describe('the desktop app', () => {
  it('quits at once when another instance holds the lock', async () => {
    const electron = await boot({ lock: false });
    expect(electron.app.quit).toHaveBeenCalled();
    expect(electron.app.whenReady).not.toHaveBeenCalled();
    expect(electron.utilityProcess.fork).not.toHaveBeenCalled();
  });

  it('starts the server in a utility process with the forwarded options', async () => {
    const { electron } = await launch();
    expect(electron.app.setName).toHaveBeenCalledWith('Almanac');
    expect(electron.app.enableSandbox).toHaveBeenCalled();
    expect(electron.utilityProcess.fork).toHaveBeenCalledWith(
      '/app/dist/node/server/child.js',
      [],
      {
        serviceName: 'Almanac server',
        env: { PATH: '/bin', ALMANAC_PORT: '0' },
        stdio: 'inherit',
      },
    );
    expect(electron.BrowserWindow.instances).toHaveLength(0);
  });

  it('opens a hardened window on the console once the server is ready', async () => {
    const { electron, window } = await launched();
    expect(window.options).toMatchObject({
      show: false,
      webPreferences: {
        preload: '/app/dist/node/main/preload.cjs',
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webviewTag: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        additionalArguments: ['--almanac-version=1.2.3'],
      },
    });
    expect(window.loadURL).toHaveBeenCalledWith(CONSOLE);
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalled();
    expect(electron.dialog.showErrorBox).not.toHaveBeenCalled();
    expect(electron.dialog.showMessageBox).not.toHaveBeenCalled();
  });

  it('denies new windows, sending http(s) links to the system browser', async () => {
    const { electron, window } = await launched();
    const open = window.webContents.windowOpenHandler!;
    expect(open({ url: 'https://example.org/' })).toEqual({ action: 'deny' });
    expect(open({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(open({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal.mock.calls).toEqual([['https://example.org/']]);
  });

  it('asks before a page with unsaved changes is left, and leaves only when confirmed', async () => {
    const { electron, window } = await launched();
    const unload = () => {
      const e = new FakeEvent();
      window.webContents.emit('will-prevent-unload', e);
      return e.defaultPrevented;
    };
    electron.dialog.showMessageBoxSync.mockReturnValueOnce(1);
    expect(unload()).toBe(false);
    electron.dialog.showMessageBoxSync.mockReturnValueOnce(0);
    expect(unload()).toBe(true);
    expect(electron.dialog.showMessageBoxSync.mock.calls[0]![1]).toMatchObject({
      buttons: ['Leave', 'Stay'],
      message: 'Leave this page?',
    });
  });

  it('keeps navigation on the console and refuses <webview>', async () => {
    const { electron, window } = await launched();
    const navigate = (event: string, url: string) => {
      const e = new FakeEvent(url);
      window.webContents.emit(event, e);
      return e.defaultPrevented;
    };
    expect(navigate('will-frame-navigate', `${CONSOLE}settings`)).toBe(false);
    expect(navigate('will-redirect', CONSOLE)).toBe(false);
    expect(navigate('will-frame-navigate', 'https://example.org/')).toBe(true);
    expect(navigate('will-frame-navigate', 'http://127.0.0.1:7420/event/concert/')).toBe(true);
    expect(navigate('will-frame-navigate', 'file:///etc/passwd')).toBe(true);
    expect(navigate('will-redirect', 'http://127.0.0.1:7421/console/')).toBe(true);
    expect(navigate('will-attach-webview', CONSOLE)).toBe(true);
    expect(electron.shell.openExternal.mock.calls).toEqual([
      ['https://example.org/'],
      ['http://127.0.0.1:7420/event/concert/'],
      ['http://127.0.0.1:7421/console/'],
    ]);
  });

  it('refuses every permission request', async () => {
    const { electron } = await launched();
    const { defaultSession } = electron.session;
    const request = defaultSession.setPermissionRequestHandler.mock.calls[0]![0] as (
      ...args: unknown[]
    ) => void;
    const callback = vi.fn();
    request({}, 'media', callback, {});
    expect(callback).toHaveBeenCalledWith(false);
    const check = defaultSession.setPermissionCheckHandler.mock.calls[0]![0] as () => boolean;
    expect(check()).toBe(false);
    const device = defaultSession.setDevicePermissionHandler.mock.calls[0]![0] as () => boolean;
    expect(device()).toBe(false);
  });

  it('answers the console’s IPC calls, and only the console’s', async () => {
    const { electron, child } = await launched();
    child.postMessage.mockImplementation((message: { type: string; request_id: number }) => {
      if (message.type === 'session')
        child.emit('message', {
          type: 'session',
          request_id: message.request_id,
          session: SESSION,
        });
    });
    const getSession = electron.ipcMain.handlers.get('almanac:get-session')!;
    const openExternal = electron.ipcMain.handlers.get('almanac:open-external')!;
    expect(await getSession(trusted)).toEqual(SESSION);
    for (const sender of [
      { senderFrame: { url: 'https://evil.example/console/' } },
      { senderFrame: { url: 'http://127.0.0.1:7420/event/x/' } },
      { senderFrame: null },
      {},
    ]) {
      await expect(getSession(sender)).rejects.toThrow('Refused');
      await expect(openExternal(sender, 'https://example.org/')).rejects.toThrow('Refused');
    }
    for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 42, undefined, ['https://a.b']])
      await expect(openExternal(trusted, bad)).rejects.toThrow('Refused');
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
    await openExternal(trusted, 'https://example.org/');
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://example.org/');
  });

  it('gives the console no session when the server cannot', async () => {
    const { electron, child } = await launched();
    child.postMessage.mockImplementation((message: { request_id: number }) =>
      child.emit('message', { type: 'session', request_id: message.request_id, error: 'no admin' }),
    );
    expect(await electron.ipcMain.handlers.get('almanac:get-session')!(trusted)).toBeNull();
  });

  it('brings the window forward when the app is launched again', async () => {
    const { electron, window } = await launched();
    window.minimized = true;
    electron.app.emit('second-instance');
    expect(window.restore).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
  });

  it('quits only after the server has shut down', async () => {
    const { electron, child } = await launched();
    electron.app.quit();
    expect(electron.app.quitted).toBe(false);
    expect(child.postMessage).toHaveBeenCalledWith({ type: 'shutdown' });
    electron.app.quit();
    expect(electron.app.quitted).toBe(false);
    child.emit('exit', 0);
    await vi.waitFor(() => expect(electron.app.quitted).toBe(true));
    expect(child.kill).not.toHaveBeenCalled();
    expect(electron.dialog.showErrorBox).not.toHaveBeenCalled();
  });

  it('shows a clear error and quits when the server fails to start', async () => {
    const { electron, child } = await launch();
    child.emit('message', {
      type: 'error',
      code: 'port_in_use',
      message: 'Port 7420 on 127.0.0.1 is already in use.',
    });
    await vi.waitFor(() =>
      expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
        'Almanac could not start',
        'Port 7420 on 127.0.0.1 is already in use.',
      ),
    );
    expect(electron.app.quitted).toBe(true);
    expect(electron.BrowserWindow.instances).toHaveLength(0);
  });

  it('gives up on a server that never reports ready', async () => {
    const electron = await boot();
    vi.useFakeTimers();
    electron.app.readyResolve!();
    await vi.waitFor(() => expect(electron.utilityProcess.children).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'Almanac could not start',
      'The Almanac server did not start within 60 seconds.',
    );
    expect(electron.utilityProcess.children[0]!.kill).toHaveBeenCalled();
    expect(electron.app.quitted).toBe(true);
  });

  it('tells the user natively when the server stops unexpectedly, and restarts it', async () => {
    const { electron, child, window } = await launched();
    let answer!: (value: { response: number }) => void;
    electron.dialog.showMessageBox.mockReturnValueOnce(
      new Promise((resolve) => (answer = resolve)),
    );
    child.emit('exit', 1);
    const [notification] = electron.Notification.instances;
    expect(notification!.options).toEqual({
      title: 'Almanac stopped',
      body: expect.stringContaining('stopped unexpectedly (exit code 1)'),
    });
    expect(notification!.show).toHaveBeenCalled();
    expect(electron.dialog.showMessageBox).toHaveBeenCalledWith(
      window,
      expect.objectContaining({ buttons: ['Restart', 'Quit'] }),
    );
    expect(electron.app.quitted).toBe(false);
    answer({ response: 0 });
    await vi.waitFor(() => expect(electron.utilityProcess.children).toHaveLength(2));
    electron.utilityProcess.children[1]!.emit('message', {
      ...READY,
      url: 'http://127.0.0.1:7421',
    });
    await vi.waitFor(() =>
      expect(window.loadURL).toHaveBeenLastCalledWith('http://127.0.0.1:7421/console/'),
    );
    // A click on the notification once the server runs again starts nothing more.
    notification!.emit('click');
    expect(electron.utilityProcess.children).toHaveLength(2);
    expect(electron.dialog.showErrorBox).not.toHaveBeenCalled();
  });

  it('quits when the user does not want the stopped server back', async () => {
    const { electron, child } = await launched();
    electron.dialog.showMessageBox.mockResolvedValueOnce({ response: 1 });
    child.emit('exit', 1);
    await vi.waitFor(() => expect(electron.app.quitted).toBe(true));
    expect(electron.utilityProcess.children).toHaveLength(1);
  });

  it('quits when the window closes and nothing is shared', async () => {
    const { settings, electron, child } = await closeWindow(false);
    await vi.waitFor(() => expect(child.postMessage).toHaveBeenCalledWith({ type: 'shutdown' }));
    expect(settings.calls[0]).toMatch(
      /^GET http:\/\/127\.0\.0\.1:7420\/api\/calendar\/admin\/v1\/settings .*Bearer abc\.def/,
    );
    expect(electron.Tray.instances).toHaveLength(0);
  });

  it('serves on in the tray when the window closes while sharing, and says so once', async () => {
    const { settings, electron, child } = await closeWindow(true);
    await vi.waitFor(() => expect(electron.Tray.instances).toHaveLength(1));
    const tray = electron.Tray.instances[0]!;
    expect(tray.menu.map((item) => item.label ?? item.type)).toEqual([
      'Open console',
      'Share on the local network',
      'separator',
      'Quit Almanac',
    ]);
    expect(child.postMessage).not.toHaveBeenCalledWith({ type: 'shutdown' });
    expect(electron.app.quitted).toBe(false);
    expect(electron.Notification.instances.map((n) => n.options.title)).toEqual([
      'Almanac is still sharing your calendar',
    ]);
    const saved = JSON.parse(
      readFileSync(join(electron.app.userData, 'desktop-state.json'), 'utf8'),
    );
    expect(saved).toMatchObject({ background_notice_shown: true });

    tray.choose('Share on the local network');
    await vi.waitFor(() => expect(settings.lan_sharing).toBe(false));
    await vi.waitFor(() => expect(tray.menu[1]).toMatchObject({ checked: false, enabled: true }));

    tray.choose('Open console');
    expect(electron.BrowserWindow.instances).toHaveLength(2);
    expect(tray.destroyed).toBe(true);

    tray.choose('Quit Almanac');
    expect(child.postMessage).toHaveBeenCalledWith({ type: 'shutdown' });
  });

  it('does not repeat the notice shown in an earlier run', async () => {
    const { electron } = await closeWindow(true, { background_notice_shown: true });
    await vi.waitFor(() => expect(electron.Tray.instances).toHaveLength(1));
    expect(electron.Notification.instances).toHaveLength(0);
  });

  it('remembers where the window was, and puts it back only on a screen', async () => {
    const first = await launched();
    first.window.bounds = { x: 300, y: 200, width: 1000, height: 700 };
    first.window.maximized = true;
    serverSettings(false);
    answerSessions(first.child);
    first.window.close();
    const saved = JSON.parse(
      readFileSync(join(first.electron.app.userData, 'desktop-state.json'), 'utf8'),
    );
    expect(saved.window).toEqual({ x: 300, y: 200, width: 1000, height: 700, maximized: true });

    const again = await launched(READY, saved);
    expect(again.window.options).toMatchObject({ x: 300, y: 200, width: 1000, height: 700 });
    again.window.emit('ready-to-show');
    expect(again.window.maximize).toHaveBeenCalled();

    const elsewhere = await launched(READY, { window: { ...saved.window, x: 5000 } });
    expect(elsewhere.window.options).toMatchObject({ width: 1000, height: 700 });
    expect(elsewhere.window.options).not.toHaveProperty('x');
  });

  it('switches starting at login for the console, where the system allows it', async () => {
    const { electron } = await launched();
    const get = electron.ipcMain.handlers.get('almanac:get-start-at-login')!;
    const set = electron.ipcMain.handlers.get('almanac:set-start-at-login')!;
    const supported = process.platform === 'darwin' || process.platform === 'win32';
    expect(await get(trusted)).toEqual({ supported, enabled: false });
    expect(await set(trusted, true)).toEqual({ supported, enabled: supported });
    if (supported)
      expect(electron.app.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true });
    else expect(electron.app.setLoginItemSettings).not.toHaveBeenCalled();
    for (const bad of ['true', 1, null, undefined, { openAtLogin: true }])
      await expect(set(trusted, bad)).rejects.toThrow('Refused');
    const stranger = { senderFrame: { url: 'https://evil.example/console/' } };
    await expect(get(stranger)).rejects.toThrow('Refused');
    await expect(set(stranger, true)).rejects.toThrow('Refused');
  });

  it('shows a generated administrator password once', async () => {
    const { electron } = await launched({
      ...READY,
      first_admin: { login: 'admin', generated_password: 'word-word-word-word-word' },
    });
    expect(electron.dialog.showMessageBox).toHaveBeenCalledWith(
      expect.objectContaining({
        message: 'Almanac created the administrator “admin”.',
        detail: expect.stringContaining('word-word-word-word-word'),
      }),
    );
  });
});
