/**
 * A mapped VEVENT (import-map.ts) as the payload of an event write, parsed by the API's own
 * schema: the one way an iCalendar event becomes event fields, for the `.ics` import and for
 * CalDAV writes alike. Venues and organizers are matched by name (and email) before new ones are
 * asked for.
 */
import { eventUpdateSchema, type EventUpdateInput } from '../../../shared/schemas/event.js';
import type { ImportOptions } from '../../../shared/schemas/feed.js';
import { InvalidInput } from '../../errors.js';
import type { FeedsReader } from '../../storage/feeds.js';
import type { MappedEvent } from './import-map.js';

/**
 * The look-ups of venues and organizers by name, through a writer's unit of work (`uow.feeds`),
 * so that a venue made for one event of a file is reused by the next.
 */
export type NameReader = Pick<FeedsReader, 'venueByName' | 'organizerByEmail' | 'organizerByName'>;

export function createPayloadMapper() {
  async function venueFor(store: NameReader, mapped: MappedEvent): Promise<unknown> {
    if (mapped.location === undefined) return undefined;
    // "Name, address" as most apps write it; Apple puts the address on the next line.
    const [name = mapped.location, ...rest] = mapped.location
      .split(/[,\n]/)
      .map((p) => p.trim())
      .filter((p) => p !== '');
    const known = (await store.venueByName(mapped.location)) ?? (await store.venueByName(name));
    if (known !== undefined) return known;
    return {
      venue: name,
      ...(rest.length > 0 ? { address: rest.join(', ') } : {}),
      ...(mapped.geo ? { geo_lat: mapped.geo.lat, geo_lng: mapped.geo.lng } : {}),
    };
  }

  async function organizerFor(store: NameReader, mapped: MappedEvent): Promise<unknown> {
    const organizer = mapped.organizer;
    if (!organizer) return undefined;
    const known =
      (organizer.email !== '' ? await store.organizerByEmail(organizer.email) : undefined) ??
      (await store.organizerByName(organizer.name));
    if (known !== undefined) return [known];
    return [{ organizer: organizer.name, ...(organizer.email ? { email: organizer.email } : {}) }];
  }

  return {
    /**
     * The event's fields as the API would receive them, parsed by the API's own schema. An
     * import's options (§E2) add their category and organizer, and give a new event its status.
     */
    async payload(
      store: NameReader,
      mapped: MappedEvent,
      options: ImportOptions & { creating?: boolean } = {},
    ): Promise<EventUpdateInput> {
      const raw: Record<string, unknown> = {
        title: mapped.title,
        description: mapped.description,
        start_date: mapped.start,
        end_date: mapped.end,
        timezone: mapped.timezone,
        all_day: mapped.allDay,
        categories:
          options.category === undefined
            ? mapped.categories
            : [...mapped.categories, options.category],
        event_status: mapped.eventStatus,
      };
      // With a chosen status, the events it updates keep the status they have here (a draft
      // imported for review is not published by the next import).
      if (options.status === undefined) raw.status = mapped.private ? 'private' : 'publish';
      else if (options.creating) raw.status = options.status;
      if (mapped.recurrence.length > 0) raw.recurrence = mapped.recurrence;
      if (mapped.website !== undefined) raw.website = mapped.website;
      const venue = await venueFor(store, mapped);
      if (venue !== undefined) raw.venue = venue;
      const organizer = await organizerFor(store, mapped);
      if (organizer !== undefined || options.organizer !== undefined) {
        raw.organizer = [
          ...((organizer as unknown[] | undefined) ?? []),
          ...(options.organizer === undefined ? [] : [options.organizer]),
        ];
      }
      const parsed = eventUpdateSchema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new InvalidInput({
          [issue.path.join('.')]: `${issue.path.join('.')}: ${issue.message}`,
        });
      }
      return parsed.data;
    },

    /**
     * A cancellation applies even without a newer SEQUENCE: calendars that cancel an event often
     * send it again changed only in STATUS (docs/contract/extensions.md §E7).
     */
    newlyCanceled(mapped: MappedEvent, row: { event_status: string }): boolean {
      return mapped.eventStatus === 'canceled' && row.event_status !== 'canceled';
    },

    /** Whether the file's version is newer than the one imported before. */
    newer(mapped: MappedEvent, sequence: number | null, modified: string | null): boolean {
      if (mapped.sequence !== (sequence ?? 0)) return mapped.sequence > (sequence ?? 0);
      return mapped.modified !== '' && mapped.modified > (modified ?? '');
    },
  };
}
