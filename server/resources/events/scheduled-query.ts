/**
 * The listing's queries as a reader sees them (scheduled.ts): while some scheduled event is due
 * and not yet stored as published, every query and every row read takes the clock into account.
 */
import type { ListedSearchStore } from './listed-search-store.js';
import type { EventQuery, ListingStore } from './listing-store.js';
import { asRead, type Schedule } from './scheduled.js';

type Queries = Pick<
  ListingStore,
  'page' | 'allIds' | 'count' | 'countFirst' | 'searchCandidates'
> & {
  searchPage: ListedSearchStore['page'];
};

export function scheduledQueries<Q extends Queries>(query: Q, schedule: Schedule): Q {
  const at = (q: EventQuery): EventQuery => {
    const dueBy = schedule.dueBy();
    return dueBy === undefined ? q : { ...q, dueBy };
  };
  return {
    ...query,
    page(q, limit, offset, total) {
      const read = at(q);
      return query.page(read, limit, offset, total).map((row) => asRead(row, read.dueBy));
    },
    allIds: (q) => query.allIds(at(q)),
    count: (q) => query.count(at(q)),
    countFirst: (q) => query.countFirst(at(q)),
    searchPage(q, fts, limit, offset) {
      const read = at(q);
      const found = query.searchPage(read, fts, limit, offset);
      return found && { ...found, rows: found.rows.map((row) => asRead(row, read.dueBy)) };
    },
  };
}
