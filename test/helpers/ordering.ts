/**
 * Ordering checks for "no request holds the server" (docs/reliability.md, Long work): a plain
 * read sent while a costly request is being worked on must be answered before it. No clock is
 * read: what is compared is which answer arrived first.
 */
import Database from 'better-sqlite3';

export const PLAIN_READ = '/api/calendar/events/v1/events?per_page=1';

/** Settles with the order in which the promises settled, by name. */
export function arrivals(named: Record<string, Promise<unknown>>): Promise<string[]> {
  const order: string[] = [];
  return Promise.all(
    Object.entries(named).map(([name, promise]) =>
      promise.then(
        () => order.push(name),
        () => order.push(`${name} (failed)`),
      ),
    ),
  ).then(() => order);
}

/**
 * Whether some connection holds the database's write lock: a second connection that does not
 * wait (busy_timeout 0) cannot begin an IMMEDIATE transaction. An import writes in one
 * transaction, so this is true exactly while it writes.
 */
export function writeLockProbe(file: string): { held(): boolean; close(): void } {
  const db = new Database(file);
  db.pragma('busy_timeout = 0');
  return {
    held() {
      try {
        db.exec('BEGIN IMMEDIATE');
        db.exec('ROLLBACK');
        return false;
      } catch {
        return true;
      }
    },
    close: () => db.close(),
  };
}

/** Resolves once `ready()` is true or `done` has settled, checking every few milliseconds. */
export async function until(ready: () => boolean, done: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void done.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (;;) {
    if (ready()) return true;
    if (settled) return false;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
