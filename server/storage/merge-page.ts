/**
 * Merging two sorted sources into one page: the stored rows of a listing and the rows found
 * elsewhere (computed occurrences, resources/events/listing-series.ts; events a search index
 * cannot key, sqlite/listed-search.ts).
 */

/**
 * The page at `offset` of the merged listing: `stored` are the stored rows from position
 * `storedFrom` on (at least the page's worth), `computed` every computed row, both in `order`.
 */
export function mergePage<Row>(
  stored: Row[],
  storedFrom: number,
  computed: Row[],
  offset: number,
  limit: number,
  order: (a: Row, b: Row) => number,
): Row[] {
  let j = 0;
  if (storedFrom > 0) {
    const first = stored[0];
    // Every stored row lies before the page: only computed ones could be on it, and they all
    // lie before it too (storedFrom = offset − computed.length).
    if (first === undefined) return [];
    while (j < computed.length && order(computed[j]!, first) < 0) j++;
  }
  const out: Row[] = [];
  let position = storedFrom + j;
  let i = 0;
  while (out.length < limit && (i < stored.length || j < computed.length)) {
    const takeStored =
      j >= computed.length || (i < stored.length && order(stored[i]!, computed[j]!) <= 0);
    const next = takeStored ? stored[i++]! : computed[j++]!;
    if (position >= offset) out.push(next);
    position++;
  }
  return out;
}
