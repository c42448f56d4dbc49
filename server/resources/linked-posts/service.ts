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
import type { CoreServices } from '../../services.js';
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
import { createLinkedStore, listOrder, type ListFilter } from './store.js';
import type { LinkedOrderby, SortDirection } from '../../../shared/schemas/order.js';

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

/** The shared columns of a row, as a write starts from them. */
const sharedOf = (row: LinkedRow): LinkedValues => pick(row, LINKED_COLUMNS);

export function createLinkedService<Row extends LinkedRow, Input extends LinkedInput, Wire>(
  core: CoreServices,
  media: MediaService,
  kind: LinkedKind<Row, Input, Wire>,
) {
  const store = createLinkedStore(core.db, kind);
  const now = () => formatUtc(core.clock.now());

  function toUtc(value: string | number, zone: string, param: string): string {
    const date = parseDateInput(value, zone, core.clock.now());
    if (!date) throw invalidInput(param, `${param} must be a date.`);
    return formatUtc(date.toJSDate());
  }

  function freeSlug(base: string, exceptId = 0): string {
    const root = base === '' ? kind.type : base;
    return uniqueSlug(root, store.slugVariants(root, exceptId));
  }

  /** Long names keep their URLs short. */
  const slugFor = (title: string) => toSlug(title).slice(0, 190);

  /** Every column value of a write: `input` over `existing`, or over the defaults on create. */
  function build(input: Input, actor: Actor | null, existing: Row | undefined) {
    const timestamp = now();
    const zone = core.settings.get().timezone;
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

  /**
   * Creates the item, or finds an identical one (docs/contract/decisions.md 12); in the caller's
   * transaction.
   */
  function insertOrReuse(input: Input, actor: Actor | null): number {
    crossCheck(input, undefined);
    const { shared, values, given } = build(input, actor, undefined);
    const duplicate = store.findDuplicate(given);
    // Reusing an item the caller may not read would hand them its other fields.
    if (duplicate && readable(actor, duplicate)) return duplicate.id;
    if (input.image !== undefined) shared.image_id = media.ensure(input.image, actor?.id ?? null);
    shared.slug = freeSlug(slugFor(shared.title));
    return store.insert(shared, values);
  }

  function get(id: number): Row {
    const row = store.find(id);
    if (!row) throw invalidInput('id', kind.messages.invalidId);
    return row;
  }

  /** Problems with the fields that need the database: the author and the image. */
  function checkFields(input: Input, actor: Actor | null, existing?: Row): Problems {
    const problems: Problems = { ...kind.crossCheck?.(input, existing) };
    // Synchronous until linked posts are behind the storage ports (docs/architecture.md).
    if (input.author !== undefined && !core.syncRepositories.users.byId(input.author)) {
      problems.author = `author ${input.author} is not a user.`;
    }
    const image = media.validateImage(input.image, actor, { allowEmpty: true });
    if (image) problems.image = image;
    return problems;
  }

  const remembered = presentedMemo<Wire>(4096);

  function present(rows: readonly Row[], links: Links, jsonLd: boolean): Wire[] {
    const images = media.present(
      rows.flatMap((row) => (row.image_id === null ? [] : [row.image_id])),
      links,
    );
    const timezone = core.settings.get().timezone;
    const context = `${core.contentVersion()}\n${presentContext(links, timezone, jsonLd)}`;
    return rows.map((row) =>
      remembered.get(row, context, () =>
        presentLinked(kind, row, { images, links, timezone, jsonLd }),
      ),
    );
  }

  function page(input: ListInput, actor: Actor | null, perPage: number, counted = true) {
    if (input.event !== undefined && !mayReadEvent(actor, store.eventOwner(input.event))) {
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
    return store.list(filter, perPage, (input.page - 1) * perPage, counted);
  }

  const entries = createEntries<Input>({
    type: kind.type,
    find: (id) => store.find(id),
    checkFields,
    insertOrReuse,
  });

  return {
    kind,
    store,
    find: (id: number) => store.find(id),
    findBySlug: (slug: string) => store.findBySlug(slug),
    kindOf: (id: number) => store.kindOf(id),
    eventExists: (id: number) => store.eventExists(id),
    get,
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

    create(input: Input, actor: Actor | null): Row {
      return get(store.transaction(() => insertOrReuse(input, actor)));
    },

    /**
     * Merges the given fields (docs/contract/decisions.md 1); a new status restores a trashed item.
     */
    update(row: Row, input: Input, actor: Actor | null): Row {
      crossCheck(input, row);
      store.transaction(() => {
        // Merge into the row as it is now: another process may have written it since the read
        // the route's checks used, and merging into that older copy would undo its change.
        row = store.find(row.id) ?? row;
        const { shared, values } = build(input, actor, row);
        if (input.image !== undefined)
          shared.image_id = media.ensure(input.image, actor?.id ?? null);
        if (row.status === 'trash' && shared.status !== 'trash') {
          const previous = store.trashMeta(row.id);
          const slug = previous?.previous_slug ?? row.slug.replace(/__trashed(-\d+)?$/, '');
          shared.slug = freeSlug(slug, row.id);
          store.forgetTrash(row.id);
        }
        store.update(row.id, shared, values);
      });
      return get(row.id);
    },

    /**
     * DELETE: to the trash, never for good (docs/contract/decisions.md 7); unlinked from its
     * events.
     */
    trash(row: Row): Row {
      if (row.status === 'trash') {
        throw new Gone(`${kind.type}-is-in-trash`, kind.messages.inTrash);
      }
      const timestamp = now();
      store.transaction(() => {
        row = store.find(row.id) ?? row;
        if (row.status === 'trash') {
          throw new Gone(`${kind.type}-is-in-trash`, kind.messages.inTrash);
        }
        const shared: LinkedValues = {
          ...sharedOf(row),
          status: 'trash',
          modified_utc: timestamp,
          slug: freeSlug(`${row.slug}__trashed`, row.id),
        };
        store.trash(row, shared, timestamp);
      });
      return get(row.id);
    },

    /** Problems with listing parameters that depend on the user or the database. */
    checkList(input: ListInput, actor: Actor | null): Problems {
      const problems: Problems = {};
      if (
        input.status !== undefined &&
        !canEditPosts(actor) &&
        input.status.some((status) => status !== 'publish')
      ) {
        problems.status = 'status may only be publish for users who cannot edit content.';
      }
      if (input.event !== undefined && !store.eventExists(input.event)) {
        problems.event = `event ${input.event} is not an event ID.`;
      }
      return problems;
    },

    /**
     * A page of the archive; past the last page is `NotFound` (docs/contract/compat-notes.md §2.3).
     */
    list(input: ListInput, actor: Actor | null) {
      const perPage = input.per_page ?? Math.min(core.settings.get().per_page, MAX_PER_PAGE);
      const { rows, total } = page(input, actor, perPage);
      if (input.page > 1 && rows.length === 0) {
        throw new NotFound(
          `${kind.type}-archive-page-not-found`,
          kind.messages.archivePageNotFound,
        );
      }
      return { rows, total, perPage };
    },

    /** The first `limit` items a listing would show, newest first, without counting them all. */
    first: (input: ListInput, actor: Actor | null, limit: number): Row[] =>
      page(input, actor, limit, false).rows,

    /** `undefined` when an event's field value is acceptable, else why not. */
    validateEntries: entries.validate,
    /** The ids of an event's entries, creating inline items; in the caller's transaction. */
    ensureEntries: entries.ensure,

    /** Objects to embed in events, loaded in one query (plus one for their images). */
    embed(ids: readonly number[], links: Links, options: { jsonLd: boolean }): Map<number, Wire> {
      const rows = store.findMany(ids);
      const wires = present(rows, links, options.jsonLd);
      return new Map(rows.map((row, i) => [row.id, wires[i]!]));
    },
  };
}

export type LinkedService<Row extends LinkedRow, Input extends LinkedInput, Wire> = ReturnType<
  typeof createLinkedService<Row, Input, Wire>
>;
