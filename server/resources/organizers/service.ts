/**
 * Organizers: the shared linked-post behaviour, plus the functions events use for their
 * `organizer` field: checked on the read side before the event's write, made in its unit of work.
 */
import type { Actor } from '../../../shared/roles.js';
import type { OrganizerEntry } from '../../../shared/schemas/event-links.js';
import type { CoreServices } from '../../core.js';
import type { StoragePorts } from '../../storage/storage.js';
import type { MediaService } from '../media/service.js';
import { createLinkedService, type LinkedUnit } from '../linked-posts/service.js';
import { organizerKind } from './kind.js';

export function createOrganizersService(
  core: CoreServices,
  storage: StoragePorts<'organizers' | 'users' | 'media', 'organizers' | 'users' | 'media'>,
  deps: { media: MediaService },
) {
  const inUnit = (uow: Pick<LinkedUnit, 'organizers' | 'users' | 'media'>) => ({
    repo: uow.organizers,
    users: uow.users,
    media: uow.media,
  });
  const linked = createLinkedService(
    core,
    {
      read: { repo: storage.read.organizers, users: storage.read.users, media: storage.read.media },
      write: (body) => storage.write((uow) => body(inUnit(uow))),
      in: inUnit,
    },
    deps.media,
    organizerKind,
  );
  return {
    ...linked,

    /** Why an event's parsed `organizer` value is unacceptable, or `undefined` when it is fine. */
    async validateLinks(
      entries: OrganizerEntry[] | undefined,
      actor: Actor | null,
    ): Promise<string | undefined> {
      return entries ? linked.validateEntries(entries, actor) : undefined;
    },

    /**
     * The organizer ids for an event's parsed `organizer` value, in the order given, creating
     * (or reusing) inline organizers, in the event's unit of work; `[]` clears; `undefined`
     * leaves the links unchanged.
     */
    async ensureForEvent(
      uow: LinkedUnit,
      entries: OrganizerEntry[] | undefined,
      actor: Actor | null,
    ): Promise<number[] | undefined> {
      return entries && linked.ensureEntries(uow, entries, actor);
    },
  };
}

export type OrganizersService = ReturnType<typeof createOrganizersService>;
