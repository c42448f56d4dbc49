/**
 * PostgreSQL's SQL of the client limits' counters (migration 0025). A hit is one
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING`, which locks the key's row: hits from several
 * nodes at once are counted one after another, each seeing the others'. The statements run on
 * the pool, outside the units of work and their write lock.
 */
import type { LimitsPort, LimitWindow } from '../limits.js';
import { rowOf, type Query } from './query.js';

interface CounterRow {
  count: number;
  reset_ms: string;
}

const windowOf = (row: CounterRow): LimitWindow => ({
  count: row.count,
  resetAtMs: Number(row.reset_ms),
});

/**
 * A key as stored: PostgreSQL's text cannot hold NUL, which the callers' keys use between their
 * parts (auth/throttle.ts), so NUL is written `\0` and a backslash `\\` (one key, one text).
 */
const stored = (key: string): string => key.replaceAll('\\', '\\\\').replaceAll('\0', '\\0');

export function pgLimits(q: Query): LimitsPort {
  return {
    async peek(key, now) {
      const row = await rowOf<CounterRow>(
        q,
        'SELECT count, reset_ms FROM limit_counters WHERE key = $1 AND reset_ms > $2',
        [stored(key), now],
      );
      return row && windowOf(row);
    },
    async take(key, now, windowMs) {
      const row = await rowOf<CounterRow>(
        q,
        `INSERT INTO limit_counters AS c (key, count, reset_ms) VALUES ($1, 1, $3)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN c.reset_ms > $2 THEN c.count + 1 ELSE 1 END,
           reset_ms = CASE WHEN c.reset_ms > $2 THEN c.reset_ms ELSE $3 END
         RETURNING count, reset_ms`,
        [stored(key), now, now + windowMs],
      );
      return windowOf(row!);
    },
    async clear(key) {
      await q('DELETE FROM limit_counters WHERE key = $1', [stored(key)]);
    },
    async sweep(now, max) {
      const result = await q(
        `DELETE FROM limit_counters WHERE key IN
           (SELECT key FROM limit_counters WHERE reset_ms <= $1 LIMIT $2)`,
        [now, max],
      );
      return result.rowCount ?? 0;
    },
  };
}
