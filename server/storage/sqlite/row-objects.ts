/**
 * Rows read as objects, made more cheaply than better-sqlite3 makes them. better-sqlite3 gives
 * each row object its properties one at a time, which for an event's 30 columns cost more than
 * reading the row itself (ten listed rows: 90 µs, of which 9 µs finding them). Read as arrays
 * (`raw`) and turned into objects by one function made per column list, every row of a statement
 * is built at once in one shape. The objects are the same: the same keys in the same order
 * (the columns'), the same values, a repeated column name keeping its last value.
 */
import type { ReadStatement } from '../../db/read.js';

type Maker = (values: unknown[]) => unknown;

/** A maker per column list, shared by the statements that read the same columns. */
const makers = new Map<string, Maker>();

function makerOf(columns: readonly string[]): Maker {
  const key = JSON.stringify(columns);
  let maker = makers.get(key);
  if (maker === undefined) {
    // An object literal of the columns, in their order: V8 builds it with one shape. The names
    // come from the database's own column list and are quoted as JSON strings.
    const fields = columns.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
    maker = new Function('v', `return { ${fields} };`) as Maker;
    makers.set(key, maker);
  }
  return maker;
}

/** `get` and `all` of a statement, answering objects keyed by its columns. */
export interface ObjectRows<P extends unknown[], R> {
  get(...params: P): R | undefined;
  all(...params: P): R[];
}

export function objectRows<P extends unknown[], R>(
  statement: ReadStatement<P, unknown>,
): ObjectRows<P, R> {
  const raw = statement.raw(true) as unknown as ReadStatement<P, unknown[]>;
  let width = -1;
  let make: Maker = () => undefined;
  /** The maker of the statement's columns now (a restore or a migration may change `*`'s). */
  const current = (values: unknown[]): Maker => {
    if (values.length !== width) {
      const columns = raw.columns().map((column) => column.name);
      make = makerOf(columns);
      width = columns.length;
    }
    return make;
  };
  return {
    get(...params) {
      const values = raw.get(...params);
      return values === undefined ? undefined : (current(values)(values) as R);
    },
    all(...params) {
      const rows = raw.all(...params);
      const out = new Array<R>(rows.length);
      for (let i = 0; i < rows.length; i++) out[i] = current(rows[i]!)(rows[i]!) as R;
      return out;
    },
  };
}
