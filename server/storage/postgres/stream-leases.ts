/**
 * PostgreSQL's SQL of the change streams' leases (migration 0028). A slot is taken by one
 * `INSERT … ON CONFLICT DO UPDATE … WHERE`: the row's lock makes two nodes taking one slot at
 * once take it one after the other, the second finding it held. The statements run on the pool,
 * outside the units of work and their write lock.
 */
import type { StreamLeasesPort } from '../stream-leases.js';
import { rowsOf, type Query } from './query.js';

export function pgStreamLeases(q: Query): StreamLeasesPort {
  return {
    async take(client, id, max, now, until) {
      const held = new Set(
        (
          await rowsOf<{ slot: number }>(
            q,
            'SELECT slot FROM stream_leases WHERE client = $1 AND until_ms > $2',
            [client, now],
          )
        ).map((row) => row.slot),
      );
      for (let slot = 0; slot < max; slot++) {
        if (held.has(slot)) continue;
        const taken = await q(
          `INSERT INTO stream_leases AS l (client, slot, id, until_ms) VALUES ($1, $2, $3, $5)
           ON CONFLICT (client, slot) DO UPDATE SET id = $3, until_ms = $5
           WHERE l.until_ms <= $4`,
          [client, slot, id, now, until],
        );
        if (taken.rowCount === 1) return true;
      }
      return false;
    },
    async renew(ids, until) {
      if (ids.length === 0) return;
      await q('UPDATE stream_leases SET until_ms = $2 WHERE id = ANY($1::text[])', [
        [...ids],
        until,
      ]);
    },
    async release(id) {
      await q('DELETE FROM stream_leases WHERE id = $1', [id]);
    },
    async sweep(now, max) {
      const result = await q(
        `DELETE FROM stream_leases WHERE id IN
           (SELECT id FROM stream_leases WHERE until_ms <= $1 LIMIT $2)`,
        [now, max],
      );
      return result.rowCount ?? 0;
    },
  };
}
