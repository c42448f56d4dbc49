/**
 * The listing's queries as a reader sees them (scheduled.ts): while some scheduled event is due
 * and not yet stored as published, every query and every row read takes the clock into account.
 */
import type { EventQuery, ListingReader } from '../../storage/listing.js';
import { asRead, type Schedule } from './scheduled.js';

/** What the listing reads (storage/listing.ts). */
export type ListingQueries = Pick<
  ListingReader,
  'page' | 'allIds' | 'count' | 'searchCandidates' | 'searchPage'
>;

export function scheduledQueries(query: ListingQueries, schedule: Schedule): ListingQueries {
  const at = (q: EventQuery): EventQuery => {
    const dueBy = schedule.dueBy();
    return dueBy === undefined ? q : { ...q, dueBy };
  };
  return {
    searchCandidates: (words) => query.searchCandidates(words),
    async page(q, limit, offset, total) {
      const read = at(q);
      const rows = await query.page(read, limit, offset, total);
      return rows.map((row) => asRead(row, read.dueBy));
    },
    allIds: (q) => query.allIds(at(q)),
    count: (q) => query.count(at(q)),
    async searchPage(q, words, limit, offset) {
      const read = at(q);
      const found = await query.searchPage(read, words, limit, offset);
      return found && { ...found, rows: found.rows.map((row) => asRead(row, read.dueBy)) };
    },
  };
}
