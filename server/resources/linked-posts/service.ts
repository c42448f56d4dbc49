/**
 * The behaviour venues and organizers share: reads with visibility, create with duplicate
 * detection, merging updates, trash and restore, listings, and the links events make to them
 * (by id, `{id}`, or inline data that creates or reuses an item).
 */
import {
  canEditOthers,
  canEditPosts,
  canReadPost,
  defaultListingStatuses,
  mayReadEvent,
  type Actor,
  type PostStatus,
} from '../../../shared/roles.js';
import { MAX_PER_PAGE } from '../../../shared/schemas/fields.js';
import { formatUtc } from '../../../shared/time.js';
import { linkedSearchFragments } from '../../../shared/search.js';
import { Gone, NotAccessible, NotFound, type Problems } from '../../errors.js';
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../core.js';
import type { MediaService } from '../media/service.js';
import type { LinkedInput, LinkedKind, LinkedRow, LinkedValues } from './kind.js';
import { createEntries } from './entries.js';
import { presentLinked } from './present.js';
import { presentContext, presentedMemo } from './remembered.js';
import {
  defaultOrder,
  type LinkedOrderby,
  type SortDirection,
} from '../../../shared/schemas/order.js';
import type { ListFilter, ListOrder } from '../../storage/linked-posts.js';
import type { UnitOfWork } from '../../storage/storage.js';
import type { ImageWire } from '../../../shared/schemas/wire/index.js';
import { createLinkedWrites, sharedOf, type LinkedReads, type LinkedWrites } from './write.js';

export interface ListInput {
  page: number;
  per_page?: number | undefined;
  search?: string | undefined;
  event?: number | undefined;
  has_events?: boolean | undefined;
  only_with_upcoming?: boolean | undefined;
  status?: PostStatus[] | undefined;
  orderby?: LinkedOrderby | undefined;
  order?: SortDirection | undefined;
}

/**
 * Statuses of events that count as upcoming for users who see every event
 * (docs/contract/compat-notes.md §3.4).
 */
const UPCOMING_FOR_EDITORS = ['publish', 'future', 'private', 'draft', 'pending'];

/** The listing's order: publication date, newest first, unless `orderby`/`order` say otherwise. */
export function listOrder(input: { orderby?: LinkedOrderby; order?: SortDirection }): ListOrder {
  const by = input.orderby ?? 'date';
  return { by, dir: input.order ?? defaultOrder(by) };
}

/** The repositories of a unit of work another resource opened that venues and organizers use. */
export type LinkedUnit = Pick<UnitOfWork, 'venues' | 'organizers' | 'users' | 'media'>;

/** What a venue or organizer service reads and writes. */
export interface LinkedPorts<Row extends LinkedRow> {
  /** The read side: the type's repository, the users an author must be, the media. */
  read: LinkedReads<Row>;
  /** A unit of work of its own. */
  write<T>(body: (repos: LinkedWrites<Row>) => Promise<T>): Promise<T>;
  /** The same repositories in a unit of work another resource opened (an event's, an import's). */
  in(uow: LinkedUnit): LinkedWrites<Row>;
}

