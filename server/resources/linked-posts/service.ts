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
  scaleBackStatus,
  type Actor,
  type PostStatus,
} from '../../../shared/roles.js';
import { parseDateInput } from '../../../shared/dates.js';
import { MAX_PER_PAGE } from '../../../shared/schemas/fields.js';
import { pick } from '../../../shared/pick.js';
import { formatUtc } from '../../../shared/time.js';
import { linkedSearchFragments } from '../../../shared/search.js';
import { Gone, invalidInput, NotAccessible, NotFound, type Problems } from '../../errors.js';
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../core.js';
import { plainText, sanitizeHtml } from '../../text/html.js';
import { toSlug, uniqueSlug } from '../../text/slug.js';
import type { MediaService } from '../media/service.js';
import {
  LINKED_COLUMNS,
  type Detail,
  type LinkedInput,
  type LinkedKind,
  type LinkedRow,
  type LinkedValues,
  type OwnColumn,
} from './kind.js';
import { createEntries, readable } from './entries.js';
import { presentLinked } from './present.js';
import { presentContext, presentedMemo } from './remembered.js';
import {
  defaultOrder,
  type LinkedOrderby,
  type SortDirection,
} from '../../../shared/schemas/order.js';
import type {
  LinkedPostsReader,
  LinkedPostsRepository,
  ListFilter,
  ListOrder,
  TrashMeta,
} from '../../storage/linked-posts.js';
import type { Sync } from '../../storage/sqlite/repository.js';
import type { MediaRepository } from '../../storage/media.js';
import type { UsersReader } from '../../storage/users.js';
import type { ImageWire } from '../../../shared/schemas/wire/index.js';

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

/**
 * What a venue or organizer service reads and writes: its type's repository, and the users an
 * author must be. `inEventWrite` is the repository's synchronous form, for the calls events make
 * inside their own write transaction, which is still synchronous (docs/architecture.md,
 * "Storage ports"): it goes once events are behind the ports.
 */
export interface LinkedPorts<Row extends LinkedRow> {
  read: LinkedPostsReader<Row>;
  users: UsersReader;
  /** A unit of work with the type's repository, the users and the media an image registers. */
  write<T>(
    body: (
      repo: LinkedPostsRepository<Row>,
      users: UsersReader,
      uow: { media: MediaRepository },
    ) => Promise<T>,
  ): Promise<T>;
  inEventWrite: Sync<LinkedPostsRepository<Row>>;
  inEventWriteUsers: Sync<UsersReader>;
}

/** The shared columns of a row, as a write starts from them. */
const sharedOf = (row: LinkedRow): LinkedValues => pick(row, LINKED_COLUMNS);

