/**
 * Opt-in SQL statement counter, preloaded into the server process by the benchmark
 * (compiled to .tmp/bench/query-counter.mjs, `node --import <it> dist/node/server/cli.js`, with
 * ALMANAC_COUNT_QUERIES=1). It counts executions (run/get/all/iterate) of statements the
 * application prepared; better-sqlite3's own BEGIN/COMMIT statements and pragmas are not counted.
 * On SIGUSR2 the process writes `almanac-query-count <n>` to standard error. Nothing in the
 * server changes, and without the variable this module does nothing.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

export const COUNT_LINE = 'almanac-query-count';

/**
 * `ALMANAC_COUNT_QUERIES=sql` also counts and times (CPU µs) each statement text, printed as JSON
 * before the total: a diagnosis aid, slower than the plain count.
 */
const mode = process.env.ALMANAC_COUNT_QUERIES;

if (mode === '1' || mode === 'sql') {
  const bySource = new Map<string, [number, number]>();
  const require = createRequire(import.meta.url);
  const Database = require('better-sqlite3') as typeof BetterSqlite3;
  let count = 0;
  const counted = new WeakSet<object>();
  const dbProto = Database.prototype as unknown as { prepare(this: unknown, sql: string): object };
  const prepare = dbProto.prepare;
  dbProto.prepare = function (this: unknown, sql: string) {
    const statement = prepare.call(this, sql);
    counted.add(statement);
    return statement;
  };
  const probe = new Database(':memory:');
  const statementProto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  probe.close();
  for (const method of ['run', 'get', 'all', 'iterate']) {
    const original = statementProto[method]!;
    statementProto[method] = function (this: object, ...args: unknown[]) {
      if (!counted.has(this)) return original.apply(this, args);
      count++;
      if (mode !== 'sql') return original.apply(this, args);
      // Process CPU time, not wall time: other work on the machine does not inflate it.
      const started = process.cpuUsage();
      try {
        return original.apply(this, args);
      } finally {
        const source = (this as { source: string }).source.replace(/\s+/g, ' ').slice(0, 160);
        const entry = bySource.get(source) ?? [0, 0];
        entry[0]++;
        const used = process.cpuUsage(started);
        entry[1] += used.user + used.system;
        bySource.set(source, entry);
      }
    };
  }
  process.on('SIGUSR2', () => {
    if (mode === 'sql') {
      const top = [...bySource]
        .sort((a, b) => b[1][1] - a[1][1])
        .map(([sql, [n, us]]) => [sql, `${n}× ${Math.round(us / n)} µs`]);
      process.stderr.write(`${JSON.stringify(Object.fromEntries(top), null, 1)}\n`);
      bySource.clear();
    }
    process.stderr.write(`${COUNT_LINE} ${count}\n`);
  });
}
