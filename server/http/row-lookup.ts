/**
 * The row an endpoint acts on, read once per request through the read side. The endpoint's
 * check (which may wait) reads it; the permission (which may not) and the handler reuse it. The
 * permission checked again inside the write (`permissionInWrite`, http/dispatch.ts) is given a
 * copy of the parameters, so `of` reads the row again there, as it is then, through the unit of
 * work's reads.
 */
import type { RequestContext } from './context.js';

export function rowLookup<P extends object, Row>(
  read: (params: P, ctx: RequestContext) => Promise<Row | undefined>,
) {
  const rows = new WeakMap<object, Row | undefined>();
  return {
    /** The row these parameters name, read once per parameters object. */
    async of(params: P, ctx: RequestContext): Promise<Row | undefined> {
      if (rows.has(params)) return rows.get(params);
      const row = await read(params, ctx);
      rows.set(params, row);
      return row;
    },
    /**
     * What the check read: the row, or undefined when the parameters name none (an endpoint
     * whose permission judges a missing row on its own, as events' updates do).
     */
    lookedUp(params: P): Row | undefined {
      if (!rows.has(params)) throw new Error('A row was judged before the check looked it up.');
      return rows.get(params);
    },
    /**
     * The row the check found. Only for endpoints whose check refuses parameters naming no row,
     * so the permission and the handler run after it found one.
     */
    found(params: P): Row {
      const row = rows.get(params);
      if (row === undefined) throw new Error('A row was used before the check looked it up.');
      return row;
    },
  };
}
