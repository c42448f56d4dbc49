/**
 * Single events as readers see them: a stored event or a computed occurrence (series/
 * occurrences.ts) by id or slug, a due scheduled event shown published (scheduled.ts), the
 * reference's answers for ids naming nothing or something else, who may read, change or trash
 * one, and an occurrence's id by its original start. Everything is read through the storage
 * ports.
 */
import {
  canDeletePost,
  canEditPost,
  canEditPosts,
  canReadPost,
  type Actor,
} from '../../../shared/roles.js';
import { NotAccessible, NotFound, Refused } from '../../errors.js';
import type { CoreServices } from '../../core.js';
import type { EventRow } from '../../storage/events.js';
import type { SeriesService } from '../series/service.js';
import { asRead, type Schedule } from './scheduled.js';

export const eventNotFound = (id: number): NotFound =>
  new NotFound('rest-event-not-found', `Event with ID ${id} does not exist.`);
export const notAnEvent = (): Refused =>
  new Refused('rest-invalid-event-id', 'The specified ID is not a valid event.');

export function createEventReads(core: CoreServices, series: SeriesService, schedule: Schedule) {
  const events = core.storage.read.events;
  const { occurrences } = series;

  /** A row as readers see it now (a due scheduled event is published, scheduled.ts). */
  const seen = (row: EventRow | undefined): EventRow | undefined =>
    row && asRead(row, schedule.dueBy());

  /** A stored event, or a computed occurrence, by id, as stored or computed. */
  async function stored(id: number): Promise<EventRow | undefined> {
    if (id <= 0) return undefined;
    return (await events.get(id)) ?? (await occurrences.byId(id))?.row;
  }

  /** The event with this id, or the reference's 404 / 400 for unknown ids and other kinds. */
  async function load(id: number): Promise<EventRow> {
    const row = await stored(id);
    if (row) return row;
    if (id > 0 && (await events.kind(id)) !== undefined) throw notAnEvent();
    throw eventNotFound(id);
  }

  return {
    /** The event behind a by-slug route, as readers see it. */
    findBySlug: async (slug: string): Promise<EventRow | undefined> =>
      seen((await events.bySlug(slug)) ?? (await occurrences.bySlug(slug))?.row),
    /** A stored event or a computed occurrence by id, as readers see it. */
    find: async (id: number): Promise<EventRow | undefined> => seen(await stored(id)),

    /** A single GET's row: trashed events are gone for everyone, unpublished ones need rights. */
    async readable(id: number, actor: Actor | null): Promise<EventRow> {
      const row = seen(await load(id))!;
      if (row.status === 'trash') {
        // The reference answers 403 here, not 410 (docs/contract/compat-notes.md §4).
        throw new NotAccessible('event-no-longer-available', 'This event is no longer available');
      }
      if (!canReadPost(actor, { author: row.author ?? 0, status: row.status })) {
        throw new NotAccessible('event-not-accessible', 'The requested event is not accessible');
      }
      return row;
    },

    /** The id of a series' occurrence with this original start (stored or computed), if any. */
    async occurrenceId(seriesId: number, original: string): Promise<number | undefined> {
      const at = await series.reads.storedAt(seriesId, original);
      if (at !== undefined) return at;
      const owner = await series.reads.get(seriesId);
      if (owner === undefined || (await series.reads.removedAt(seriesId, original))) {
        return undefined;
      }
      const found = await occurrences.onDate(owner, original.slice(0, 10));
      return found?.row.original_start_local === original ? found.row.id : undefined;
    },

    /** `edit_post` on an existing event; the general capability when the id names no event. */
    canUpdate(actor: Actor | null, row: EventRow | undefined): boolean {
      return row
        ? canEditPost(actor, { author: row.author ?? 0, status: row.status })
        : canEditPosts(actor);
    },
    canDelete(actor: Actor | null, row: EventRow | undefined): boolean {
      return row
        ? canDeletePost(actor, { author: row.author ?? 0, status: row.status })
        : canEditPosts(actor);
    },
  };
}

export type EventReads = ReturnType<typeof createEventReads>;
