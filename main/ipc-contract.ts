/**
 * The IPC channels between the preload and the main process, and the schemas both sides check
 * what they receive against: anything crossing a process boundary is `unknown` until parsed.
 * Imported by the preload, so it holds no Electron or Node imports.
 */
import { z } from 'zod';
import { desktopSessionSchema } from '../shared/desktop-bridge.js';
import { MAX_URL_LENGTH } from './trusted-url.js';

export const CHANNELS = {
  getSession: 'almanac:get-session',
  openExternal: 'almanac:open-external',
  getStartAtLogin: 'almanac:get-start-at-login',
  setStartAtLogin: 'almanac:set-start-at-login',
} as const;

/** What `getSession` answers: a session, or null when the server cannot give one. */
export const sessionAnswerSchema = desktopSessionSchema.nullable();

/** The argument of `openExternal`, before the URL guard looks at it. */
export const openExternalArgSchema = z.string().min(1).max(MAX_URL_LENGTH);

/** The argument of `setStartAtLogin`. */
export const startAtLoginArgSchema = z.boolean();

/** The app's version reaches the sandboxed preload as a command-line switch of its renderer. */
export const VERSION_SWITCH = '--almanac-version=';

export function versionFromArgv(argv: readonly string[]): string {
  const arg = argv.find((a) => a.startsWith(VERSION_SWITCH));
  const version = arg?.slice(VERSION_SWITCH.length) ?? '';
  return /^[\w.+-]{1,64}$/.test(version) ? version : 'unknown';
}
