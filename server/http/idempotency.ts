/**
 * `Idempotency-Key` on writes (docs/api/idempotency.md): the first request with a key does the
 * write and its answer is kept for a day; a retry with the same key by the same user gets that
 * answer again (`Idempotent-Replayed: true`) and writes nothing. The same key with another
 * method, URL or body is refused (422), as Stripe and the IETF draft do: replaying the first
 * answer would silently drop the new body. The key is taken inside the write's own transaction
 * (its unit of work: the hooks are given its repositories), so two processes cannot both make
 * the write; a write that fails leaves the key free for a corrected retry.
 */
import { createHash } from 'node:crypto';
import { formatUtc } from '../../shared/time.js';
import type { WriteHooks } from '../storage/write-hooks.js';
import type { KeyedRequest } from '../storage/idempotency.js';
import type { IdempotencyKeys } from '../resources/idempotency/keys.js';
import { ApiError } from './errors.js';
import type { ApiResponse } from './route.js';

const KEEP_MS = 24 * 60 * 60 * 1000;
const KEY = /^[\x21-\x7e]{1,200}$/;

export interface Replay {
  status: number;
  body: Buffer;
}

export interface IdempotentWrite {
  /** The kept answer to send instead of writing, if this key was used before. */
  replay?: Replay;
  hooks?: WriteHooks;
  /** Keeps the answer once the write succeeded. */
  done(result: ApiResponse): Promise<void>;
}

const inProgress = () =>
  new ApiError(
    'almanac_idempotency_in_progress',
    'A request with this Idempotency-Key is still being handled, or stopped before it answered; retry later or use a new key.',
    409,
  );

export type { KeyedRequest };

/**
 * The digest of a request's parsed body (its JSON or form parameters, in the order sent, or the
 * bytes of an upload or an import's file, with the upload's file name): what must be the same
 * for a retry to be the same request. Bytes are hashed as they came, never turned into JSON
 * first (a Buffer's JSON lists every byte as a number, 20 to 200 MB of them); the routes keep
 * them at most two levels into the body.
 */
export function requestFingerprint(body: unknown, disposition: string | undefined): string {
  const hash = createHash('sha256').update(`${JSON.stringify(disposition ?? '')}\n`);
  const shape = (value: unknown, path: string, depth: number): unknown => {
    if (ArrayBuffer.isView(value)) {
      const view = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
      hash.update(`${JSON.stringify(path)} ${view.byteLength}\n`).update(view);
      return null;
    }
    if (depth >= 2 || value === null || typeof value !== 'object' || Array.isArray(value)) {
      return value;
    }
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, shape(inner, `${path}/${key}`, depth + 1)]),
    );
  };
  return hash.update(JSON.stringify(shape(body ?? null, '', 0))).digest('base64url');
}

const reused = () =>
  new ApiError(
    'rest_idempotency_key_reused',
    'This Idempotency-Key was used for another request (another method, URL or body); nothing was changed. Send this request with a new key.',
    422,
  );

export async function idempotentWrite(
  keys: IdempotencyKeys,
  now: Date,
  request: KeyedRequest,
): Promise<IdempotentWrite> {
  const { actor, key, method, path, fingerprint } = request;
  if (!KEY.test(key)) {
    throw new ApiError(
      'almanac_invalid_idempotency_key',
      'Idempotency-Key must be 1 to 200 visible ASCII characters.',
      400,
    );
  }
  const known = await keys.storage.read.idempotency.find(actor, key);
  if (known) {
    const sameBody = known.fingerprint === '' || known.fingerprint === fingerprint;
    if (known.method !== method || known.path !== path || !sameBody) throw reused();
    if (known.status === null || known.body === null) throw inProgress();
    return { replay: { status: known.status, body: known.body }, done: async () => undefined };
  }
  const expiredBefore = formatUtc(new Date(now.getTime() - KEEP_MS));
  const nowUtc = formatUtc(now);
  let claimed = false;
  return {
    // A write outside a unit of work (the sign-in throttle's counts, which commit on their own)
    // is not the write the key guards: its hooks are given no unit and leave the key alone.
    hooks: {
      // Checked again under the write lock: another process may have taken the key meanwhile.
      async begin(uow) {
        if (claimed || !uow) return;
        if (await uow.idempotency.find(actor, key)) throw inProgress();
      },
      async end(uow) {
        if (claimed || !uow) return;
        await uow.idempotency.expire(expiredBefore);
        await uow.idempotency.claim(request, nowUtc);
        claimed = true;
      },
    },
    async done(result) {
      // Files and streams are reads in effect; only JSON answers of writes are kept.
      if (!claimed || result.file || result.chunks || result.stream) return;
      const body = result.json?.bytes ?? Buffer.from(JSON.stringify(result.body) ?? '', 'utf8');
      await keys.storage.write((uow) =>
        uow.idempotency.answer(actor, key, result.status ?? 200, body),
      );
    },
  };
}
