/**
 * The console window: sandboxed, context-isolated, no Node, no `<webview>` (docs/architecture.md,
 * convention 8).
 */
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import { VERSION_SWITCH } from './ipc-contract.js';
import type { WindowBounds } from './state-file.js';

export const MINIMUM_SIZE = { width: 720, height: 480 };

/** `place`: where the window was last (restoredBounds), else the system centres it. */
export function windowOptions(
  preload: string,
  version: string,
  place?: Partial<Rect>,
): BrowserWindowConstructorOptions {
  return {
    width: place?.width ?? 1280,
    height: place?.height ?? 860,
    ...(place?.x !== undefined && place.y !== undefined ? { x: place.x, y: place.y } : {}),
    minWidth: MINIMUM_SIZE.width,
    minHeight: MINIMUM_SIZE.height,
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

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How much of the window's top edge must be on a screen to count as visible: enough to grab. */
const GRAB_WIDTH = 100;
const GRAB_HEIGHT = 24;

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/**
 * Where the window reopens: where it was, if its title bar is still on one of the screens'
 * work areas (a screen may have been unplugged, or the resolution lowered, since); otherwise
 * centred by the system, at the remembered size if it fits the largest screen.
 */
export function restoredBounds(
  saved: WindowBounds | undefined,
  workAreas: readonly Rect[],
  minimum: { width: number; height: number },
): (Partial<Rect> & { maximized: boolean }) | undefined {
  if (!saved || workAreas.length === 0) return undefined;
  const width = Math.max(saved.width, minimum.width);
  const height = Math.max(saved.height, minimum.height);
  const titleBar = { x: saved.x, y: saved.y, width, height: GRAB_HEIGHT };
  const visible = workAreas.some((area) => {
    const shared = overlap(titleBar, area);
    return shared.width >= Math.min(GRAB_WIDTH, width) && shared.height >= GRAB_HEIGHT;
  });
  if (visible) return { x: saved.x, y: saved.y, width, height, maximized: saved.maximized };
  const fits = workAreas.some((area) => width <= area.width && height <= area.height);
  return fits ? { width, height, maximized: saved.maximized } : { maximized: saved.maximized };
}
