/**
 * The main process's IPC handlers behind the preload's bridge. Each checks who is asking (a
 * console page of the app's own origin) and parses its input before acting on it.
 */
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { CHANNELS, openExternalArgSchema, type sessionAnswerSchema } from './ipc-contract.js';
import type { z } from 'zod';
import { isConsoleUrl, isExternalHttpUrl } from './trusted-url.js';

export interface IpcDeps {
  /** The server's origin once it is ready. */
  origin(): string | undefined;
  getSession(): Promise<z.infer<typeof sessionAnswerSchema>>;
  openExternal(url: string): Promise<void>;
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
}
