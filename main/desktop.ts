/**
 * The desktop app's life cycle: one instance, the server in a utility process, the hardened
 * console window, and a clean quit that lets the server close its database.
 */
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  session,
  shell,
  utilityProcess,
  type WebContents,
} from 'electron';
import { APP_NAME } from '../server/config.js';
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
import { appOrigin, CONSOLE_PATH, isExternalHttpUrl } from './trusted-url.js';
import { focusWindow, windowOptions } from './window.js';

export interface DesktopOptions {
  mainUrl: string;
  argv?: readonly string[];
  env?: NodeJS.ProcessEnv;
}

export function startDesktop(options: DesktopOptions): void {
  const paths: DesktopPaths = desktopPaths(options.mainUrl);
  let server: RunningServerProcess | undefined;
  let origin: string | undefined;
  let window: BrowserWindow | undefined;
  let quitting = false;
  let stopped = false;

  // Electron's own data (caches, storage) goes to the same per-user folder as the database.
  app.setName(APP_NAME);
  app.enableSandbox();
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('second-instance', () => focusWindow(window));

  const openExternal = (url: string) => {
    if (isExternalHttpUrl(url)) void shell.openExternal(url);
  };
  app.on('web-contents-created', (_event, contents: WebContents) =>
    guardWebContents(contents, () => origin, openExternal),
  );

  registerIpc(ipcMain, {
    origin: () => origin,
    getSession: async () => (server ? server.requestSession().catch(() => null) : null),
    openExternal: async (url) => shell.openExternal(url),
  });

  function openWindow() {
    if (!server) return;
    window = new BrowserWindow(windowOptions(paths.preload, app.getVersion()));
    window.once('ready-to-show', () => window?.show());
    // The console asks before unsaved changes are lost (beforeunload); a desktop window shows
    // no question of its own, so it is asked here: leaving goes ahead only when confirmed.
    window.webContents.on('will-prevent-unload', (event: { preventDefault(): void }) => {
      const choice = dialog.showMessageBoxSync(window!, {
        type: 'question',
        buttons: ['Leave', 'Stay'],
        defaultId: 1,
        cancelId: 1,
        message: 'Leave this page?',
        detail: 'Your unsaved changes will be lost.',
      });
      if (choice === 0) event.preventDefault();
    });
    window.on('closed', () => {
      window = undefined;
    });
    void window.loadURL(`${server.url}${CONSOLE_PATH}`);
  }

  function fail(title: string, message: string) {
    dialog.showErrorBox(title, message);
    quitting = true;
    app.quit();
  }

  async function launch() {
    denyPermissions(session.defaultSession);
    const child = utilityProcess.fork(paths.serverEntry, [], {
      serviceName: 'Almanac server',
      env: serverEnv(options.env ?? process.env, options.argv ?? process.argv, paths.consoleDir),
      stdio: 'inherit',
    });
    try {
      server = await awaitReady(fromUtilityProcess(child), READY_TIMEOUT_MS);
    } catch (error) {
      const message =
        error instanceof ServerStartError ? error.message : `Unexpected error: ${String(error)}`;
      fail('Almanac could not start', message);
      return;
    }
    origin = appOrigin(server.url);
    server.onUnexpectedExit((code) => {
      stopped = true;
      if (quitting) return;
      fail(
        'Almanac stopped',
        `The Almanac server stopped unexpectedly (exit code ${code ?? 'unknown'}). The app will close; your data is safe in the database.`,
      );
    });
    openWindow();
    const first = server.firstAdmin;
    if (first?.generated_password) {
      void dialog.showMessageBox({
        type: 'info',
        title: 'Welcome to Almanac',
        message: `Almanac created the administrator “${first.login}”.`,
        detail: `Its password is shown this once, for signing in from other devices and API clients:\n\n${first.generated_password}\n\nThis app signs you in by itself.`,
      });
    }
  }

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (!window && server && !stopped) openWindow();
    else focusWindow(window);
  });

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
