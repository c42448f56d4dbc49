/**
 * Records every statement a server in this process runs, with its parameters and its answer, so
 * a test can count the work a request does (statements, rows, full-text matches) instead of
 * timing it. It wraps better-sqlite3's statement methods, as bench/query-counter.ts does in a
 * benchmarked process; `stop()` puts them back.
 */
import Database from 'better-sqlite3';

export interface Execution {
  sql: string;
  params: unknown[];
  /** The rows answered: an array for `all`, a row (or undefined) for `get`, a RunResult for `run`. */
  result: unknown;
}

const METHODS = ['run', 'get', 'all'] as const;

export function recordStatements() {
  const executions: Execution[] = [];
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<
    (typeof METHODS)[number],
    (...args: unknown[]) => unknown
  >;
  probe.close();
  const originals = METHODS.map((method) => [method, proto[method]] as const);
  for (const [method, original] of originals) {
    proto[method] = function (this: { source: string }, ...params: unknown[]) {
      const result = original.apply(this, params);
      executions.push({ sql: this.source, params, result });
      return result;
    };
  }
  return {
    /** What ran while `work` did. */
    async during(work: () => Promise<unknown>): Promise<Execution[]> {
      const from = executions.length;
      await work();
      return executions.slice(from);
    },
    stop() {
      for (const [method, original] of originals) proto[method] = original;
    },
  };
}
