/**
 * The desktop app's configuration: where its pieces are, how long to wait for the server, and
 * which server options reach the server process. The server reads its own configuration like
 * the CLI does (server/config.ts: per-user data directory, ALMANAC_* variables); flags given to
 * the app (`npm run desktop -- --data-dir /tmp/cal`) are passed on as those variables, because
 * the command line of an Electron utility process is not the app's.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Opening a large database may migrate it first: be patient before calling it a failure. */
export const READY_TIMEOUT_MS = 60_000;
/** The server drains requests for up to 10 s on shutdown; then it is killed. */
export const STOP_TIMEOUT_MS = 15_000;

/** Server options the app accepts on its command line, and their environment variables. */
export const FORWARDED_FLAGS = [
  'port',
  'host',
  'data-dir',
  'db',
  'public-url',
  'timezone',
  'log-level',
  'admin-user',
  'admin-password',
] as const;

const envName = (flag: string) => `ALMANAC_${flag.toUpperCase().replace(/-/g, '_')}`;

/**
 * Picks the server options out of the app's command line (which also holds Electron's and
 * Chromium's own switches) as environment variables; a flag without a value is ignored.
 */
export function flagsToEnv(argv: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    if (!(FORWARDED_FLAGS as readonly string[]).includes(name)) continue;
    const value = eq < 0 ? argv[i + 1] : arg.slice(eq + 1);
    if (value === undefined || (eq < 0 && value.startsWith('--'))) continue;
    if (eq < 0) i++;
    env[envName(name)] = value;
  }
  return env;
}

export interface DesktopPaths {
  /** The bundled server entry (dist/node/server/child.js). */
  serverEntry: string;
  /** The bundled preload (dist/node/main/preload.cjs); sandboxed preloads must be CommonJS. */
  preload: string;
  /** The built console (dist/console), or undefined when it has not been built. */
  consoleDir: string | undefined;
}

/** Paths relative to the bundled main script (dist/node/main/main.js). */
export function desktopPaths(mainUrl: string): DesktopPaths {
  const at = (relative: string) => fileURLToPath(new URL(relative, mainUrl));
  const consoleDir = at('../../console/');
  return {
    serverEntry: at('../server/child.js'),
    preload: at('./preload.cjs'),
    consoleDir: existsSync(consoleDir) ? consoleDir : undefined,
  };
}

/** The server process's environment: the app's own, its forwarded flags, and the console. */
export function serverEnv(
  env: NodeJS.ProcessEnv,
  argv: readonly string[],
  consoleDir: string | undefined,
): Record<string, string> {
  const base = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  // Electron's own switch would make a Node child behave as plain Node; a utility process
  // does not need it, and it must not leak into anything the server might start.
  delete base.ELECTRON_RUN_AS_NODE;
  return {
    ...base,
    ...flagsToEnv(argv),
    ...(consoleDir ? { ALMANAC_CONSOLE_DIR: consoleDir } : {}),
  };
}
