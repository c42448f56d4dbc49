/**
 * First start on an empty database: create the administrator (docs/contract/decisions.md), from the
 * configured login and password or with a generated password that is shown once.
 */
import { generatePassword } from './auth/secrets.js';
import type { ServerConfig } from './config.js';
import type { Services } from './services.js';

export interface FirstAdmin {
  login: string;
  /** Present only when it was generated, so it can be printed once. */
  generatedPassword?: string;
}

export async function ensureAdministrator(
  services: Services,
  config: ServerConfig,
): Promise<FirstAdmin | undefined> {
  if ((await services.users.count()) > 0) return undefined;
  const login = config.adminUser ?? 'admin';
  const generated = config.adminPassword === undefined ? generatePassword(5, '-') : undefined;
  // Another process on the same database may make it first (nodes started together): then
  // this one has no first administrator to report.
  const made = await services.users.createFirst({
    login,
    password: config.adminPassword ?? generated!,
    role: 'administrator',
  });
  if (made === undefined) return undefined;
  return generated === undefined ? { login } : { login, generatedPassword: generated };
}
