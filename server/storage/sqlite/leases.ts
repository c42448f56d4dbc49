/** SQL of job leases (migration 0023). */
import type { Db } from '../../db/open.js';
import type { LeasesRepository } from '../leases.js';
import type { Sync } from './repository.js';

export function sqliteLeases(db: Db): Sync<LeasesRepository> {
  const claim = db.prepare<{ name: string; owner: string; now: string; until: string }>(
    `INSERT INTO job_leases (name, owner, until_utc) VALUES (@name, @owner, @until)
     ON CONFLICT (name) DO UPDATE SET owner = @owner, until_utc = @until
     WHERE job_leases.owner = @owner OR job_leases.until_utc <= @now`,
  );
  const release = db.prepare<{ name: string; owner: string }>(
    'DELETE FROM job_leases WHERE name = @name AND owner = @owner',
  );
  return {
    claim: (name, owner, now, until) => claim.run({ name, owner, now, until }).changes === 1,
    release: (name, owner) => void release.run({ name, owner }),
  };
}
