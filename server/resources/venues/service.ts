/**
 * Venues: the shared linked-post behaviour, plus the functions events use for their `venue`
 * field: checked on the read side before the event's write, made in its unit of work.
 */
import type { Actor } from '../../../shared/roles.js';
import type { VenueEntry } from '../../../shared/schemas/event-links.js';
import type { CoreServices } from '../../core.js';
import type { StoragePorts } from '../../storage/storage.js';
import type { MediaService } from '../media/service.js';
import { createLinkedService, type LinkedUnit } from '../linked-posts/service.js';
import { venueKind } from './kind.js';

export function createVenuesService(
  core: CoreServices,
  storage: StoragePorts<'venues' | 'users' | 'media', 'venues' | 'users' | 'media'>,
  deps: { media: MediaService },
) {
  const inUnit = (uow: Pick<LinkedUnit, 'venues' | 'users' | 'media'>) => ({
    repo: uow.venues,
    users: uow.users,
    media: uow.media,
  });
  const linked = createLinkedService(
    core,
    {
      read: { repo: storage.read.venues, users: storage.read.users, media: storage.read.media },
      write: (body) => storage.write((uow) => body(inUnit(uow))),
      in: inUnit,
    },
    deps.media,
    venueKind,
  );
  return {
    ...linked,

    /** Why an event's parsed `venue` value is unacceptable, or `undefined` when it is fine. */
    async validateLink(
      value: VenueEntry | null | undefined,
      actor: Actor | null,
    ): Promise<string | undefined> {
      return value ? linked.validateEntries([value], actor) : undefined;
    },

    /**
     * The venue id for an event's parsed `venue` value, in the event's unit of work: an
     * existing venue, or one created from (or reused for) inline data; `null` clears the link;
     * `undefined` leaves it unchanged.
     */
    async ensureForEvent(
      uow: LinkedUnit,
      value: VenueEntry | null | undefined,
      actor: Actor | null,
    ): Promise<number | null | undefined> {
      return value ? (await linked.ensureEntries(uow, [value], actor))[0]! : value;
    },
  };
}

export type VenuesService = ReturnType<typeof createVenuesService>;
