/**
 * WordPress's global response parameters (`rest_filter_response_fields`,
 * `WP_REST_Server::envelope_response`): `_fields` keeps only the named fields of a body, and
 * `_envelope` answers 200 with `{body, status, headers}` for clients that cannot read statuses or
 * headers. Both are applied after the route's handler, so no route needs to know about them.
 */
import type { Query } from './wp-request.js';
import { isRecord } from '../../shared/record.js';

/** The fields to keep: `true` keeps the whole value, a nested tree keeps part of it. */
export type FieldTree = Map<string, true | FieldTree>;

/**
 * `_fields=id,title,venue.address` as a tree. As in WordPress, a list is comma- (or space-)
 * separated text or an array, and a field kept whole makes its sub-fields redundant.
 */
export function parseFields(raw: unknown): FieldTree | undefined {
  const values = Array.isArray(raw) ? raw : [raw];
  const names = values
    .filter((value): value is string => typeof value === 'string')
    .flatMap((value) => value.split(/[\s,]+/))
    .filter((name) => name !== '');
  if (names.length === 0) return undefined;
  const tree: FieldTree = new Map();
  for (const name of names) {
    const parts = name.split('.');
    const last = parts.pop()!;
    let level = tree;
    let covered = false;
    for (const part of parts) {
      const next = level.get(part);
      if (next === true) {
        covered = true;
        break;
      }
      const child: FieldTree = next ?? new Map();
      level.set(part, child);
      level = child;
    }
    if (!covered) level.set(last, true);
  }
  return tree;
}

/**
 * Keeps the fields of the tree, in the body's own order. A list is filtered item by item, so
 * `organizer.id` keeps the id of each organizer (WordPress would keep nothing of a nested list).
 */
export function selectFields(value: unknown, tree: FieldTree): unknown {
  if (Array.isArray(value)) return value.map((item) => selectFields(item, tree));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const wanted = tree.get(key);
    if (wanted === undefined) continue;
    out[key] = wanted === true ? item : selectFields(item, wanted);
  }
  return out;
}

/** The key of a listing's items (`events`, `venues`, ...): listings carry `total_pages`. */
function listKey(body: Record<string, unknown>): string | undefined {
  if (!Object.hasOwn(body, 'total_pages')) return undefined;
  const lists = Object.keys(body).filter((key) => Array.isArray(body[key]));
  return lists.length === 1 ? lists[0] : undefined;
}

/**
 * `_fields` on a response body. On a listing (`{events: [...], rest_url, total, ...}`), names
 * that are keys of the listing select them as in WordPress (`_fields=events,total`); every other
 * name selects that field in each listed item, and the list is kept (`_fields=id,title` gives
 * `{events: [{id, title}, ...]}`).
 */
export function filterBody(body: unknown, tree: FieldTree): unknown {
  if (!isRecord(body)) return selectFields(body, tree);
  const key = listKey(body);
  if (key === undefined) return selectFields(body, tree);
  const own: FieldTree = new Map();
  const items: FieldTree = new Map();
  for (const [name, wanted] of tree) (Object.hasOwn(body, name) ? own : items).set(name, wanted);
  if (items.size > 0) {
    const inList = own.get(key);
    if (inList !== true) {
      for (const [name, wanted] of inList ?? []) if (!items.has(name)) items.set(name, wanted);
      own.set(key, items);
    }
  }
  return selectFields(body, own);
}

/** Whether the request asked for `_envelope` (any value, as WordPress tests `isset`). */
export function wantsEnvelope(query: Query): boolean {
  return query._envelope !== undefined;
}

export function envelope(body: unknown, status: number, headers: Record<string, string>) {
  return { body, status, headers };
}
