/** Settings are JSON values under fixed keys. */
import type { Db } from '../../db/open.js';

export function createSettingsStore(db: Db) {
  const all = db.prepare<[], { key: string; value: string }>('SELECT key, value FROM settings');
  const put = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  return {
    all(): Record<string, unknown> {
      return Object.fromEntries(
        all.all().map((row) => [row.key, JSON.parse(row.value) as unknown]),
      );
    },
    putAll: db.transaction((values: Record<string, unknown>) => {
      for (const [key, value] of Object.entries(values)) put.run(key, JSON.stringify(value));
    }),
  };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;
