/** REST routes of organizers (docs/contract/calendar-api.md §4.4). */
import { organizerCreateSchema, organizerUpdateSchema } from '../../../shared/schemas/organizer.js';
import type { RouteDef } from '../../http/route.js';
import { linkedArgs, linkedRoutes } from '../linked-posts/routes.js';
import { organizerKind } from './kind.js';

export const organizersRoutes: RouteDef[] = linkedRoutes({
  kind: organizerKind,
  service: (ctx) => ctx.services.organizers,
  args: linkedArgs({ create: organizerCreateSchema, update: organizerUpdateSchema }),
});
