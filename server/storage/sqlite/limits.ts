/**
 * SQL of the client limits' counters (migration 0025). Counting writes one row in its own
 * statement, which SQLite's file lock makes atomic across the processes sharing the file.
 */
import type { Db } from '../../db/open.js';
import type { LimitsPort, LimitWindow } from '../limits.js';
import type { Sync } from './repository.js';

interface CounterRow {
  count: number;
  reset_ms: number;
}

const windowOf = (row: CounterRow): LimitWindow => ({ count: row.count, resetAtMs: row.reset_ms });

export function sqliteLimits(db: Db): Sync<LimitsPort> {
  const peek = db.prepare<{ key: string; now: number }, CounterRow>(
    'SELECT count, reset_ms FROM limit_counters WHERE key = @key AND reset_ms > @now',
  );
  const take = db.prepare<{ key: string; now: number; reset: number }, CounterRow>(
    `INSERT INTO limit_counters (key, count, reset_ms) VALUES (@key, 1, @reset)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN reset_ms > @now THEN count + 1 ELSE 1 END,
       reset_ms = CASE WHEN reset_ms > @now THEN reset_ms ELSE @reset END
     RETURNING count, reset_ms`,
  );
  const clear = db.prepare<{ key: string }>('DELETE FROM limit_counters WHERE key = @key');
  const sweep = db.prepare<{ now: number; max: number }>(
    `DELETE FROM limit_counters WHERE key IN
       (SELECT key FROM limit_counters WHERE reset_ms <= @now LIMIT @max)`,
  );
  return {
    peek(key, now) {
      const row = peek.get({ key, now });
      return row && windowOf(row);
    },
    take: (key, now, windowMs) => windowOf(take.get({ key, now, reset: now + windowMs })!),
    clear: (key) => void clear.run({ key }),
    sweep: (now, max) => sweep.run({ now, max }).changes,
  };
}
