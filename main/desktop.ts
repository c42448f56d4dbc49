/**
 * The desktop app's life cycle: one instance, the server in a utility process, the hardened
 * console window, serving on in the tray while the calendar is shared (main/background.ts), and a
 * clean quit that lets the server close its database.
 */
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  Notification,
  screen,
  session,
  shell,
  Tray,
  utilityProcess,
  type WebContents,
} from 'electron';
import { join } from 'node:path';
import { APP_NAME } from '../server/config.js';
import { background, type TrayItem } from './background.js';
import {
  desktopPaths,
  READY_TIMEOUT_MS,
  serverEnv,
  STOP_TIMEOUT_MS,
  type DesktopPaths,
} from './config.js';
import { registerIpc } from './ipc.js';
import { denyPermissions, guardWebContents } from './security.js';
import {
  awaitReady,
  fromUtilityProcess,
  ServerStartError,
  type RunningServerProcess,
} from './server-process.js';
import { sharingClient } from './sharing-client.js';
import { stateFile } from './state-file.js';
import { TRAY_ICON_PNG } from './tray-icon.js';
import { appOrigin, CONSOLE_PATH, isExternalHttpUrl } from './trusted-url.js';
import { focusWindow, MINIMUM_SIZE, restoredBounds, windowOptions } from './window.js';

export interface DesktopOptions {
  mainUrl: string;
  argv?: readonly string[];
  env?: NodeJS.ProcessEnv;
}

/** Where the login item is a list the system keeps (Linux has none Electron can set). */
const LOGIN_ITEMS = process.platform === 'darwin' || process.platform === 'win32';

