/**
 * The preload of the console window (sandboxed, context-isolated): exposes `window.almanac`,
 * the few named functions of shared/desktop-bridge.ts, and never `ipcRenderer` itself
 * (docs/architecture.md, convention 8). What main answers is checked before the page sees it.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_KEY, type DesktopBridge } from '../shared/desktop-bridge.js';
import {
  CHANNELS,
  openExternalArgSchema,
  sessionAnswerSchema,
  versionFromArgv,
} from './ipc-contract.js';

export const bridge: DesktopBridge = {
  async getSession() {
    const answer: unknown = await ipcRenderer.invoke(CHANNELS.getSession);
    const parsed = sessionAnswerSchema.safeParse(answer);
    return parsed.success ? parsed.data : null;
  },
  async openExternal(url: string) {
    const parsed = openExternalArgSchema.safeParse(url);
    if (!parsed.success) throw new TypeError('openExternal needs an http(s) URL.');
    await ipcRenderer.invoke(CHANNELS.openExternal, parsed.data);
  },
  version: versionFromArgv(process.argv),
};

contextBridge.exposeInMainWorld(BRIDGE_KEY, bridge);
