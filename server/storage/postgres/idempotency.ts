/** PostgreSQL's SQL of Idempotency-Key bookkeeping (migrations 0013 and 0021). */
import type {
  IdempotencyKeyRow,
  IdempotencyReader,
  IdempotencyRepository,
} from '../idempotency.js';
import { rowOf, type Query } from './query.js';

export function pgIdempotencyReader(q: Query): IdempotencyReader {
  return {
    find: (actor, key) =>
      rowOf<IdempotencyKeyRow>(
        q,
        `SELECT method, path, fingerprint, status, body FROM idempotency_keys
         WHERE actor = $1 AND key = $2`,
        [actor, key],
      ),
  };
}

export function pgIdempotency(q: Query): IdempotencyRepository {
  return {
    ...pgIdempotencyReader(q),
    async claim(request, now) {
      await q(
        `INSERT INTO idempotency_keys (actor, key, method, path, fingerprint, created_utc)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
        [request.actor, request.key, request.method, request.path, request.fingerprint, now],
      );
    },
    async answer(actor, key, status, body) {
      await q('UPDATE idempotency_keys SET status = $1, body = $2 WHERE actor = $3 AND key = $4', [
        status,
        body,
        actor,
        key,
      ]);
    },
    async expire(before) {
      await q('DELETE FROM idempotency_keys WHERE created_utc < $1', [before]);
    },
  };
}
