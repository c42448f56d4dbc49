/** SQL of Idempotency-Key bookkeeping (server/db/migrations/0013_idempotency_keys.sql). */
import type { Db } from '../../db/open.js';

export interface KeyRow {
  method: string;
  path: string;
  /** The digest of the first request's body ('' for keys taken before it was kept). */
  fingerprint: string;
  status: number | null;
  body: Buffer | null;
}

export function createIdempotencyStore(db: Db) {
  const s = {
    find: db.prepare<[number, string], KeyRow>(
      'SELECT method, path, fingerprint, status, body FROM idempotency_keys WHERE actor = ? AND key = ?',
    ),
    claim: db.prepare<[number, string, string, string, string, string]>(
      `INSERT OR IGNORE INTO idempotency_keys (actor, key, method, path, fingerprint, created_utc)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    answer: db.prepare<[number, Buffer, number, string]>(
      'UPDATE idempotency_keys SET status = ?, body = ? WHERE actor = ? AND key = ?',
    ),
    expire: db.prepare<[string]>('DELETE FROM idempotency_keys WHERE created_utc < ?'),
  };
  return {
    find: (actor: number, key: string): KeyRow | undefined => s.find.get(actor, key),
    /** Inside the write's transaction: the key is taken exactly when the write commits. */
    claim(
      request: { actor: number; key: string; method: string; path: string; fingerprint: string },
      now: string,
    ): void {
      s.claim.run(
        request.actor,
        request.key,
        request.method,
        request.path,
        request.fingerprint,
        now,
      );
    },
    answer(actor: number, key: string, status: number, body: Buffer): void {
      s.answer.run(status, body, actor, key);
    },
    expire(before: string): void {
      s.expire.run(before);
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
