/**
 * Organizers: the shared linked-post behaviour, plus the functions events use for their
 * `organizer` field inside their own write transactions.
 */
import type { Actor } from '../../../shared/roles.js';
import type { OrganizerEntry } from '../../../shared/schemas/event-links.js';
import type { OrganizerWire } from '../../../shared/schemas/wire/index.js';
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../services.js';
import type { MediaService } from '../media/service.js';
import { createLinkedService } from '../linked-posts/service.js';
import { organizerBehaviour } from './kind.js';

export function createOrganizersService(core: CoreServices, deps: { media: MediaService }) {
  const linked = createLinkedService(core, deps.media, organizerBehaviour);
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

    /** Organizer objects (§1.5) to embed in events, by id, loaded in one query. */
    embed(
      ids: readonly number[],
      links: Links,
      options: { jsonLd: boolean },
    ): Map<number, OrganizerWire> {
      return linked.embed(ids, links, options) as unknown as Map<number, OrganizerWire>;
    },
  };
}

export type OrganizersService = ReturnType<typeof createOrganizersService>;
