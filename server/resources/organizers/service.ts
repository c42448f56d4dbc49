/** Organizers: filled in by the organizers resource. */
import type { CoreServices } from '../../services.js';
import type { MediaService } from '../media/service.js';

export function createOrganizersService(_core: CoreServices, _deps: { media: MediaService }) {
  return {};
}

export type OrganizersService = ReturnType<typeof createOrganizersService>;
