/**
 * Moving PostgreSQL's content version (../content-version.ts), which is the database's snapshot
 * (migration 0024): it moves when a transaction that has a transaction id ends. Asking for the
 * unit's id gives it one, so its commit moves the version even when it wrote nothing else.
 */
import type { ContentVersionRepository } from '../content-version.js';
import type { Query } from './query.js';

export function pgContentVersion(q: Query): ContentVersionRepository {
  return {
    async move() {
      await q('SELECT pg_current_xact_id()');
    },
  };
}
