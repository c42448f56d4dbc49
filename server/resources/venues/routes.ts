/** REST routes of venues. */
import type { RouteDef } from '../../http/route.js';

export const venuesRoutes: RouteDef[] = [];
