/**
 * Opt-in SQL statement counter, preloaded into the server process by the benchmark
 * (`node --import tsx --import ./bench/query-counter.ts server/cli.ts`, with
 * ALMANAC_COUNT_QUERIES=1). It counts executions (run/get/all/iterate) of statements the
 * application prepared; better-sqlite3's own BEGIN/COMMIT statements and pragmas are not counted.
 * On SIGUSR2 the process writes `almanac-query-count <n>` to standard error. Nothing in the
 * server changes, and without the variable this module does nothing.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

export const COUNT_LINE = 'almanac-query-count';

if (process.env.ALMANAC_COUNT_QUERIES === '1') {
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
      if (counted.has(this)) count++;
      return original.apply(this, args);
    };
  }
  process.on('SIGUSR2', () => {
    process.stderr.write(`${COUNT_LINE} ${count}\n`);
  });
}
