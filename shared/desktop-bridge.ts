/**
 * The few functions the desktop app's preload script exposes to the console window, as
 * `window.almanac`. In a plain browser it is absent and the console shows its sign-in form.
 */
import { z } from 'zod';

/** A Bearer token for the local administrator, minted by the server process at start-up. */
export const desktopSessionSchema = z.object({
  token: z.string().min(1).max(512),
  expires_utc: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
});

export type DesktopSession = z.infer<typeof desktopSessionSchema>;

/** Whether the app starts when the user logs in; `supported` is false where the system has no such list (Linux). */
export const loginItemSchema = z.object({ supported: z.boolean(), enabled: z.boolean() });

export type LoginItem = z.infer<typeof loginItemSchema>;

export interface DesktopBridge {
  /** The session the desktop app opened for its owner, so they never type a password locally. */
  getSession(): Promise<DesktopSession | null>;
  /** Opens an http(s) URL in the system browser. */
  openExternal(url: string): Promise<void>;
  /** Whether the app starts at login, and the switch for it (the console's Settings). */
  getStartAtLogin(): Promise<LoginItem>;
  setStartAtLogin(enabled: boolean): Promise<LoginItem>;
  /** The app's version, shown in the console's footer. */
  version: string;
}

export const BRIDGE_KEY = 'almanac';
