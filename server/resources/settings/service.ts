/**
 * Site settings: stored values over defaults, with start-up flags and environment variables
 * taking precedence (docs/contract/decisions.md, Settings). Read on every request, so remembered
 * while the content version (server/db/content-version.ts) is unchanged: a change by another
 * server process on the same file is seen by the next request.
 */
import type { z } from 'zod';
import { hostTimeZone } from '../../../shared/time.js';
import {
  settingsUpdateSchema,
  type Settings,
  type SettingsUpdate,
} from '../../../shared/schemas/settings.js';
import { siteCurrency } from '../../../shared/i18n/locale.js';
import type { SettingsStore } from './store.js';

const CURRENCY_KEYS = ['currency_symbol', 'currency_code', 'currency_position'] as const;

export interface SettingsOverrides {
  timezone?: string | undefined;
  public_url?: string | undefined;
}

export function defaultSettings(): Settings {
  return {
    site_name: 'Almanac',
    site_logo: 0,
    timezone: hostTimeZone(),
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
  store: SettingsStore,
  version: () => string,
  overrides: SettingsOverrides = {},
) {
  let cached: { version: string; value: Settings } | undefined;
  const fixed = Object.fromEntries(
    Object.entries(overrides).filter(([, v]) => v !== undefined),
  ) as Partial<Settings>;

  function read(): Settings {
    const stored = store.all();
    // A value that no longer validates (edited by hand, or accepted by an older version) falls
    // back to its default, and only that value.
    const values: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(settingsUpdateSchema.shape)) {
      const parsed = (field as z.ZodType).safeParse(stored[name]);
      if (parsed.success && parsed.data !== undefined) values[name] = parsed.data;
    }
    const merged: Settings = { ...defaultSettings(), ...values, ...fixed };
    // Costs default to the currency of the site's place and language (a Paris site: 15€) until
    // the currency is chosen.
    const currency = siteCurrency(merged.language, merged.timezone);
    const unset = Object.fromEntries(
      CURRENCY_KEYS.filter((key) => values[key] === undefined).map((key) => [key, currency[key]]),
    );
    return { ...merged, ...unset };
  }

  return {
    get(): Settings {
      const now = version();
      if (cached?.version !== now) cached = { version: now, value: read() };
      return cached.value;
    },
    update(changes: SettingsUpdate): Settings {
      store.putAll(stripUndefined(changes));
      cached = undefined;
      return this.get();
    },
    /** Settings fixed by flags or environment variables, which an update cannot change. */
    overridden: (): string[] => Object.keys(fixed),
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export type SettingsService = ReturnType<typeof createSettingsService>;
