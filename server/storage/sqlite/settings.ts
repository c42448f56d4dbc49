/** SQL of the settings aggregate: JSON values under fixed keys. */
import type { Db } from '../../db/open.js';
import { readHandle, type ReadDb } from '../../db/read.js';
import type { SettingsReader, SettingsRepository } from '../settings.js';
import type { Sync } from './repository.js';

export function sqliteSettingsReader(db: ReadDb): Sync<SettingsReader> {
  const all = db.prepare<[], { key: string; value: string }>('SELECT key, value FROM settings');
  return {
    all: () =>
      Object.fromEntries(all.all().map((row) => [row.key, JSON.parse(row.value) as unknown])),
  };
}

export function sqliteSettings(db: Db): Sync<SettingsRepository> {
  const put = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  return {
    ...sqliteSettingsReader(readHandle(db)),
    putAll(values) {
      for (const [key, value] of Object.entries(values)) put.run(key, JSON.stringify(value));
    },
  };
}