export function createLinkedService<Row extends LinkedRow, Input extends LinkedInput, Wire>(
  core: CoreServices,
  ports: LinkedPorts<Row>,
  media: MediaService,
  kind: LinkedKind<Row, Input, Wire>,
) {
  const read = ports.read.repo;
  const now = () => formatUtc(core.clock.now());
  const writes = createLinkedWrites(core, media, kind);
  const { crossCheck, getIn } = writes;
  /** The zone a `date` is read in: the site's, as this request read the settings. */
  const zone = () => core.settings.get().timezone;

  const remembered = presentedMemo<Wire>(4096);

  const imageIds = (rows: readonly Row[]) =>
    rows.flatMap((row) => (row.image_id === null ? [] : [row.image_id]));

  /** The rows presented with their images, already read. */
  function presentWith(
    rows: readonly Row[],
    images: ReadonlyMap<number, ImageWire>,
    links: Links,
    jsonLd: boolean,
  ): Wire[] {
    const timezone = core.settings.get().timezone;
    // A presentation is made of its row, its image and this context alone (remembered.ts).
    const context = presentContext(links, timezone, jsonLd);
    return rows.map((row) =>
      remembered.get(row, context, () =>
        presentLinked(kind, row, { images, links, timezone, jsonLd }),
      ),
    );
  }

  /** The rows as the API shows them; their images read in one read, whatever their number. */
  async function present(rows: readonly Row[], links: Links, jsonLd: boolean): Promise<Wire[]> {
    const images = await media.onPorts.present(ports.read, imageIds(rows), links);
    return presentWith(rows, images, links, jsonLd);
  }

  async function page(input: ListInput, actor: Actor | null, perPage: number, counted = true) {
    if (input.event !== undefined && !mayReadEvent(actor, await read.eventOwner(input.event))) {
      // The links of an event the caller may not read are not theirs to see.
      return { rows: [], total: 0 };
    }
    const filter: ListFilter = {
      statuses: input.status ?? defaultListingStatuses(actor),
      ownOrPublishedFor: canEditPosts(actor) && !canEditOthers(actor) ? actor!.id : undefined,
      event: input.event,
      hasEvents: input.has_events,
      upcoming: input.only_with_upcoming
        ? { now: now(), statuses: canEditOthers(actor) ? UPCOMING_FOR_EDITORS : ['publish'] }
        : undefined,
      fragments: input.search === undefined ? undefined : linkedSearchFragments(input.search),
      order: listOrder(input),
    };
    return read.list(filter, perPage, (input.page - 1) * perPage, counted);
  }

  const entries = createEntries<Row, Input>({
    type: kind.type,
    checkFields: (repos, input, actor) => writes.checkFields(repos, input, actor),
    insertOrReuse: (repos, input, actor) => writes.insertOrReuse(repos, input, actor, zone()),
  });

  return {
    kind,
    find: (id: number) => read.find(id),
    findBySlug: (slug: string) => read.findBySlug(slug),
    kindOf: (id: number) => read.kindOf(id),
    eventExists: async (id: number) => (await read.eventOwner(id)) !== undefined,
    get: (id: number) => getIn(read, id),
    /** Problems with the fields that need the database (the author, the image), before a write. */
    checkFields: (input: Input, actor: Actor | null, existing?: Row) =>
      writes.checkFields(ports.read, input, actor, existing),
    crossCheck,
    present,

    /** A single read: 403 when the item is not published and the user may not read it. */
    read(row: Row, actor: Actor | null): Row {
      if (!canReadPost(actor, { author: row.author ?? 0, status: row.status })) {
        throw new NotAccessible(`${kind.type}-not-accessible`, kind.messages.notAccessible);
      }
      return row;
    },

    async create(input: Input, actor: Actor | null): Promise<Row> {
      const zone = (await core.settings.current()).timezone;
      return ports.write(async (repos) =>
        getIn(repos.repo, await writes.insertOrReuse(repos, input, actor, zone)),
      );
    },

    /**
     * Merges the given fields (docs/contract/decisions.md 1); a new status restores a trashed item.
     */
    async update(row: Row, input: Input, actor: Actor | null): Promise<Row> {
      crossCheck(input, row);
      const zone = (await core.settings.current()).timezone;
      return ports.write(async (repos) => {
        // Merge into the row as it is now: another process may have written it since the read
        // the route's checks used, and merging into that older copy would undo its change.
        const current = (await repos.repo.find(row.id)) ?? row;
        return writes.updateIn(repos, current, input, actor, zone);
      });
    },

    /**
     * DELETE: to the trash, never for good (docs/contract/decisions.md 7); unlinked from its
     * events.
     */
    async trash(row: Row): Promise<Row> {
      if (row.status === 'trash') {
        throw new Gone(`${kind.type}-is-in-trash`, kind.messages.inTrash);
      }
      const timestamp = now();
      return ports.write(async ({ repo }) => {
        const current = (await repo.find(row.id)) ?? row;
        if (current.status === 'trash') {
          throw new Gone(`${kind.type}-is-in-trash`, kind.messages.inTrash);
        }
        const shared: LinkedValues = {
          ...sharedOf(current),
          status: 'trash',
          modified_utc: timestamp,
          slug: await writes.freeSlug(repo, `${current.slug}__trashed`, current.id),
        };
        await repo.trash(current, shared, timestamp);
        return getIn(repo, current.id);
      });
    },

    /** Problems with listing parameters that depend on the user or the database. */
    async checkList(input: ListInput, actor: Actor | null): Promise<Problems> {
      const problems: Problems = {};
      if (
        input.status !== undefined &&
        !canEditPosts(actor) &&
        input.status.some((status) => status !== 'publish')
      ) {
        problems.status = 'status may only be publish for users who cannot edit content.';
      }
      if (input.event !== undefined && (await read.eventOwner(input.event)) === undefined) {
        problems.event = `event ${input.event} is not an event ID.`;
      }
      return problems;
    },

    /**
     * A page of the archive; past the last page is `NotFound` (docs/contract/compat-notes.md §2.3).
     */
    async list(input: ListInput, actor: Actor | null) {
      const perPage =
        input.per_page ?? Math.min((await core.settings.current()).per_page, MAX_PER_PAGE);
      const { rows, total } = await page(input, actor, perPage);
      if (input.page > 1 && rows.length === 0) {
        throw new NotFound(
          `${kind.type}-archive-page-not-found`,
          kind.messages.archivePageNotFound,
        );
      }
      return { rows, total, perPage };
    },

    /** The first `limit` items a listing would show, newest first, without counting them all. */
    first: async (input: ListInput, actor: Actor | null, limit: number): Promise<Row[]> =>
      (await page(input, actor, limit, false)).rows,

    /**
     * Checks, create (or reuse) and update in a unit of work another resource opened: the
     * remote import's, which writes a whole site in one (transfer/remote.ts).
     */
    inUnit(uow: LinkedUnit) {
      const repos = ports.in(uow);
      return {
        checkFields: (input: Input, actor: Actor | null) => writes.checkFields(repos, input, actor),
        create: (input: Input, actor: Actor | null) =>
          writes.insertOrReuse(repos, input, actor, zone()),
        async update(id: number, input: Input, actor: Actor | null): Promise<number> {
          const current = await getIn(repos.repo, id);
          crossCheck(input, current);
          return (await writes.updateIn(repos, current, input, actor, zone())).id;
        },
      };
    },

    /** `undefined` when an event's field value is acceptable, else why not; before its write. */
    validateEntries: (values: Parameters<typeof entries.validate>[1], actor: Actor | null) =>
      entries.validate(ports.read, values, actor),
    /** The ids of an event's entries, creating inline items, in the event's unit of work. */
    ensureEntries: (
      uow: LinkedUnit,
      values: Parameters<typeof entries.ensure>[1],
      actor: Actor | null,
    ) => entries.ensure(ports.in(uow), values, actor),

    /** Objects to embed in events, loaded in one read (plus one for their images). */
    async embed(
      ids: readonly number[],
      links: Links,
      options: { jsonLd: boolean },
    ): Promise<Map<number, Wire>> {
      if (ids.length === 0) return new Map();
      const rows = await read.findMany(ids);
      const wires = await present(rows, links, options.jsonLd);
      return new Map(rows.map((row, i) => [row.id, wires[i]!]));
    },
  };
}

export type LinkedService<Row extends LinkedRow, Input extends LinkedInput, Wire> = ReturnType<
  typeof createLinkedService<Row, Input, Wire>
>;
