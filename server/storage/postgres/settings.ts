/** PostgreSQL's SQL of the settings aggregate: JSON values under fixed keys. */
import type { SettingsReader, SettingsRepository } from '../settings.js';
import { rowsOf, type Query } from './query.js';

export function pgSettingsReader(q: Query): SettingsReader {
  return {
    async all() {
      const rows = await rowsOf<{ key: string; value: string }>(
        q,
        'SELECT key, value FROM settings',
      );
      return Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
    },
  };
}

export function pgSettings(q: Query): SettingsRepository {
  return {
    ...pgSettingsReader(q),
    async putAll(values) {
      const entries = Object.entries(values);
      if (entries.length === 0) return;
      await q(
        `INSERT INTO settings (key, value)
         SELECT * FROM unnest($1::text[], $2::text[])
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        [entries.map(([key]) => key), entries.map(([, value]) => JSON.stringify(value))],
      );
    },
  };
}
