/** Events: filled in by the events resource. */
import type { CoreServices } from '../../services.js';
import type { MediaService } from '../media/service.js';
import type { TermsService } from '../terms/service.js';
import type { VenuesService } from '../venues/service.js';
import type { OrganizersService } from '../organizers/service.js';

export interface EventDeps {
  media: MediaService;
  terms: TermsService;
  venues: VenuesService;
  organizers: OrganizersService;
}

export function createEventsService(_core: CoreServices, _deps: EventDeps) {
  return {};
}

export type EventsService = ReturnType<typeof createEventsService>;
