/**
 * SQLite answers synchronously; the ports are asynchronous. An adapter's repository is written as
 * plain synchronous functions (`Sync<R>`) and offered as `R` through `asyncRepository`, which
 * runs each call at once and hands its result (or its error) over as a settled promise. A body
 * that awaits only such calls therefore runs to its end in microtasks (group-commit.ts).
 */

/**
 * The synchronous form of a repository interface: its methods that return promises answer at
 * once; its other members (plain values, such as a codec of the engine's cursors) stay as they are.
 */
export type Sync<R> = {
  [K in keyof R]: R[K] extends (...args: infer A) => Promise<infer T> ? (...args: A) => T : R[K];
};

/** `sync` offered as `R`; `guard` runs before each call and refuses it by throwing. */
export function asyncRepository<R>(sync: Sync<R>, guard: () => void): R {
  const out: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(sync) as Array<
    [string, (...args: unknown[]) => unknown]
  >) {
    if (typeof fn !== 'function') {
      out[name] = fn;
      continue;
    }
    out[name] = (...args: unknown[]) => {
      try {
        guard();
        return Promise.resolve(fn(...args));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    };
  }
  return out as R;
}
