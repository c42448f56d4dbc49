/**
 * Where `Idempotency-Key` bookkeeping (server/http/idempotency.ts) reads and writes its keys: the
 * storage ports, the key taken in the unit of work of the write it guards (the request's write
 * hooks are given its repositories).
 */
import type { CoreServices } from '../../core.js';
import type { StoragePorts } from '../../storage/storage.js';

export interface IdempotencyKeys {
  storage: StoragePorts<'idempotency', 'idempotency'>;
}

export const idempotencyKeys = (core: Pick<CoreServices, 'storage'>): IdempotencyKeys => ({
  storage: core.storage,
});
