/**
 * Listing totals remembered while the content version (server/db/content-version.ts) is
 * unchanged. A page's `total` counts every matching event (about 0.15-0.25 ms of SQL for a
 * default window at 100k events), and the pages of one listing, or one window asked again,
 * count the same thing. The key is the whole query (visibility, dates as resolved, filters, the
 * moment a due scheduled event is read at). Search listings are not remembered: their
 * candidates are a list of ids.
 */
import type { EventQuery } from '../../storage/listing.js';

const LIMIT = 1024;

export function rememberedTotals(
  version: () => Promise<string>,
  count: (q: EventQuery) => Promise<number>,
) {
  const totals = new Map<string, number>();
  let seen = '';
  return async (q: EventQuery): Promise<number> => {
    if (q.search !== undefined) return count(q);
    const now = await version();
    if (now !== seen) {
      totals.clear();
      seen = now;
    }
    const key = JSON.stringify(q);
    const known = totals.get(key);
    if (known !== undefined) return known;
    const total = await count(q);
    // Another count may have moved the version while this one was read: keep only a total of
    // the version it was read at.
    if (seen !== now) return total;
    if (totals.size >= LIMIT) totals.delete(totals.keys().next().value!);
    totals.set(key, total);
    return total;
  };
}
