/** REST routes of media. */
import type { RouteDef } from '../../http/route.js';

export const mediaRoutes: RouteDef[] = [];
