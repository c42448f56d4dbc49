/** Venues: filled in by the venues resource. */
import type { CoreServices } from '../../services.js';
import type { MediaService } from '../media/service.js';

export function createVenuesService(_core: CoreServices, _deps: { media: MediaService }) {
  return {};
}

export type VenuesService = ReturnType<typeof createVenuesService>;
