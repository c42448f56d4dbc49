/** Admin namespace: the trash (list, restore, delete for good, empty). */
import type { RouteDef } from '../../http/route.js';

export const trashRoutes: RouteDef[] = [];
