/** Every REST namespace and its routes, in the order the indexes list them. */
import { Registry } from './http/registry.js';
import { indexRoute } from './http/indexes.js';
import { eventsRoutes } from './resources/events/routes.js';
import { venuesRoutes } from './resources/venues/routes.js';
import { organizersRoutes } from './resources/organizers/routes.js';
import { categoryRoutes, tagRoutes } from './resources/terms/routes.js';
import { mediaRoutes } from './resources/media/routes.js';
import { userRoutes } from './resources/users/routes.js';
import { sessionRoutes } from './resources/sessions/routes.js';
import { settingsRoutes } from './resources/settings/routes.js';
import { trashRoutes } from './resources/trash/routes.js';
import { networkRoutes } from './resources/network/routes.js';
import { connectRoutes } from './resources/connect/routes.js';
import { backupRoutes } from './resources/backup/routes.js';
import { docRoutes } from './openapi/routes.js';
import { syncRoutes } from './resources/sync/routes.js';
import { transferRoutes } from './resources/transfer/routes.js';
import { importRoutes } from './resources/feeds/import-routes.js';
import { searchRoutes } from './resources/search/routes.js';

export const NAMESPACE = 'calendar/events/v1';
export const ADMIN_NAMESPACE = 'calendar/admin/v1';
export const SYNC_NAMESPACE = 'calendar/sync/v1';
/** The reference's namespace, kept as an alias so its clients work unchanged. */
export const REFERENCE_NAMESPACE = 'tribe/events/v1';

export function buildRegistry(): Registry {
  const registry = new Registry();
  registry.add(NAMESPACE, [
    indexRoute(registry),
    ...docRoutes(registry),
    ...eventsRoutes,
    ...venuesRoutes,
    ...organizersRoutes,
    ...categoryRoutes,
    ...tagRoutes,
  ]);
  registry.add(ADMIN_NAMESPACE, [
    indexRoute(registry),
    ...sessionRoutes,
    ...userRoutes,
    ...settingsRoutes,
    ...networkRoutes,
    ...connectRoutes,
    ...mediaRoutes,
    ...trashRoutes,
    ...backupRoutes,
    ...transferRoutes,
    ...importRoutes,
    ...searchRoutes,
  ]);
  registry.add(SYNC_NAMESPACE, [indexRoute(registry), ...docRoutes(registry), ...syncRoutes]);
  registry.alias(REFERENCE_NAMESPACE, NAMESPACE);
  return registry;
}