export function createLinkedService<Row extends LinkedRow, Input extends LinkedInput, Wire>(
  core: CoreServices,
  ports: LinkedPorts<Row>,
  media: MediaService,
  kind: LinkedKind<Row, Input, Wire>,
) {
  const { read } = ports;
  const sync = ports.inEventWrite;
  const now = () => formatUtc(core.clock.now());

  function toUtc(value: string | number, zone: string, param: string): string {
    const date = parseDateInput(value, zone, core.clock.now());
    if (!date) throw invalidInput(param, `${param} must be a date.`);
    return formatUtc(date.toJSDate());
  }

  /** The slug's root: the type's name when the title gives none. */
  const slugRoot = (base: string) => (base === '' ? kind.type : base);

  async function freeSlug(
    repo: LinkedPostsReader<Row>,
    base: string,
    exceptId = 0,
  ): Promise<string> {
    const root = slugRoot(base);
    return uniqueSlug(root, await repo.slugVariants(root, exceptId));
  }

  /** Long names keep their URLs short. */
  const slugFor = (title: string) => toSlug(title).slice(0, 190);

  /** Every column value of a write: `input` over `existing`, or over the defaults on create. */
  function build(input: Input, actor: Actor | null, existing: Row | undefined, zone: string) {
    const timestamp = now();
    const shared: LinkedValues = existing
      ? sharedOf(existing)
      : {
          author: actor?.id ?? null,
          status: scaleBackStatus(actor, undefined),
          slug: '',
          title: '',
          description: '',
          excerpt: '',
          date_utc: timestamp,
          modified_utc: timestamp,
          image_id: null,
        };
    const given: Partial<Record<'title' | 'description' | 'excerpt' | OwnColumn<Row>, Detail>> = {};
    const name = kind.name(input);
    if (name !== undefined) {
      // Names are text: markup is dropped so no page or client ever renders it.
      const title = plainText(name);
      if (title === '')
        throw invalidInput(kind.nameField, `${kind.nameField} must be a non-empty string.`);
      shared.title = given.title = title;
    }
    if (input.author !== undefined) shared.author = input.author;
    if (input.date_utc !== undefined) shared.date_utc = toUtc(input.date_utc, 'UTC', 'date_utc');
    else if (input.date !== undefined) shared.date_utc = toUtc(input.date, zone, 'date');
    if (input.description !== undefined) {
      shared.description = given.description = sanitizeHtml(input.description);
    }
    if (input.excerpt !== undefined) shared.excerpt = given.excerpt = sanitizeHtml(input.excerpt);
    if (input.status !== undefined) shared.status = scaleBackStatus(actor, input.status);
    shared.modified_utc = timestamp;
    const details = kind.details(input, existing);
    return { shared, values: details.values, given: { ...given, ...details.given } };
  }

  function crossCheck(input: Input, existing: Row | undefined) {
    const problems = kind.crossCheck?.(input, existing);
    if (problems && Object.keys(problems).length > 0) {
      const [param, message] = Object.entries(problems)[0]!;
      throw invalidInput(param, message);
    }
  }

  /** A new item's columns, before duplicate detection and its slug. */
  function fresh(input: Input, actor: Actor | null, zone: string) {
    crossCheck(input, undefined);
    return build(input, actor, undefined, zone);
  }

  /**
   * Creates the item, or finds an identical one (docs/contract/decisions.md 12); in the unit of
   * work of `repo`.
   */
  async function insertOrReuse(
    repo: LinkedPostsRepository<Row>,
    uow: { media: MediaRepository },
    input: Input,
    actor: Actor | null,
    zone: string,
  ): Promise<number> {
    const { shared, values, given } = fresh(input, actor, zone);
    const duplicate = await repo.findDuplicate(given);
    // Reusing an item the caller may not read would hand them its other fields.
    if (duplicate && readable(actor, duplicate)) return duplicate.id;
    if (input.image !== undefined)
      shared.image_id = await media.onPorts.ensure(uow, input.image, actor?.id ?? null);
    shared.slug = await freeSlug(repo, slugFor(shared.title));
    return repo.insert(shared, values);
  }

  /** `insertOrReuse` inside a synchronous write transaction (an event's, the remote import's). */
  function insertOrReuseInEventWrite(input: Input, actor: Actor | null): number {
    const { shared, values, given } = fresh(input, actor, core.settings.get().timezone);
    const duplicate = sync.findDuplicate(given);
    if (duplicate && readable(actor, duplicate)) return duplicate.id;
    if (input.image !== undefined) shared.image_id = media.ensure(input.image, actor?.id ?? null);
    const root = slugRoot(slugFor(shared.title));
    shared.slug = uniqueSlug(root, sync.slugVariants(root, 0));
    return sync.insert(shared, values);
  }

  /** Whether an update restores a trashed row, and then the slug it takes back (not yet unique). */
  const restoring = (current: Row, shared: LinkedValues) =>
    current.status === 'trash' && shared.status !== 'trash';
  const restoredSlug = (current: Row, previous: TrashMeta | undefined) =>
    previous?.previous_slug ?? current.slug.replace(/__trashed(-\d+)?$/, '');

  /** `update` inside a synchronous write transaction (the remote import's). */
  function updateInSyncWrite(id: number, input: Input, actor: Actor | null): number {
    const current = sync.find(id);
    if (!current) throw invalidInput('id', kind.messages.invalidId);
    crossCheck(input, current);
    const { shared, values } = build(input, actor, current, core.settings.get().timezone);
    if (input.image !== undefined) shared.image_id = media.ensure(input.image, actor?.id ?? null);
    if (restoring(current, shared)) {
      const root = slugRoot(restoredSlug(current, sync.trashMeta(id)));
      shared.slug = uniqueSlug(root, sync.slugVariants(root, id));
      sync.forgetTrash(id);
    }
    sync.update(id, shared, values);
    return id;
  }

  async function getIn(repo: LinkedPostsReader<Row>, id: number): Promise<Row> {
    const row = await repo.find(id);
    if (!row) throw invalidInput('id', kind.messages.invalidId);
    return row;
  }

  /** Problems with the fields that need the database: the author and the image. */
  function fieldProblems(
    input: Input,
    actor: Actor | null,
    existing: Row | undefined,
    authorExists: boolean,
    image: string | undefined,
  ): Problems {
    const problems: Problems = { ...kind.crossCheck?.(input, existing) };
    if (input.author !== undefined && !authorExists) {
      problems.author = `author ${input.author} is not a user.`;
    }
    if (image) problems.image = image;
    return problems;
  }

  async function checkFields(input: Input, actor: Actor | null, existing?: Row): Promise<Problems> {
    const author = input.author === undefined ? undefined : await ports.users.byId(input.author);
    const image = await media.checkImage(input.image, actor, { allowEmpty: true });
    return fieldProblems(input, actor, existing, author !== undefined, image);
  }

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

  function present(rows: readonly Row[], links: Links, jsonLd: boolean): Wire[] {
    return presentWith(rows, media.present(imageIds(rows), links), links, jsonLd);
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

  // An event's entries are checked and made inside the event's synchronous write transaction.
  /** `checkFields` inside a synchronous write transaction. */
  const checkFieldsInSyncWrite = (input: Input, actor: Actor | null) =>
    fieldProblems(
      input,
      actor,
      undefined,
      input.author === undefined || ports.inEventWriteUsers.byId(input.author) !== undefined,
      media.validateImage(input.image, actor, { allowEmpty: true }),
    );

  const entries = createEntries<Input>({
    type: kind.type,
    find: (id) => sync.find(id),
    checkFields: checkFieldsInSyncWrite,
    insertOrReuse: insertOrReuseInEventWrite,
  });

  return {
    kind,
    find: (id: number) => read.find(id),
    findBySlug: (slug: string) => read.findBySlug(slug),
    kindOf: (id: number) => read.kindOf(id),
    eventExists: async (id: number) => (await read.eventOwner(id)) !== undefined,
    get: (id: number) => getIn(read, id),
    checkFields,
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
      return ports.write(async (repo, _users, uow) =>
        getIn(repo, await insertOrReuse(repo, uow, input, actor, zone)),
      );
    },

    /**
     * Merges the given fields (docs/contract/decisions.md 1); a new status restores a trashed item.
     */
    async update(row: Row, input: Input, actor: Actor | null): Promise<Row> {
      crossCheck(input, row);
      const zone = (await core.settings.current()).timezone;
      return ports.write(async (repo, _users, uow) => {
        // Merge into the row as it is now: another process may have written it since the read
        // the route's checks used, and merging into that older copy would undo its change.
        const current = (await repo.find(row.id)) ?? row;
        const { shared, values } = build(input, actor, current, zone);
        if (input.image !== undefined)
          shared.image_id = await media.onPorts.ensure(uow, input.image, actor?.id ?? null);
        if (restoring(current, shared)) {
          const slug = restoredSlug(current, await repo.trashMeta(current.id));
          shared.slug = await freeSlug(repo, slug, current.id);
          await repo.forgetTrash(current.id);
        }
        await repo.update(current.id, shared, values);
        return getIn(repo, current.id);
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
      return ports.write(async (repo) => {
        const current = (await repo.find(row.id)) ?? row;
        if (current.status === 'trash') {
          throw new Gone(`${kind.type}-is-in-trash`, kind.messages.inTrash);
        }
        const shared: LinkedValues = {
          ...sharedOf(current),
          status: 'trash',
          modified_utc: timestamp,
          slug: await freeSlug(repo, `${current.slug}__trashed`, current.id),
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
     * Create (or reuse) and update inside a synchronous write transaction: the remote import's,
     * which writes a whole site in one (transfer/remote.ts). They go once it is behind the ports.
     */
    inSyncWrite: {
      checkFields: checkFieldsInSyncWrite,
      create: insertOrReuseInEventWrite,
      update: updateInSyncWrite,
    },

    /** `undefined` when an event's field value is acceptable, else why not. */
    validateEntries: entries.validate,
    /** The ids of an event's entries, creating inline items; in the event's transaction. */
    ensureEntries: entries.ensure,

    /** Objects to embed in events, loaded in one read (plus one for their images). */
    async embed(
      ids: readonly number[],
      links: Links,
      options: { jsonLd: boolean },
    ): Promise<Map<number, Wire>> {
      if (ids.length === 0) return new Map();
      const rows = await read.findMany(ids);
      const images = await media.onPorts.present(core.storage.read, imageIds(rows), links);
      const wires = presentWith(rows, images, links, options.jsonLd);
      return new Map(rows.map((row, i) => [row.id, wires[i]!]));
    },
  };
}

export type LinkedService<Row extends LinkedRow, Input extends LinkedInput, Wire> = ReturnType<
  typeof createLinkedService<Row, Input, Wire>
>;
