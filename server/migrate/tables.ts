/**
 * Which tables a move copies, and in what order. Every table of the schema is declared in
 * db/content-version.ts (a test fails on one that is not); a move copies all of them but the
 * few below, so a table added later is carried without a change here. The order follows the
 * destination's foreign keys, so every row finds the rows it names already there.
 */
import { CONTENT_TABLES, DERIVED_TABLES, OTHER_TABLES } from '../db/content-version.js';
import type { TableShape } from './ends.js';

/** Tables a move leaves to the destination, and why. */
export const NOT_COPIED: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    Object.keys(DERIVED_TABLES).map((table) => [table, 'derived from the events by triggers']),
  ),
  content_version: 'SQLite’s cache key; the destination gets a new one',
  job_leases: 'which process of the old calendar ran a background job',
  limit_counters: 'failed sign-ins of the last minutes, counted again from none',
  stream_leases: 'the streams open on the old calendar’s processes',
};

export const COPIED_TABLES: readonly string[] = [
  ...CONTENT_TABLES,
  ...Object.keys(OTHER_TABLES),
].filter((table) => !(table in NOT_COPIED));

/** `tables` ordered so that each comes after those its foreign keys name (declared order else). */
export function dependencyOrder(
  tables: readonly string[],
  shapes: Map<string, TableShape>,
): string[] {
  const wanted = new Set(tables);
  const done = new Set<string>();
  const out: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (done.has(table)) return;
    if (path.includes(table))
      throw new Error(`Foreign keys form a cycle: ${[...path, table].join(' → ')}`);
    for (const other of shapes.get(table)?.references ?? [])
      if (wanted.has(other)) visit(other, [...path, table]);
    done.add(table);
    out.push(table);
  };
  for (const table of tables) visit(table, []);
  return out;
}
