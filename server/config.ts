/**
 * Start-up configuration: command-line flags win over environment variables, which win over
 * defaults. Everything is validated here, once, with messages that name the flag and the variable.
 */
import { isIP } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { isValidTimeZone } from '../shared/time.js';
import { isPublicUrl } from '../shared/schemas/settings.js';

export const DEFAULT_PORT = 7420;
export const APP_NAME = 'Almanac';

/** The per-user data directory; the same folder Electron's `app.getPath('userData')` gives. */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home = homedir(),
): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), APP_NAME);
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Each option: its flag, its environment variable, and how to read it. */
const OPTIONS = {
  port: { flag: '--port', env: 'ALMANAC_PORT' },
  host: { flag: '--host', env: 'ALMANAC_HOST' },
  dataDir: { flag: '--data-dir', env: 'ALMANAC_DATA_DIR' },
  db: { flag: '--db', env: 'ALMANAC_DB' },
  mediaDir: { flag: '--media-dir', env: 'ALMANAC_MEDIA_DIR' },
  databaseUrl: { flag: '--database-url', env: 'ALMANAC_DATABASE_URL' },
  publicUrl: { flag: '--public-url', env: 'ALMANAC_PUBLIC_URL' },
  trustedProxies: { flag: '--trusted-proxies', env: 'ALMANAC_TRUSTED_PROXIES' },
  timezone: { flag: '--timezone', env: 'ALMANAC_TIMEZONE' },
  logLevel: { flag: '--log-level', env: 'ALMANAC_LOG_LEVEL' },
  adminUser: { flag: '--admin-user', env: 'ALMANAC_ADMIN_USER' },
  adminPassword: { flag: '--admin-password', env: 'ALMANAC_ADMIN_PASSWORD' },
  workers: { flag: '--workers', env: 'ALMANAC_WORKERS' },
} as const;

export type OptionName = keyof typeof OPTIONS;

const configSchema = z.object({
  port: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(DEFAULT_PORT),
  host: z.string().min(1, 'must not be empty').optional(),
  dataDir: z.string().min(1, 'must not be empty').optional(),
  db: z.string().min(1, 'must not be empty').optional(),
  mediaDir: z.string().min(1, 'must not be empty').optional(),
  databaseUrl: z
    .string()
    .refine(
      isPostgresUrl,
      'must be a PostgreSQL URL such as postgres://user:password@host:5432/almanac (postgres:// or postgresql://)',
    )
    .optional(),
  publicUrl: z
    .string()
    .refine(
      isPublicUrl,
      'must be an absolute http(s) URL of ASCII characters (a non-ASCII host name in its xn-- form), without user name, query or fragment',
    )
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  trustedProxies: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ''),
    )
    .refine(
      (entries) => entries.every(isProxyAddress),
      'must be addresses or ranges of the reverse proxies, comma-separated, such as 127.0.0.1,10.0.0.0/8,::1 (or loopback, linklocal, uniquelocal)',
    )
    .optional(),
  timezone: z
    .string()
    .refine(isValidTimeZone, 'must be an IANA time zone such as Europe/Paris')
    .optional(),
  logLevel: z
    .enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  adminUser: z
    .string()
    .min(1, 'must not be empty')
    .max(60, 'must be at most 60 characters')
    .optional(),
  adminPassword: z.string().min(8, 'must be at least 8 characters').optional(),
  workers: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(64)
    .default(1),
});

/** Names Express's `trust proxy` setting takes for whole families of addresses. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * An address, an address with a prefix length (`10.0.0.0/8`), or a family's name: what Express's
 * `trust proxy` setting (proxy-addr) reads, checked here so a mistake stops the start-up with a
 * message naming the flag instead of failing in Express.
 */
export function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** A `postgres://` or `postgresql://` URL naming a host or a socket folder (`?host=`). */
export function isPostgresUrl(value: string): boolean {
  if (!/^postgres(ql)?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname !== '' || url.searchParams.has('host');
  } catch {
    return false;
  }
}

/** The URL as a message may show it: its password replaced. */
export function redactedDatabaseUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password !== '') url.password = '***';
    return url.toString();
  } catch {
    return value.replace(/:[^:@/]*@/, ':***@');
  }
}

export type ServerConfig = z.output<typeof configSchema> & {
  /** The database file actually used. */
  dbPath: string;
  /** Folder for uploaded media. */
  mediaDir: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads `--flag value` and `--flag=value` pairs; unknown flags are errors. */
export function parseFlags(argv: readonly string[]): Partial<Record<OptionName, string>> {
  const byFlag = new Map<string, OptionName>(
    Object.entries(OPTIONS).map(([name, o]) => [o.flag, name as OptionName]),
  );
  const values: Partial<Record<OptionName, string>> = {};
  const problems: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const name = byFlag.get(flag);
    if (name === undefined) {
      problems.push(`unknown option ${flag} (known: ${[...byFlag.keys()].join(', ')})`);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) problems.push(`${flag} needs a value`);
    else values[name] = value;
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return values;
}

export function loadConfig(
  argv: readonly string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): ServerConfig {
  const flags = parseFlags(argv);
  const input: Partial<Record<OptionName, string>> = {};
  for (const [name, option] of Object.entries(OPTIONS) as [
    OptionName,
    (typeof OPTIONS)[OptionName],
  ][]) {
    const value = flags[name] ?? env[option.env];
    if (value !== undefined && value !== '') input[name] = value;
  }
  const parsed = configSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path[0] as OptionName;
      const option = OPTIONS[name];
      // A database URL may carry a password: never repeated in a message.
      const got = name === 'databaseUrl' ? redactedDatabaseUrl(input[name]!) : input[name];
      return `${option.flag} / ${option.env} ${issue.message} (got ${JSON.stringify(got)})`;
    });
    throw new ConfigError(problems);
  }
  if (parsed.data.databaseUrl !== undefined && parsed.data.db !== undefined) {
    throw new ConfigError([
      '--db / ALMANAC_DB and --database-url / ALMANAC_DATABASE_URL name two databases: give one',
    ]);
  }
  const dataDir = parsed.data.dataDir ?? defaultDataDir();
  return {
    ...parsed.data,
    dataDir,
    dbPath: parsed.data.db ?? join(dataDir, 'almanac.db'),
    // Nodes on several machines name one shared folder here (docs/scaling.md, "Media files").
    mediaDir: parsed.data.mediaDir ?? join(dataDir, 'media'),
  };
}

/** A configuration for tests and embedding: an in-memory or given database, an ephemeral port. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    workers: 1,
    dataDir: overrides.dataDir ?? '',
    dbPath: ':memory:',
    mediaDir: '',
    ...overrides,
  };
}
