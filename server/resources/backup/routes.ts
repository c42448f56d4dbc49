/** Admin namespace: online backups. */
import type { RouteDef } from '../../http/route.js';

export const backupRoutes: RouteDef[] = [];
