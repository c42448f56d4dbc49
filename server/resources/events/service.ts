/**
 * Events: writing and trashing single events in units of work, and the service that assembles
 * them with the reads (reads.ts), the listings (listings.ts) and the presentation (embed.ts,
 * presented.ts). Plain data in, wire objects or domain errors (server/errors.ts) out; nothing
 * here knows of HTTP.
 */
import {
  canManageCategories,
  canManageTags,
  isAdministrator,
  type Actor,
} from '../../../shared/roles.js';
import type { EventUpdateInput } from '../../../shared/schemas/event.js';
import { formatUtc } from '../../../shared/time.js';
import { Gone, type Problems } from '../../errors.js';
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../core.js';
import type { UnitOfWork } from '../../storage/storage.js';
import { toSlug, uniqueSlug } from '../../text/slug.js';
import type { MediaService } from '../media/service.js';
import type { OrganizersService } from '../organizers/service.js';
import { notCreatable } from '../terms/event-terms.js';
import type { TermsService } from '../terms/service.js';
import type { VenuesService } from '../venues/service.js';
import { createEventEmbedder } from './embed.js';
import { eventFields, type EventFields } from './fields.js';
import { createPresentedEvents } from './presented.js';
import type { EventWire } from '../../../shared/schemas/wire/index.js';
import type { EventRow } from '../../storage/events.js';
import { isRecurring } from '../../../shared/recurrence/lines.js';
import type { Scope } from '../../../shared/recurrence/schema.js';
import { createSeriesEditor, type EventPorts } from '../series/edit.js';
import { createSeriesService } from '../series/service.js';
import { createSchedule } from './scheduled.js';
import { createPublisher } from './publisher.js';
import { createEventReads, eventNotFound, notAnEvent } from './reads.js';
import { createEventListings } from './listings.js';

/** The repositories of a unit of work that an event's write uses. */
type EventWrites = Pick<
  UnitOfWork,
  'events' | 'series' | 'terms' | 'media' | 'venues' | 'organizers' | 'users'
>;

export interface EventDeps {
  media: MediaService;
  terms: TermsService;
  venues: VenuesService;
  organizers: OrganizersService;
}

const TRASHED = '__trashed';

/** Naming a new term creates it: allowed only to those who may create it directly. */
const mayCreateTerms = (actor: Actor | null, taxonomy: 'category' | 'tag'): boolean =>
  taxonomy === 'category' ? canManageCategories(actor) : canManageTags(actor);

