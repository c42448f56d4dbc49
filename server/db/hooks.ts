/**
 * Work that must run inside every write transaction a request makes, whatever store makes it:
 * the precondition of a conditional write (checked under the write lock, so a concurrent edit
 * cannot slip in between the check and the write) and stamping the change log with the user who
 * made the change. The request installs its hooks for the duration of its handler; the database
 * wrapper (open.ts) runs them around the outermost transaction of each write.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface WriteHooks {
  /** Runs first inside the transaction; throwing rolls it back. */
  begin?(): void;
  /** Runs last inside the transaction, after the writes. */
  end?(): void;
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
