/**
 * The few functions the desktop app's preload script exposes to the console window, as
 * `window.almanac`. In a plain browser it is absent and the console shows its sign-in form.
 */
export interface DesktopSession {
  /** A Bearer token for the local administrator, minted by the server process at start-up. */
  token: string;
  expires_utc: string;
}

export interface DesktopBridge {
  /** The session the desktop app opened for its owner, so they never type a password locally. */
  getSession(): Promise<DesktopSession | null>;
  /** Opens an http(s) URL in the system browser. */
  openExternal(url: string): Promise<void>;
  /** The app's version, shown in the console's footer. */
  version: string;
}

export const BRIDGE_KEY = 'almanac';
