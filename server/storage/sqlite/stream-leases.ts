/**
 * SQL of the change streams' leases (migration 0028). Each statement commits on its own, and
 * SQLite's file lock makes taking a slot atomic across the processes sharing the file.
 */
import type { Db } from '../../db/open.js';
import type { StreamLeasesPort } from '../stream-leases.js';
import type { Sync } from './repository.js';

export function sqliteStreamLeases(db: Db): Sync<StreamLeasesPort> {
  const held = db
    .prepare<{ client: string; now: number }, number>(
      'SELECT slot FROM stream_leases WHERE client = @client AND until_ms > @now',
    )
    .pluck();
  const take = db.prepare<{
    client: string;
    slot: number;
    id: string;
    now: number;
    until: number;
  }>(
    `INSERT INTO stream_leases (client, slot, id, until_ms) VALUES (@client, @slot, @id, @until)
     ON CONFLICT (client, slot) DO UPDATE SET id = @id, until_ms = @until
     WHERE until_ms <= @now`,
  );
  const renew = db.prepare<{ ids: string; until: number }>(
    'UPDATE stream_leases SET until_ms = @until WHERE id IN (SELECT value FROM json_each(@ids))',
  );
  const release = db.prepare<{ id: string }>('DELETE FROM stream_leases WHERE id = @id');
  const sweep = db.prepare<{ now: number; max: number }>(
    `DELETE FROM stream_leases WHERE id IN
       (SELECT id FROM stream_leases WHERE until_ms <= @now LIMIT @max)`,
  );
  return {
    take(client, id, max, now, until) {
      const busy = new Set(held.all({ client, now }));
      for (let slot = 0; slot < max; slot++) {
        if (busy.has(slot)) continue;
        if (take.run({ client, slot, id, now, until }).changes === 1) return true;
      }
      return false;
    },
    renew(ids, until) {
      if (ids.length > 0) renew.run({ ids: JSON.stringify(ids), until });
    },
    release: (id) => void release.run({ id }),
    sweep: (now, max) => sweep.run({ now, max }).changes,
  };
}
