/**
 * PostgreSQL's SQL of job leases (migration 0023). A claim is one statement in the unit of work
 * whose work the lease guards; units of work take turns across the nodes (storage.ts), so two
 * nodes claiming at once cannot both take it.
 */
import type { LeasesRepository } from '../leases.js';
import type { Query } from './query.js';

export function pgLeases(q: Query): LeasesRepository {
  return {
    claim: async (name, owner, now, until) =>
      (
        await q(
          `INSERT INTO job_leases (name, owner, until_utc) VALUES ($1, $2, $4)
           ON CONFLICT (name) DO UPDATE SET owner = $2, until_utc = $4
           WHERE job_leases.owner = $2 OR job_leases.until_utc <= $3`,
          [name, owner, now, until],
        )
      ).rowCount === 1,
    async release(name, owner) {
      await q('DELETE FROM job_leases WHERE name = $1 AND owner = $2', [name, owner]);
    },
  };
}
