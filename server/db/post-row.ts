/**
 * The columns every post table (events, venues, organizers) has, besides its own: one
 * definition for their row types, their stores and the import's inserts.
 */
import type { PostStatus } from '../../shared/roles.js';

export interface PostRow {
  id: number;
  author: number | null;
  status: PostStatus;
  slug: string;
  title: string;
  description: string;
  excerpt: string;
  date_utc: string;
  modified_utc: string;
}

/** Those columns but the id, in the tables' order. */
export const POST_COLUMNS = [
  'author',
  'status',
  'slug',
  'title',
  'description',
  'excerpt',
  'date_utc',
  'modified_utc',
] as const satisfies readonly (keyof PostRow)[];

/** SQLite's 0/1 flag columns as booleans, in the order given (the order answers show). */
export function flagsOf<Row, K extends keyof Row>(
  row: Row,
  keys: readonly K[],
): Record<K, boolean> {
  const out = {} as Record<K, boolean>;
  for (const key of keys) out[key] = row[key] === 1;
  return out;
}
