/**
 * `orderby` and `order` of the event, venue and organizer listings (docs/api/events.md, docs/api/venues-organizers-media.md): an
 * extension, as the reference sorts these archives one fixed way. Each column has an index, so a
 * page of any order reads only that page (migration 0015).
 */
import { z } from 'zod';

export const EVENT_ORDERBY = ['start_date', 'end_date', 'title', 'date', 'modified'] as const;
export type EventOrderby = (typeof EVENT_ORDERBY)[number];
export const LINKED_ORDERBY = ['date', 'title', 'modified'] as const;
export type LinkedOrderby = (typeof LINKED_ORDERBY)[number];
export type SortDirection = 'asc' | 'desc';

/** Names read case-insensitively, as WordPress reads `ASC`; anything unknown is a 400. */
function choice<T extends string>(values: readonly [T, ...T[]], description: string) {
  return z
    .string()
    .transform((s) => s.trim().toLowerCase())
    .pipe(z.enum(values, { message: `must be one of ${values.join(', ')}.` }))
    .optional()
    .meta({ type: 'string', enum: [...values], description });
}

export const orderInput = choice(
  ['asc', 'desc'],
  'Sort ascending or descending; the default depends on orderby (ascending for names and event dates, descending for publication and modification dates).',
);

export const eventOrderbyInput = choice(
  EVENT_ORDERBY,
  'Sort by start_date (the default), end_date, title, date (publication) or modified; ties by ID.',
);

export const linkedOrderbyInput = choice(
  LINKED_ORDERBY,
  'Sort by date (publication, the default), title or modified; ties by ID.',
);

/** The direction a column sorts in when `order` is not given. */
export function defaultOrder(orderby: EventOrderby | LinkedOrderby): SortDirection {
  return orderby === 'date' || orderby === 'modified' ? 'desc' : 'asc';
}
