/** REST routes of categories and tags. */
import type { RouteDef } from '../../http/route.js';

export const categoryRoutes: RouteDef[] = [];
export const tagRoutes: RouteDef[] = [];
