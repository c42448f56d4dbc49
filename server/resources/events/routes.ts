/** REST routes of events. */
import type { RouteDef } from '../../http/route.js';

export const eventsRoutes: RouteDef[] = [];