export function createEventsService(core: CoreServices, deps: EventDeps) {
  const ports = deps;
  const series = createSeriesService(core);
  const embedder = createEventEmbedder(ports, core, series.keysOf);
  const schedule = createSchedule(core.storage.read.events, core.clock);
  const publisher = createPublisher(core.storage, core.clock, (error) =>
    core.log.warn({ err: error }, 'Publishing scheduled events failed'),
  );
  const { occurrences } = series;
  const presented = createPresentedEvents(embedder, core);
  const reads = createEventReads(core, series, schedule);
  const listings = createEventListings(core, ports, series, schedule, embedder, presented);

  /**
   * The stored row a write changes: a computed occurrence is stored first, with its id, as the
   * rule made it (in the unit of work).
   */
  async function loadStored(uow: EventWrites, id: number): Promise<EventRow> {
    const row = id > 0 ? await uow.events.get(id) : undefined;
    if (row) return row;
    const computed = id > 0 ? await occurrences.byId(id, uow.series) : undefined;
    if (computed) return occurrences.materialize(uow.events, computed);
    if (id > 0 && (await uow.events.kind(id)) !== undefined) throw notAnEvent();
    throw eventNotFound(id);
  }

  function fieldContext(actor: Actor | null) {
    return { actor, siteZone: core.settings.get().timezone, now: core.clock.now() };
  }

  /** Slug after a write: kept, given, generated on publication, or restored from the trash. */
  async function slugFor(
    uow: EventWrites,
    id: number,
    fields: EventFields,
    input: EventUpdateInput,
    existing: EventRow | undefined,
  ): Promise<string> {
    const given = input.slug !== undefined ? toSlug(input.slug) : '';
    const restoring = existing?.status === 'trash' && fields.status !== 'trash';
    let base = given;
    if (base === '' && restoring) {
      base =
        (await uow.events.trashMeta(id))?.previous_slug ?? existing.slug.replace(/__trashed$/, '');
    } else if (base === '' && existing && existing.slug !== '' && input.slug === undefined) {
      return existing.slug;
    }
    if (base === '') {
      // WordPress leaves drafts and pending posts without a slug until they are published.
      if (fields.status === 'draft' || fields.status === 'pending') return '';
      base = toSlug(fields.title) || String(id);
    }
    return uniqueSlug(base, await uow.events.slugVariants(base, id));
  }

  /** Create (no existing row) or update of one event, in the unit of work. */
  async function writeRow(
    uow: EventWrites,
    input: EventUpdateInput,
    existing: EventRow | undefined,
    actor: Actor | null,
  ): Promise<EventRow> {
    const fields = eventFields(input, existing, fieldContext(actor));
    const eventId = existing?.id ?? (await uow.events.newId());
    let venueId = existing?.venue_id ?? null;
    if (input.venue !== undefined) {
      const linked = await ports.venues.ensureForEvent(uow, input.venue, actor);
      if (linked !== undefined) venueId = linked;
    }
    let imageId = existing?.image_id ?? null;
    if (input.image !== undefined) {
      imageId = await ports.media.onPorts.ensure(uow, input.image, actor?.id ?? null);
    }
    const row: EventRow = {
      id: eventId,
      ...fields,
      slug: await slugFor(uow, eventId, fields, input, existing),
      venue_id: venueId,
      image_id: imageId,
    };
    if (existing) await uow.events.update(row);
    else await uow.events.insert(row);
    if (existing?.status === 'trash' && row.status !== 'trash') {
      await uow.events.dropTrashMeta(eventId);
    }
    if (input.organizer !== undefined) {
      const organizers = await ports.organizers.ensureForEvent(uow, input.organizer, actor);
      if (organizers !== undefined) await uow.events.setOrganizers(eventId, organizers, !existing);
    }
    for (const taxonomy of ['category', 'tag'] as const) {
      const values = taxonomy === 'category' ? input.categories : input.tags;
      if (values !== undefined) {
        const terms = await ports.terms.onPorts.resolveForEvent(
          uow,
          taxonomy,
          values,
          mayCreateTerms(actor, taxonomy),
        );
        await uow.events.setTerms(eventId, taxonomy, terms, !existing);
      }
    }
    // The row as written: every column comes from it and no trigger changes the events table.
    return row;
  }

  /** Moves one event to the trash; the slug gets `__trashed` (docs/contract/decisions.md 7). */
  async function trashRow(uow: EventWrites, row: EventRow): Promise<void> {
    const now = formatUtc(core.clock.now());
    await uow.events.putTrashMeta({
      post_id: row.id,
      previous_status: row.status,
      previous_slug: row.slug,
      trashed_utc: now,
    });
    await uow.events.update({
      ...row,
      status: 'trash',
      slug: `${row.slug}${TRASHED}`,
      modified_utc: now,
    });
  }

  /** What scoped edits of a series do to each event (series/edit.ts). */
  const portsFor = (uow: EventWrites, actor: Actor | null): EventPorts => ({
    writeOne: async (id, input) => writeRow(uow, input, (await uow.events.get(id))!, actor),
    trashOne: (row) => trashRow(uow, row),
  });

  const editorOf = (uow: EventWrites) => createSeriesEditor(uow, () => core.clock.now());

  /** The event just written starts a series when it was given a recurrence. */
  async function startSeries(
    uow: EventWrites,
    row: EventRow,
    input: EventUpdateInput,
    actor: Actor | null,
  ): Promise<EventRow> {
    if (input.recurrence === undefined || !isRecurring(input.recurrence)) return row;
    await series.start(uow, row, input.recurrence, actor?.id ?? null, !isAdministrator(actor));
    return (await uow.events.get(row.id))!;
  }

  const createRow = async (
    uow: EventWrites,
    input: EventUpdateInput,
    actor: Actor | null,
  ): Promise<EventRow> =>
    startSeries(uow, await writeRow(uow, input, undefined, actor), input, actor);

  async function updateRow(
    uow: EventWrites,
    id: number,
    input: EventUpdateInput,
    actor: Actor | null,
    scope: Scope,
  ): Promise<EventRow> {
    const existing = await loadStored(uow, id);
    if (existing.series_id !== null) {
      return editorOf(uow).update(existing, input, scope, actor, portsFor(uow, actor));
    }
    return startSeries(uow, await writeRow(uow, input, existing, actor), input, actor);
  }

  async function trashOne(
    uow: EventWrites,
    id: number,
    actor: Actor | null,
    scope: Scope,
  ): Promise<EventRow> {
    const row = await loadStored(uow, id);
    if (row.series_id !== null && scope !== 'this') {
      return editorOf(uow).trash(row, scope, actor, portsFor(uow, actor));
    }
    if (row.status === 'trash') {
      throw new Gone('event-is-in-trash', 'The event is already trashed');
    }
    await trashRow(uow, row);
    return (await uow.events.get(row.id))!;
  }

  /**
   * The three writes of one event in a unit of work, each answered with the event as it
   * presents then (built inside the unit, so it is exactly what was written).
   */
  const writes = (uow: EventWrites) => ({
    create: async (input: EventUpdateInput, actor: Actor | null, links: Links) =>
      present(await createRow(uow, input, actor), links, actor),
    update: async (
      id: number,
      input: EventUpdateInput,
      actor: Actor | null,
      links: Links,
      scope: Scope = 'this',
    ) => present(await updateRow(uow, id, input, actor, scope), links, actor),
    trash: async (id: number, links: Links, actor: Actor | null = null, scope: Scope = 'this') =>
      present(await trashOne(uow, id, actor, scope), links, actor),
  });

  const present = (row: EventRow, links: Links, reader: Actor | null) =>
    embedder.one(row, links, { jsonLd: false, reader });

  return {
    /**
     * The background job that stores scheduled events as published once due (publisher.ts);
     * reads show them published already.
     */
    publisher,
    /** Reads what is scheduled again; every request does as it starts (app.ts). */
    readSchedule: (): Promise<void> => schedule.refresh(),
    /**
     * Now (UTC) while a due scheduled event is not yet stored as published (scheduled.ts), by
     * what was scheduled as the request started.
     */
    dueBy: (): string | undefined => schedule.dueBy(),

    findBySlug: reads.findBySlug,
    find: reads.find,
    occurrenceId: reads.occurrenceId,
    canUpdate: reads.canUpdate,
    canDelete: reads.canDelete,

    /** Checks of a create or update payload that need the database (400s, reported together). */
    async payloadProblems(
      input: EventUpdateInput,
      actor: Actor | null,
      mode: 'create' | 'update',
    ): Promise<Problems> {
      const problems: Problems = {};
      if (input.author !== undefined && !(await core.storage.read.users.byId(input.author))) {
        problems.author = `author ${input.author} is not an existing user.`;
      }
      const image =
        input.image === undefined
          ? undefined
          : await ports.media.checkImage(input.image, actor, { allowEmpty: mode === 'update' });
      if (image) problems.image = image;
      const venue =
        input.venue === undefined ? undefined : await ports.venues.validateLink(input.venue, actor);
      if (venue) problems.venue = venue;
      const organizer =
        input.organizer === undefined
          ? undefined
          : await ports.organizers.validateLinks(input.organizer, actor);
      if (organizer) problems.organizer = organizer;
      for (const taxonomy of ['category', 'tag'] as const) {
        const values = taxonomy === 'category' ? input.categories : input.tags;
        if (values === undefined || mayCreateTerms(actor, taxonomy)) continue;
        const names = await ports.terms.onPorts.newNames(core.storage.read, taxonomy, values);
        if (names.length > 0) {
          problems[taxonomy === 'category' ? 'categories' : 'tags'] = notCreatable(taxonomy, names);
        }
      }
      return problems;
    },

    /** Single GET: trashed events are gone for everyone, unpublished ones need read rights. */
    read: async (id: number, actor: Actor | null, links: Links): Promise<EventWire> =>
      embedder.one(await reads.readable(id, actor), links, { jsonLd: true, reader: actor }),
    /** The single GET's body as JSON text, remembered while the event is unchanged. */
    readText: async (id: number, actor: Actor | null, links: Links): Promise<string> =>
      (
        await presented.texts([await reads.readable(id, actor)], links, {
          jsonLd: true,
          reader: actor,
        })
      )[0]!,

    /** Rows already read (and checked for visibility) as a listing presents them. */
    presentRows: async (rows: EventRow[], actor: Actor | null, links: Links) =>
      embedder.many(rows, links, { jsonLd: false, reader: actor }),

    /**
     * The writes of one event in a caller's unit of work (an import's, a CalDAV PUT's), which
     * may write several.
     */
    within: writes,

    /**
     * The three writes for a request, each a unit of work of its own: grouped with the other
     * requests' writes of the same moment into one transaction, and resolved once it has
     * committed. The request's write hooks run inside it and are awaited (the precondition of
     * If-Match reads the event's GET, which answers a promise). An update of an occurrence takes
     * its scope (docs/contract/extensions.md §E1); DELETE moves to the trash, always
     * (docs/contract/decisions.md 7).
     */
    submit: {
      create: (input: EventUpdateInput, actor: Actor | null, links: Links) =>
        core.storage.write((uow) => writes(uow).create(input, actor, links)),
      update: (
        id: number,
        input: EventUpdateInput,
        actor: Actor | null,
        links: Links,
        scope: Scope = 'this',
      ) => core.storage.write((uow) => writes(uow).update(id, input, actor, links, scope)),
      trash: (id: number, links: Links, actor: Actor | null = null, scope: Scope = 'this') =>
        core.storage.write((uow) => writes(uow).trash(id, links, actor, scope)),
    },

    ...listings,
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