export function startDesktop(options: DesktopOptions): void {
  const paths: DesktopPaths = desktopPaths(options.mainUrl);
  let server: RunningServerProcess | undefined;
  let origin: string | undefined;
  let window: BrowserWindow | undefined;
  let trayIcon: Tray | undefined;
  let quitting = false;
  let stopped = false;
  let restarting: Promise<void> | undefined;

  // Electron's own data (caches, storage) goes to the same per-user folder as the database.
  app.setName(APP_NAME);
  app.enableSandbox();
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  const state = stateFile(join(app.getPath('userData'), 'desktop-state.json'));
  app.on('second-instance', () => showConsole());

  const openExternal = (url: string) => {
    if (isExternalHttpUrl(url)) void shell.openExternal(url);
  };
  app.on('web-contents-created', (_event, contents: WebContents) =>
    guardWebContents(contents, () => origin, openExternal),
  );

  const loginItem = () => ({
    supported: LOGIN_ITEMS,
    enabled: LOGIN_ITEMS && app.getLoginItemSettings().openAtLogin,
  });
  registerIpc(ipcMain, {
    origin: () => origin,
    getSession: async () => (server ? server.requestSession().catch(() => null) : null),
    openExternal: async (url) => shell.openExternal(url),
    loginItem: {
      get: loginItem,
      set(enabled) {
        if (LOGIN_ITEMS) app.setLoginItemSettings({ openAtLogin: enabled });
        return loginItem();
      },
    },
  });

  const sharing = sharingClient(
    () => server?.url ?? '',
    async () => {
      if (!server || stopped) throw new Error('The server is not running.');
      return (await server.requestSession()).token;
    },
  );
  const serving = background({
    sharing: () => sharing.sharing(),
    setSharing: (enabled) => sharing.setSharing(enabled),
    showTray(items: TrayItem[], tooltip: string) {
      trayIcon ??= new Tray(nativeImage.createFromDataURL(TRAY_ICON_PNG));
      trayIcon.setToolTip(tooltip);
      trayIcon.setContextMenu(Menu.buildFromTemplate(items));
    },
    hideTray() {
      trayIcon?.destroy();
      trayIcon = undefined;
    },
    notice: (title, body) => notify(title, body),
    noticeShown: () => state.read().background_notice_shown === true,
    rememberNotice: () => state.update({ background_notice_shown: true }),
    openConsole: () => showConsole(),
    restartServer: () => void restart(),
    quit: () => app.quit(),
  });

  function notify(title: string, body: string, onClick?: () => void) {
    if (!Notification.isSupported()) return;
    const notification = new Notification({ title, body });
    if (onClick) notification.on('click', onClick);
    notification.show();
  }

  function openWindow() {
    if (!server) return;
    const place = restoredBounds(
      state.read().window,
      screen.getAllDisplays().map((display) => display.workArea),
      MINIMUM_SIZE,
    );
    window = new BrowserWindow(windowOptions(paths.preload, app.getVersion(), place));
    const opened = window;
    opened.once('ready-to-show', () => {
      if (place?.maximized) opened.maximize();
      opened.show();
    });
    // The console asks before unsaved changes are lost (beforeunload); a desktop window shows
    // no question of its own, so it is asked here: leaving goes ahead only when confirmed.
    opened.webContents.on('will-prevent-unload', (event: { preventDefault(): void }) => {
      const choice = dialog.showMessageBoxSync(opened, {
        type: 'question',
        buttons: ['Leave', 'Stay'],
        defaultId: 1,
        cancelId: 1,
        message: 'Leave this page?',
        detail: 'Your unsaved changes will be lost.',
      });
      if (choice === 0) event.preventDefault();
    });
    // Remembered when closing, in its normal (not maximised) bounds, so un-maximising later
    // returns to the size the user chose.
    opened.on('close', () => {
      state.update({ window: { ...opened.getNormalBounds(), maximized: opened.isMaximized() } });
    });
    opened.on('closed', () => {
      if (window === opened) window = undefined;
    });
    serving.windowOpened();
    void opened.loadURL(`${server.url}${CONSOLE_PATH}`);
  }

  function showConsole() {
    if (window) focusWindow(window);
    else if (server && !stopped) openWindow();
  }

  function fail(title: string, message: string) {
    dialog.showErrorBox(title, message);
    quitting = true;
    app.quit();
  }

  /** Starts the server process; false (after saying why, and quitting) when it cannot. */
  async function startServer(): Promise<boolean> {
    const child = utilityProcess.fork(paths.serverEntry, [], {
      serviceName: 'Almanac server',
      env: serverEnv(options.env ?? process.env, options.argv ?? process.argv, paths.consoleDir),
      stdio: 'inherit',
    });
    let started: RunningServerProcess;
    try {
      started = await awaitReady(fromUtilityProcess(child), READY_TIMEOUT_MS);
    } catch (error) {
      const message =
        error instanceof ServerStartError ? error.message : `Unexpected error: ${String(error)}`;
      fail('Almanac could not start', message);
      return false;
    }
    server = started;
    stopped = false;
    origin = appOrigin(started.url);
    started.onUnexpectedExit((code) => {
      stopped = true;
      if (!quitting) serverStopped(code);
    });
    serving.serverRunning(true);
    return true;
  }

  /** Says so, natively and in the window when there is one, and offers to start it again. */
  function serverStopped(code: number | null) {
    serving.serverRunning(false);
    const detail = `The Almanac server stopped unexpectedly (exit code ${code ?? 'unknown'}). Your data is safe in the database.`;
    notify('Almanac stopped', `${detail} Click to restart it.`, () => void restart());
    if (!window) return;
    void dialog
      .showMessageBox(window, {
        type: 'error',
        title: 'Almanac stopped',
        message: 'The Almanac server stopped unexpectedly.',
        detail,
        buttons: ['Restart', 'Quit'],
        defaultId: 0,
        cancelId: 1,
      })
      .then(({ response }) => (response === 0 ? restart() : app.quit()));
  }

  function restart(): Promise<void> {
    if (!stopped || quitting) return Promise.resolve();
    restarting ??= startServer()
      .then((ok) => {
        if (ok && window && server) void window.loadURL(`${server.url}${CONSOLE_PATH}`);
      })
      .finally(() => {
        restarting = undefined;
      });
    return restarting;
  }

  async function launch() {
    denyPermissions(session.defaultSession);
    if (!(await startServer())) return;
    openWindow();
    const first = server?.firstAdmin;
    if (first?.generated_password) {
      void dialog.showMessageBox({
        type: 'info',
        title: 'Welcome to Almanac',
        message: `Almanac created the administrator “${first.login}”.`,
        detail: `Its password is shown this once, for signing in from other devices and API clients:\n\n${first.generated_password}\n\nThis app signs you in by itself.`,
      });
    }
  }

  // With the calendar shared on the network, closing the window keeps it served (in the tray).
  app.on('window-all-closed', () => {
    if (quitting) return;
    void serving.windowsClosed().then((kept) => {
      if (!kept && process.platform !== 'darwin') app.quit();
    });
  });
  app.on('activate', () => showConsole());

  // Quitting waits for the server to finish its requests and close the database.
  let stopping: Promise<unknown> | undefined;
  app.on('before-quit', (event) => {
    quitting = true;
    if (!server || stopped) return;
    event.preventDefault();
    stopping ??= server.stop(STOP_TIMEOUT_MS).finally(() => {
      stopped = true;
      app.quit();
    });
  });

  app.whenReady().then(launch, (error: unknown) => fail('Almanac could not start', String(error)));
}
