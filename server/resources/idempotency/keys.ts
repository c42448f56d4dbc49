/**
 * Where `Idempotency-Key` bookkeeping (server/http/idempotency.ts) reads and writes its keys: the
 * storage ports, the key taken in the unit of work of the write it guards. A write of a store not
 * yet behind the ports runs in a synchronous transaction, which cannot wait for a unit's
 * promise: its key is taken there through the synchronous repository (`core.syncRepositories`,
 * docs/architecture.md, "Storage ports"), which goes once every writer is a unit of work.
 */
import type { CoreServices } from '../../core.js';
import type { StoragePorts } from '../../storage/storage.js';

export interface IdempotencyKeys {
  storage: StoragePorts<'idempotency', 'idempotency'>;
  /** The repository inside a synchronous transaction (interim, see above). */
  inSyncTransaction: CoreServices['syncRepositories']['idempotency'];
}

export const idempotencyKeys = (
  core: Pick<CoreServices, 'storage' | 'syncRepositories'>,
): IdempotencyKeys => ({
  storage: core.storage,
  inSyncTransaction: core.syncRepositories.idempotency,
});
