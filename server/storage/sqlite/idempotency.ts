/** SQL of Idempotency-Key bookkeeping (migrations 0013 and 0021). */
import type { Db } from '../../db/open.js';
import { readHandle, type ReadDb } from '../../db/read.js';
import type {
  IdempotencyKeyRow,
  IdempotencyReader,
  IdempotencyRepository,
} from '../idempotency.js';
import type { Sync } from './repository.js';

export function sqliteIdempotencyReader(db: ReadDb): Sync<IdempotencyReader> {
  const find = db.prepare<[number, string], IdempotencyKeyRow>(
    'SELECT method, path, fingerprint, status, body FROM idempotency_keys WHERE actor = ? AND key = ?',
  );
  return { find: (actor, key) => find.get(actor, key) };
}

export function sqliteIdempotency(db: Db): Sync<IdempotencyRepository> {
  const claim = db.prepare<[number, string, string, string, string, string]>(
    `INSERT OR IGNORE INTO idempotency_keys (actor, key, method, path, fingerprint, created_utc)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const answer = db.prepare<[number, Buffer, number, string]>(
    'UPDATE idempotency_keys SET status = ?, body = ? WHERE actor = ? AND key = ?',
  );
  const expire = db.prepare<[string]>('DELETE FROM idempotency_keys WHERE created_utc < ?');
  return {
    ...sqliteIdempotencyReader(readHandle(db)),
    claim(request, now) {
      claim.run(request.actor, request.key, request.method, request.path, request.fingerprint, now);
    },
    answer: (actor, key, status, body) => void answer.run(status, body, actor, key),
    expire: (before) => void expire.run(before),
  };
}
