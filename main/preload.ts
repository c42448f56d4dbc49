/**
 * The preload of the console window (sandboxed, context-isolated): exposes `window.almanac`,
 * the few named functions of shared/desktop-bridge.ts, and never `ipcRenderer` itself
 * (docs/architecture.md, convention 8). What main answers is checked before the page sees it.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_KEY, loginItemSchema, type DesktopBridge } from '../shared/desktop-bridge.js';
import {
  CHANNELS,
  openExternalArgSchema,
  sessionAnswerSchema,
  startAtLoginArgSchema,
  versionFromArgv,
} from './ipc-contract.js';

const NO_LOGIN_ITEM = { supported: false, enabled: false };

async function loginItem(answer: Promise<unknown>) {
  const parsed = loginItemSchema.safeParse(await answer);
  return parsed.success ? parsed.data : NO_LOGIN_ITEM;
}

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
  getStartAtLogin: () => loginItem(ipcRenderer.invoke(CHANNELS.getStartAtLogin)),
  async setStartAtLogin(enabled: boolean) {
    const parsed = startAtLoginArgSchema.safeParse(enabled);
    if (!parsed.success) throw new TypeError('setStartAtLogin needs true or false.');
    return loginItem(ipcRenderer.invoke(CHANNELS.setStartAtLogin, parsed.data));
  },
  version: versionFromArgv(process.argv),
};

contextBridge.exposeInMainWorld(BRIDGE_KEY, bridge);
