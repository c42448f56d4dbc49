/**
 * Organizers: the shared linked-post behaviour, plus the functions events use for their
 * `organizer` field inside their own write transactions.
 */
import type { Actor } from '../../../shared/roles.js';
import type { OrganizerEntry } from '../../../shared/schemas/event-links.js';
import type { CoreServices } from '../../core.js';
import type { StoragePorts } from '../../storage/storage.js';
import type { MediaService } from '../media/service.js';
import { createLinkedService } from '../linked-posts/service.js';
import { organizerKind } from './kind.js';

export function createOrganizersService(
  core: CoreServices,
  storage: StoragePorts<'organizers' | 'users', 'organizers' | 'users' | 'media'>,
  deps: { media: MediaService },
) {
  const linked = createLinkedService(
    core,
    {
      read: storage.read.organizers,
      users: storage.read.users,
      write: (body) => storage.write((uow) => body(uow.organizers, uow.users, uow)),
      inEventWrite: core.syncRepositories.organizers,
      inEventWriteUsers: core.syncRepositories.users,
    },
    deps.media,
    organizerKind,
  );
  return {
    ...linked,

    /** Why an event's parsed `organizer` value is unacceptable, or `undefined` when it is fine. */
    validateLinks(entries: OrganizerEntry[] | undefined, actor: Actor | null): string | undefined {
      return entries ? linked.validateEntries(entries, actor) : undefined;
    },

    /**
     * The organizer ids for an event's parsed `organizer` value, in the order given, creating
     * (or reusing) inline organizers; `[]` clears; `undefined` leaves the links unchanged.
     * Synchronous: call it inside the event's write transaction.
     */
    ensureForEvent(
      entries: OrganizerEntry[] | undefined,
      actor: Actor | null,
    ): number[] | undefined {
      return entries && linked.ensureEntries(entries, actor);
    },
  };
}

export type OrganizersService = ReturnType<typeof createOrganizersService>;
