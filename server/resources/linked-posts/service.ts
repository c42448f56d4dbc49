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
import { MAX_PER_PAGE, type WriteStatus } from '../../../shared/schemas/fields.js';
import { formatUtc } from '../../../shared/time.js';
import { linkedSearchFragments } from '../../../shared/search.js';
import { Gone, invalidInput, NotAccessible } from '../../errors.js';
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../services.js';
import { plainText, sanitizeHtml } from '../../text/html.js';
import { toSlug, uniqueSlug } from '../../text/slug.js';
import type { MediaService } from '../media/service.js';
import type { AnyLinkedRow, LinkedKind, LinkedValues } from './kind.js';
import { createEntries, readable } from './entries.js';
import { presentLinked } from './present.js';
import { createLinkedStore, type ListFilter } from './store.js';

/** The validated fields of a create or update (the name under the type's own key). */
export type LinkedInput = {
  author?: number | undefined;
  date?: string | number | undefined;
  date_utc?: string | number | undefined;
  description?: string | undefined;
  excerpt?: string | undefined;
  status?: WriteStatus | undefined;
  image?: string | undefined;
} & Record<string, unknown>;

export interface ListInput {
  page: number;
  per_page?: number | undefined;
  search?: string | undefined;
  event?: number | undefined;
  has_events?: boolean | undefined;
  only_with_upcoming?: boolean | undefined;
  status?: PostStatus[] | undefined;
}

export type Detail = string | number | null;

/** What each type adds to the shared behaviour. */
export interface LinkedBehaviour {
  kind: LinkedKind;
  /**
   * The type's own column values after applying `input` over `existing` (defaults on create),
   * and those of them that were given (compared by duplicate detection).
   */
  details(
    input: Record<string, unknown>,
    existing: AnyLinkedRow | undefined,
  ): { values: Record<string, Detail>; given: Record<string, Detail> };
  /** Problems the field schemas cannot see alone (pairs of fields), keyed by parameter. */
  crossCheck?(
    input: Record<string, unknown>,
    existing: AnyLinkedRow | undefined,
  ): Record<string, string> | undefined;
  jsonLd(
    row: AnyLinkedRow,
    image: { url: string } | undefined,
    url: string,
  ): Record<string, unknown>;
}

/** Statuses of events that count as upcoming for users who see every event (docs/contract/compat-notes.md §3.4). */
const UPCOMING_FOR_EDITORS = ['publish', 'future', 'private', 'draft', 'pending'];

