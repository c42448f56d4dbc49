/**
 * The ETag of each item as the console last read it, so that a save says which version it
 * changes (`If-Match`) and another person's edit in between is caught (412) instead of being
 * overwritten silently (docs/sync.md, conditional requests).
 */
import type { Kind } from './resources';

const tags = new Map<string, string>();
const key = (kind: Kind, id: number) => `${kind}/${id}`;

export function rememberVersion(kind: Kind, id: number, headers: Headers): void {
  const tag = headers.get('etag');
  if (tag) tags.set(key(kind, id), tag);
}

export const versionOf = (kind: Kind, id: number): string | undefined => tags.get(key(kind, id));
