/**
 * Venues: the shared linked-post behaviour, plus the functions events use for their `venue`
 * field inside their own write transactions.
 */
import type { Actor } from '../../../shared/roles.js';
import type { VenueEntry } from '../../../shared/schemas/event-links.js';
import type { CoreServices } from '../../core.js';
import type { StoragePorts } from '../../storage/storage.js';
import type { MediaService } from '../media/service.js';
import { createLinkedService } from '../linked-posts/service.js';
import { venueKind } from './kind.js';

export function createVenuesService(
  core: CoreServices,
  storage: StoragePorts<'venues' | 'users', 'venues' | 'users' | 'media'>,
  deps: { media: MediaService },
) {
  const linked = createLinkedService(
    core,
    {
      read: storage.read.venues,
      users: storage.read.users,
      write: (body) => storage.write((uow) => body(uow.venues, uow.users, uow)),
      inEventWrite: core.syncRepositories.venues,
      inEventWriteUsers: core.syncRepositories.users,
    },
    deps.media,
    venueKind,
  );
  return {
    ...linked,

    /** Why an event's parsed `venue` value is unacceptable, or `undefined` when it is fine. */
    validateLink(value: VenueEntry | null | undefined, actor: Actor | null): string | undefined {
      return value ? linked.validateEntries([value], actor) : undefined;
    },

    /**
     * The venue id for an event's parsed `venue` value: an existing venue, or one created from
     * (or reused for) inline data; `null` clears the link; `undefined` leaves it unchanged.
     * Synchronous: call it inside the event's write transaction.
     */
    ensureForEvent(
      value: VenueEntry | null | undefined,
      actor: Actor | null,
    ): number | null | undefined {
      return value ? linked.ensureEntries([value], actor)[0]! : value;
    },
  };
}

export type VenuesService = ReturnType<typeof createVenuesService>;
