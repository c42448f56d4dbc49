/** The `doc` route (OpenAPI document): filled in by the self-description work. */
import type { RouteDef } from '../http/route.js';
import type { Registry } from '../http/registry.js';

export function docRoutes(_registry: Registry): RouteDef[] {
  return [];
}
