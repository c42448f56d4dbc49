/**
 * The order of an event listing page (docs/api/events.md, docs/api/venues-organizers-media.md):
 * what `orderby` and `order` ask for. Each engine sorts by it with its own indexes
 * (storage/sqlite/listing-where.ts, storage/postgres/listing-where.ts).
 */
import type { EventOrderby, SortDirection } from '../../../shared/schemas/order.js';
import { defaultOrder } from '../../../shared/schemas/order.js';
import type { EventOrder } from '../../storage/listing.js';

export type { EventOrder };

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
