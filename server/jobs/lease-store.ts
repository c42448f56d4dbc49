/** SQL of job leases (migration 0023): who runs a background job, and until when. */
import type { Db } from '../db/open.js';

export function createLeaseStore(db: Db) {
  const claim = db.prepare<{ name: string; owner: string; now: string; until: string }>(
    `INSERT INTO job_leases (name, owner, until_utc) VALUES (@name, @owner, @until)
     ON CONFLICT (name) DO UPDATE SET owner = @owner, until_utc = @until
     WHERE job_leases.owner = @owner OR job_leases.until_utc <= @now`,
  );
  const release = db.prepare<{ name: string; owner: string }>(
    'DELETE FROM job_leases WHERE name = @name AND owner = @owner',
  );
  return {
    /**
     * Takes or renews the lease of job `name` for `owner` until `until` (UTC), unless another
     * owner holds it past `now`. To be called inside the write transaction whose work the lease
     * guards: the claim and the work then commit together, or neither does.
     */
    claim: (name: string, owner: string, now: string, until: string): boolean =>
      claim.run({ name, owner, now, until }).changes === 1,
    /** Gives the lease up (a process stopping), so another takes the job at once. */
    release: (name: string, owner: string): void => void release.run({ name, owner }),
  };
}

export type LeaseStore = ReturnType<typeof createLeaseStore>;
