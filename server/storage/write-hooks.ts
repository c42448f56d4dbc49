/**
 * Work that must run inside every write transaction a request makes, whatever store makes it:
 * the precondition of a conditional write (checked under the write lock, so a concurrent edit
 * cannot slip in between the check and the write) and stamping the change log with the user who
 * made the change. The request installs its hooks for the duration of its handler; a unit of work
 * (storage.ts) runs them first and last inside its transaction, awaiting them, so a hook may
 * read through the storage ports (its reads go through the unit's transaction). The synchronous
 * transactions of the stores not yet behind the ports run them too (db/open.ts), without waiting
 * for a hook that answers a promise, and without a unit of work to give it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { UnitOfWork } from './storage.js';

/**
 * A hook run inside a unit of work is given its repositories, so that what it reads and writes
 * (an idempotency key) commits or rolls back with the unit; one run inside a synchronous
 * transaction of a store not yet behind the ports is given none.
 */
export interface WriteHooks {
  /** Runs first inside the transaction; throwing (or rejecting) rolls it back. */
  begin?(uow?: UnitOfWork): void | Promise<void>;
  /** Runs last inside the transaction, after the writes. */
  end?(uow?: UnitOfWork): void | Promise<void>;
}

const storage = new AsyncLocalStorage<WriteHooks[]>();

/** Runs `work` (and everything it awaits) with these hooks around its write transactions. */
export function withWriteHooks<T>(hooks: WriteHooks, work: () => T): T {
  return storage.run([...(storage.getStore() ?? []), hooks], work);
}

export function activeWriteHooks(): readonly WriteHooks[] {
  return storage.getStore() ?? [];
}

/** Runs `work` with exactly these hooks, whatever the caller's (a group of writes, group-commit.ts). */
export function runWithHooks<T>(hooks: readonly WriteHooks[], work: () => T): T {
  return storage.run([...hooks], work);
}
