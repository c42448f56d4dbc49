/**
 * The ORDER BY of an event listing page (docs/api/events.md, docs/api/venues-organizers-media.md). Columns come from this fixed map
 * only, each backed by an index: events_start and events_listing for start_date, the rest from
 * migration 0015.
 */
import {
  defaultOrder,
  type EventOrderby,
  type SortDirection,
} from '../../../shared/schemas/order.js';

export interface EventOrder {
  by: EventOrderby;
  dir: SortDirection;
}

const COLUMNS: Record<EventOrderby, string> = {
  start_date: 'e.start_utc',
  end_date: 'e.end_utc',
  title: 'e.title COLLATE NOCASE',
  date: 'e.date_utc',
  modified: 'e.modified_utc',
};

/** The order a listing asked for, or undefined for the reference's own (start, then id). */
export function eventOrder(input: {
  orderby?: EventOrderby | undefined;
  order?: SortDirection | undefined;
}): EventOrder | undefined {
  if (input.orderby === undefined && input.order === undefined) return undefined;
  const by = input.orderby ?? 'start_date';
  const order = { by, dir: input.order ?? defaultOrder(by) };
  return order.by === 'start_date' && order.dir === 'asc' ? undefined : order;
}

/**
 * `+` keeps the column out of index selection when another filter's index drives the query
 * (its few rows are sorted instead).
 */
export function orderSql(order: EventOrder, driven: boolean): string {
  const direction = order.dir === 'asc' ? 'ASC' : 'DESC';
  return `${driven ? '+' : ''}${COLUMNS[order.by]} ${direction}, e.id ${direction}`;
}
