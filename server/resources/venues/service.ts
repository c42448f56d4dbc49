/**
 * Venues: the shared linked-post behaviour, plus the functions events use for their `venue`
 * field inside their own write transactions.
 */
import type { Actor } from '../../../shared/roles.js';
import type { VenueWire } from '../../../shared/schemas/wire/index.js';
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../services.js';
import type { MediaService } from '../media/service.js';
import { readVenueValue } from '../linked-posts/event-field.js';
import { createLinkedService } from '../linked-posts/service.js';
import { venueBehaviour } from './kind.js';

export function createVenuesService(core: CoreServices, deps: { media: MediaService }) {
  const linked = createLinkedService(core, deps.media, venueBehaviour);
  return {
    ...linked,

    /** Why an event's `venue` value is unacceptable, or `undefined` when it is fine. */
    validateLink(input: unknown, actor: Actor | null): string | undefined {
      const value = readVenueValue(input);
      if (value.kind === 'invalid') return value.message;
      if (value.kind !== 'entries') return undefined;
      return linked.validateEntries(value.entries, actor);
    },

    /**
     * The venue id for an event's `venue` value: an existing venue, or one created from (or
     * reused for) inline data; `null` clears the link; `undefined` leaves it unchanged.
     * Synchronous: call it inside the event's write transaction.
     */
    ensureForEvent(input: unknown, actor: Actor | null): number | null | undefined {
      const value = readVenueValue(input);
      if (value.kind === 'absent') return undefined;
      if (value.kind === 'clear') return null;
      if (value.kind === 'invalid') throw new Error(value.message);
      return linked.ensureEntries(value.entries, actor)[0]!;
    },

    /** Venue objects (§1.4) to embed in events, by id, loaded in one query. */
    embed(
      ids: readonly number[],
      links: Links,
      options: { jsonLd: boolean },
    ): Map<number, VenueWire> {
      return linked.embed(ids, links, options) as unknown as Map<number, VenueWire>;
    },
  };
}

export type VenuesService = ReturnType<typeof createVenuesService>;
