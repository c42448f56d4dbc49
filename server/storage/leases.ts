/** Job leases: which process runs a background job, and until when. */

export interface LeasesRepository {
  /**
   * Takes or renews the lease of job `name` for `owner` until `until` (UTC), unless another
   * owner holds it past `now`. Claimed in the unit of work whose work the lease guards: the claim
   * and the work then commit together, or neither does.
   */
  claim(name: string, owner: string, now: string, until: string): Promise<boolean>;
  /** Gives the lease up (a process stopping), so another takes the job at once. */
  release(name: string, owner: string): Promise<void>;
}
