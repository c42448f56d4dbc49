/** REST routes of organizers. */
import type { RouteDef } from '../../http/route.js';

export const organizersRoutes: RouteDef[] = [];
