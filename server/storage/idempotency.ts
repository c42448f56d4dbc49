/**
 * The idempotency keys aggregate (docs/api/idempotency.md): which write a user's
 * `Idempotency-Key` made and the answer it gave, kept for a day.
 */

/** One key as stored. */
export interface IdempotencyKeyRow {
  method: string;
  path: string;
  /** The digest of the first request's body ('' for keys taken before it was kept). */
  fingerprint: string;
  /** The answer, once the write that took the key has answered. */
  status: number | null;
  body: Buffer | null;
}

/** One write request, as its key is compared: who, which key, and what exactly was asked. */
export interface KeyedRequest {
  actor: number;
  key: string;
  method: string;
  /** The URL as sent, query included. */
  path: string;
  /** The digest of the body (http/idempotency.ts, `requestFingerprint`). */
  fingerprint: string;
}

export interface IdempotencyReader {
  find(actor: number, key: string): Promise<IdempotencyKeyRow | undefined>;
}

export interface IdempotencyRepository extends IdempotencyReader {
  /**
   * Takes the key, without an answer yet; a key already taken stays as it is. Called in the unit
   * of work of the write it guards: the key is taken exactly when that write commits.
   */
  claim(request: KeyedRequest, nowUtc: string): Promise<void>;
  /** Keeps the answer of the write that took the key. */
  answer(actor: number, key: string, status: number, body: Buffer): Promise<void>;
  /** Forgets the keys taken before `beforeUtc`. */
  expire(beforeUtc: string): Promise<void>;
}
