/**
 * The main process's IPC handlers behind the preload's bridge. Each checks who is asking (a
 * console page of the app's own origin) and parses its input before acting on it.
 */
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import type { LoginItem } from '../shared/desktop-bridge.js';
import {
  CHANNELS,
  openExternalArgSchema,
  startAtLoginArgSchema,
  type sessionAnswerSchema,
} from './ipc-contract.js';
import type { z } from 'zod';
import { isConsoleUrl, isExternalHttpUrl } from './trusted-url.js';

export interface IpcDeps {
  /** The server's origin once it is ready. */
  origin(): string | undefined;
  getSession(): Promise<z.infer<typeof sessionAnswerSchema>>;
  openExternal(url: string): Promise<void>;
  /** Starting the app at login (Electron's login item settings). */
  loginItem: { get(): LoginItem; set(enabled: boolean): LoginItem };
}

export function isTrustedSender(event: IpcMainInvokeEvent, origin: string | undefined): boolean {
  const url = event.senderFrame?.url;
  return origin !== undefined && url !== undefined && isConsoleUrl(url, origin);
}

export function registerIpc(ipcMain: IpcMain, deps: IpcDeps): void {
  ipcMain.handle(CHANNELS.getSession, async (event) => {
    if (!isTrustedSender(event, deps.origin())) throw new Error('Refused: not the console.');
    return deps.getSession();
  });
  ipcMain.handle(CHANNELS.openExternal, async (event, raw: unknown) => {
    if (!isTrustedSender(event, deps.origin())) throw new Error('Refused: not the console.');
    const url = openExternalArgSchema.safeParse(raw);
    if (!url.success || !isExternalHttpUrl(url.data))
      throw new Error('Refused: only http(s) links open in the browser.');
    await deps.openExternal(url.data);
  });
  ipcMain.handle(CHANNELS.getStartAtLogin, async (event) => {
    if (!isTrustedSender(event, deps.origin())) throw new Error('Refused: not the console.');
    return deps.loginItem.get();
  });
  ipcMain.handle(CHANNELS.setStartAtLogin, async (event, raw: unknown) => {
    if (!isTrustedSender(event, deps.origin())) throw new Error('Refused: not the console.');
    const enabled = startAtLoginArgSchema.safeParse(raw);
    if (!enabled.success) throw new Error('Refused: start at login is true or false.');
    return deps.loginItem.set(enabled.data);
  });
}
