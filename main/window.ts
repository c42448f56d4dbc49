/**
 * The console window: sandboxed, context-isolated, no Node, no `<webview>` (docs/architecture.md,
 * convention 8).
 */
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import { VERSION_SWITCH } from './ipc-contract.js';

export function windowOptions(preload: string, version: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 860,
    minWidth: 720,
    minHeight: 480,
    title: 'Almanac',
    show: false,
    autoHideMenuBar: true,
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      navigateOnDragDrop: false,
      spellcheck: true,
      additionalArguments: [`${VERSION_SWITCH}${version}`],
    },
  };
}

/** Brings the window to the front (a second launch of the app lands here). */
export function focusWindow(window: BrowserWindow | undefined): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
