/**
 * Site settings: stored values over defaults, with start-up flags and environment variables
 * taking precedence (docs/contract/decisions.md, Settings). Read on every request, so remembered
 * while the content version (docs/architecture.md, "One content version") is unchanged: a change
 * by another server process on the same file is seen by the next request.
 *
 * `current()` is the read: it checks the version and reads again when it moved. Every request
 * awaits it once as it starts (app.ts), so `get()` answers synchronously, for the code not yet
 * behind the storage ports, the settings as of that moment or later.
 */
import type { z } from 'zod';
import { hostTimeZone } from '../../../shared/time.js';
import {
  settingsUpdateSchema,
  type Settings,
  type SettingsUpdate,
} from '../../../shared/schemas/settings.js';
import { siteCurrency } from '../../../shared/i18n/locale.js';
import type { StoragePorts } from '../../storage/storage.js';

const CURRENCY_KEYS = ['currency_symbol', 'currency_code', 'currency_position'] as const;

export interface SettingsOverrides {
  timezone?: string | undefined;
  public_url?: string | undefined;
}

/** `timezone`: the site's zone when one is set (asking the host's costs a luxon zone lookup). */
export function defaultSettings(timezone: string = hostTimeZone()): Settings {
  return {
    site_name: 'Almanac',
    site_logo: 0,
    timezone,
    per_page: 10,
    currency_symbol: '$',
    currency_code: 'USD',
    currency_position: 'prefix',
    language: 'en',
    public_url: '',
    lan_sharing: false,
    cors_origins: [],
    backup_schedule: 'daily',
    backup_keep: 14,
    backup_dir: '',
  };
}

export function createSettingsService(
  storage: StoragePorts<'settings', 'settings'>,
  overrides: SettingsOverrides = {},
) {
  let cached: { version: string; value: Settings } | undefined;
  const fixed = Object.fromEntries(
    Object.entries(overrides).filter(([, v]) => v !== undefined),
  ) as Partial<Settings>;

  function merge(stored: Record<string, unknown>): Settings {
    // A value that no longer validates (edited by hand, or accepted by an older version) falls
    // back to its default, and only that value.
    const values: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(settingsUpdateSchema.shape)) {
      const parsed = (field as z.ZodType).safeParse(stored[name]);
      if (parsed.success && parsed.data !== undefined) values[name] = parsed.data;
    }
    // The host's zone is asked for only when no zone is set: a write moves the content version,
    // so the next request merges again, and asking it was 3% of a create's CPU.
    const zone =
      fixed.timezone ?? (typeof values.timezone === 'string' ? values.timezone : undefined);
    const merged: Settings = { ...defaultSettings(zone), ...values, ...fixed };
    // Costs default to the currency of the site's place and language (a Paris site: 15€) until
    // the currency is chosen.
    const currency = siteCurrency(merged.language, merged.timezone);
    const unset = Object.fromEntries(
      CURRENCY_KEYS.filter((key) => values[key] === undefined).map((key) => [key, currency[key]]),
    );
    return { ...merged, ...unset };
  }

  async function current(): Promise<Settings> {
    const version = await storage.contentVersion();
    if (cached?.version !== version) {
      cached = { version, value: merge(await storage.read.settings.all()) };
    }
    return cached.value;
  }

  return {
    current,
    /** The settings as of the last `current()` (this request's start, or later). */
    get(): Settings {
      if (!cached) throw new Error('The settings were not read yet: await current() first.');
      return cached.value;
    },
    async update(changes: SettingsUpdate): Promise<Settings> {
      await storage.write((uow) => uow.settings.putAll(stripUndefined(changes)));
      return current();
    },
    /** Settings fixed by flags or environment variables, which an update cannot change. */
    overridden: (): string[] => Object.keys(fixed),
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export type SettingsService = ReturnType<typeof createSettingsService>;
