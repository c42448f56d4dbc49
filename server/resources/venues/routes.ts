/** REST routes of venues (docs/contract/calendar-api.md §4.3). */
import { venueCreateSchema, venueUpdateSchema } from '../../../shared/schemas/venue.js';
import type { RouteDef } from '../../http/route.js';
import { linkedArgs, linkedRoutes } from '../linked-posts/routes.js';
import { venueKind } from './kind.js';

export const venuesRoutes: RouteDef[] = linkedRoutes({
  kind: venueKind,
  service: (ctx) => ctx.services.venues,
  args: linkedArgs({ create: venueCreateSchema, update: venueUpdateSchema }),
});
