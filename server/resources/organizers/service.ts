/**
 * Organizers: the shared linked-post behaviour, plus the functions events use for their
 * `organizer` field inside their own write transactions.
 */
import type { Actor } from '../../../shared/roles.js';
import type { OrganizerWire } from '../../../shared/schemas/wire/index.js';
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../services.js';
import type { MediaService } from '../media/service.js';
import { readOrganizerValue } from '../linked-posts/event-field.js';
import { createLinkedService } from '../linked-posts/service.js';
import { organizerBehaviour } from './kind.js';

export function createOrganizersService(core: CoreServices, deps: { media: MediaService }) {
  const linked = createLinkedService(core, deps.media, organizerBehaviour);
  return {
    ...linked,

    /** Why an event's `organizer` value is unacceptable, or `undefined` when it is fine. */
    validateLinks(input: unknown, actor: Actor | null): string | undefined {
      const value = readOrganizerValue(input);
      if (value.kind === 'invalid') return value.message;
      if (value.kind !== 'entries') return undefined;
      return linked.validateEntries(value.entries, actor);
    },

    /**
     * The organizer ids for an event's `organizer` value, in the order given, creating (or
     * reusing) inline organizers; `[]` clears; `undefined` leaves the links unchanged.
     * Synchronous: call it inside the event's write transaction.
     */
    ensureForEvent(input: unknown, actor: Actor | null): number[] | undefined {
      const value = readOrganizerValue(input);
      if (value.kind === 'absent') return undefined;
      if (value.kind === 'clear') return [];
      if (value.kind === 'invalid') throw new Error(value.message);
      return linked.ensureEntries(value.entries, actor);
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
