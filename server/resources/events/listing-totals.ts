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

export function rememberedTotals(version: () => string, count: (q: EventQuery) => number) {
  const totals = new Map<string, number>();
  let seen = '';
  return (q: EventQuery): number => {
    if (q.search !== undefined) return count(q);
    const now = version();
    if (now !== seen) {
      totals.clear();
      seen = now;
    }
    const key = JSON.stringify(q);
    const known = totals.get(key);
    if (known !== undefined) return known;
    const total = count(q);
    if (totals.size >= LIMIT) totals.delete(totals.keys().next().value!);
    totals.set(key, total);
    return total;
  };
}
