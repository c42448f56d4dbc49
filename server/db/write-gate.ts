/**
 * Long writes that run in a worker thread with a connection of their own (imports:
 * transfer/import-thread.ts) hold SQLite's write lock for seconds. A write of the server's own
 * connection meanwhile would wait for the lock synchronously (the busy timeout), holding every
 * request of the process. The gate keeps them apart without blocking the event loop: requests
 * that write pass through it together (shared), a worker's write runs alone (exclusive), and
 * each side waits for the other asynchronously. Writers waiting for an exclusive turn go first,
 * so a steady stream of small writes cannot put an import off forever. Reads never pass the gate.
 */
export interface WriteGate {
  /** Waits until no exclusive write runs or waits; the returned function ends the write. */
  enter(): Promise<() => void>;
  /** Runs `work` once no other write runs; writes arriving meanwhile wait for it. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Whether an exclusive write holds the gate now. */
  held(): boolean;
}

export function createWriteGate(): WriteGate {
  let shared = 0;
  let holder = false;
  let waitingExclusive = 0;
  let wake: Array<() => void> = [];

  const changed = () => {
    const waiting = wake;
    wake = [];
    for (const resolve of waiting) resolve();
  };
  const next = () => new Promise<void>((resolve) => wake.push(resolve));

  return {
    async enter() {
      while (holder || waitingExclusive > 0) await next();
      shared++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        shared--;
        changed();
      };
    },
    async exclusive(work) {
      waitingExclusive++;
      try {
        while (holder || shared > 0) await next();
      } finally {
        waitingExclusive--;
      }
      holder = true;
      try {
        return await work();
      } finally {
        holder = false;
        changed();
      }
    },
    held: () => holder,
  };
}