export function createLinkedService(
  core: CoreServices,
  media: MediaService,
  behaviour: LinkedBehaviour,
) {
  const { kind } = behaviour;
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
  function build(
    input: LinkedInput,
    actor: Actor | null,
    existing: AnyLinkedRow | undefined,
  ): { values: LinkedValues; given: Record<string, Detail> } {
    const timestamp = now();
    const zone = core.settings.get().timezone;
    const values: LinkedValues = existing
      ? { ...existing }
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
    delete (values as Partial<AnyLinkedRow>).id;
    const given: Record<string, Detail> = {};
    const name = input[kind.nameField];
    if (typeof name === 'string') {
      // Names are text: markup is dropped so no page or client ever renders it.
      const title = plainText(name);
      if (title === '')
        throw invalidInput(kind.nameField, `${kind.nameField} must be a non-empty string.`);
      values.title = given.title = title;
    }
    if (input.author !== undefined) values.author = input.author;
    if (input.date_utc !== undefined) values.date_utc = toUtc(input.date_utc, 'UTC', 'date_utc');
    else if (input.date !== undefined) values.date_utc = toUtc(input.date, zone, 'date');
    if (input.description !== undefined) {
      values.description = given.description = sanitizeHtml(input.description);
    }
    if (input.excerpt !== undefined) values.excerpt = given.excerpt = sanitizeHtml(input.excerpt);
    if (input.status !== undefined) values.status = scaleBackStatus(actor, input.status);
    values.modified_utc = timestamp;
    const details = behaviour.details(input, existing);
    Object.assign(values, details.values);
    Object.assign(given, details.given);
    return { values, given };
  }

  function crossCheck(input: Record<string, unknown>, existing: AnyLinkedRow | undefined) {
    const problems = behaviour.crossCheck?.(input, existing);
    if (problems && Object.keys(problems).length > 0) {
      const [param, message] = Object.entries(problems)[0]!;
      throw invalidInput(param, message);
    }
  }

  /** Creates the item, or finds an identical one (docs/contract/decisions.md 12); in the caller's transaction. */
  function insertOrReuse(input: LinkedInput, actor: Actor | null): number {
    crossCheck(input, undefined);
    const { values, given } = build(input, actor, undefined);
    const duplicate = store.findDuplicate(given);
    // Reusing an item the caller may not read would hand them its other fields.
    if (duplicate && readable(actor, duplicate)) return duplicate.id;
    if (input.image !== undefined) values.image_id = media.ensure(input.image, actor?.id ?? null);
    values.slug = freeSlug(slugFor(String(values.title)));
    return store.insert(values);
  }

  function get(id: number): AnyLinkedRow {
    const row = store.find(id);
    if (!row) throw invalidInput('id', kind.messages.invalidId);
    return row;
  }

  /** Problems with the fields that need the database: the author and the image. */
  function checkFields(
    input: LinkedInput,
    actor: Actor | null,
    existing?: AnyLinkedRow,
  ): Record<string, string> {
    const problems: Record<string, string> = { ...behaviour.crossCheck?.(input, existing) };
    if (input.author !== undefined && !core.users.find(input.author)) {
      problems.author = `author ${input.author} is not a user.`;
    }
    const image = media.validateImage(input.image, actor, { allowEmpty: true });
    if (image) problems.image = image;
    return problems;
  }

  function present(rows: readonly AnyLinkedRow[], links: Links, jsonLd: boolean) {
    const images = media.present(
      rows.flatMap((row) => (row.image_id === null ? [] : [row.image_id])),
      links,
    );
    const timezone = core.settings.get().timezone;
    return rows.map((row) =>
      presentLinked(kind, row, { images, links, timezone, jsonLd }, behaviour.jsonLd),
    );
  }

  const entries = createEntries({
    kind,
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
    read(row: AnyLinkedRow, actor: Actor | null): AnyLinkedRow {
      if (!canReadPost(actor, { author: row.author ?? 0, status: row.status })) {
        throw new NotAccessible(`${kind.type}-not-accessible`, kind.messages.notAccessible);
      }
      return row;
    },

    create(input: LinkedInput, actor: Actor | null): AnyLinkedRow {
      return get(store.transaction(() => insertOrReuse(input, actor)));
    },

    /** Merges the given fields (docs/contract/decisions.md 1); a new status restores a trashed item. */
    update(row: AnyLinkedRow, input: LinkedInput, actor: Actor | null): AnyLinkedRow {
      crossCheck(input, row);
      store.transaction(() => {
        // Merge into the row as it is now: another process may have written it since the read
        // the route's checks used, and merging into that older copy would undo its change.
        row = store.find(row.id) ?? row;
        const { values } = build(input, actor, row);
        if (input.image !== undefined)
          values.image_id = media.ensure(input.image, actor?.id ?? null);
        if (row.status === 'trash' && values.status !== 'trash') {
          const previous = store.trashMeta(row.id);
          const slug = previous?.previous_slug ?? row.slug.replace(/__trashed(-\d+)?$/, '');
          values.slug = freeSlug(slug, row.id);
          store.forgetTrash(row.id);
        }
        store.update(row.id, values);
      });
      return get(row.id);
    },

    /** DELETE: to the trash, never for good (docs/contract/decisions.md 7); unlinked from its events. */
    trash(row: AnyLinkedRow): AnyLinkedRow {
      if (row.status === 'trash') {
        throw new Gone(`${kind.type}-is-in-trash`, kind.messages.inTrash);
      }
      const timestamp = now();
      store.transaction(() => {
        row = store.find(row.id) ?? row;
        if (row.status === 'trash') {
          throw new Gone(`${kind.type}-is-in-trash`, kind.messages.inTrash);
        }
        const values: LinkedValues = { ...row, status: 'trash', modified_utc: timestamp };
        values.slug = freeSlug(`${row.slug}__trashed`, row.id);
        store.trash(row, values, timestamp);
      });
      return get(row.id);
    },

    /** Problems with listing parameters that depend on the user or the database. */
    checkList(input: ListInput, actor: Actor | null): Record<string, string> {
      const problems: Record<string, string> = {};
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

    list(input: ListInput, actor: Actor | null) {
      const perPage = input.per_page ?? Math.min(core.settings.get().per_page, MAX_PER_PAGE);
      if (input.event !== undefined && !mayReadEvent(actor, store.eventOwner(input.event))) {
        // The links of an event the caller may not read are not theirs to see.
        return { rows: [] as AnyLinkedRow[], total: 0, perPage };
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
      };
      const { rows, total } = store.list(filter, perPage, (input.page - 1) * perPage);
      return { rows, total, perPage };
    },

    /** `undefined` when an event's field value is acceptable, else why not. */
    validateEntries: entries.validate,
    /** The ids of an event's entries, creating inline items; in the caller's transaction. */
    ensureEntries: entries.ensure,

    /** Objects to embed in events, loaded in one query (plus one for their images). */
    embed(ids: readonly number[], links: Links, options: { jsonLd: boolean }) {
      const rows = store.findMany(ids);
      const wires = present(rows, links, options.jsonLd);
      return new Map(rows.map((row, i) => [row.id, wires[i]!]));
    },
  };
}

export type LinkedService = ReturnType<typeof createLinkedService>;
