/**
 * How a venue or organizer is written: its columns from a write's input (merged over the row, or
 * over the defaults on create), the checks that need the database (author, image), its slug, and
 * the create that reuses an identical item. Every function takes the repositories it runs on:
 * the read side before a write, a unit of work's inside one (the type's own, an event's, the
 * remote import's), so the same rules hold wherever the item is written.
 */
import { canReadPost, scaleBackStatus, type Actor } from '../../../shared/roles.js';
import { parseDateInput } from '../../../shared/dates.js';
import { pick } from '../../../shared/pick.js';
import { formatUtc } from '../../../shared/time.js';
import { invalidInput, type Problems } from '../../errors.js';
import type { CoreServices } from '../../core.js';
import { plainText, sanitizeHtml } from '../../text/html.js';
import { toSlug, uniqueSlug } from '../../text/slug.js';
import type { MediaService } from '../media/service.js';
import type {
  LinkedPostsReader,
  LinkedPostsRepository,
  TrashMeta,
} from '../../storage/linked-posts.js';
import type { MediaReader, MediaRepository } from '../../storage/media.js';
import type { UsersReader } from '../../storage/users.js';
import {
  LINKED_COLUMNS,
  type Detail,
  type LinkedInput,
  type LinkedKind,
  type LinkedRow,
  type LinkedValues,
  type OwnColumn,
} from './kind.js';

/** What a type's reads need: its repository, the users an author must be, the media. */
export interface LinkedReads<Row extends LinkedRow> {
  repo: LinkedPostsReader<Row>;
  users: UsersReader;
  media: MediaReader;
}

/** The same in a unit of work: the writes see each other, an image URL registers. */
export interface LinkedWrites<Row extends LinkedRow> extends LinkedReads<Row> {
  repo: LinkedPostsRepository<Row>;
  media: MediaRepository;
}

/** Whether the actor may read the item: an item they may not read is not theirs to link. */
export const readable = (actor: Actor | null, row: LinkedRow): boolean =>
  canReadPost(actor, { author: row.author ?? 0, status: row.status });

/** The shared columns of a row, as a write starts from them. */
export const sharedOf = (row: LinkedRow): LinkedValues => pick(row, LINKED_COLUMNS);

export function createLinkedWrites<Row extends LinkedRow, Input extends LinkedInput, Wire>(
  core: Pick<CoreServices, 'clock'>,
  media: MediaService,
  kind: LinkedKind<Row, Input, Wire>,
) {
  const now = () => formatUtc(core.clock.now());

  function toUtc(value: string | number, zone: string, param: string): string {
    const date = parseDateInput(value, zone, core.clock.now());
    if (!date) throw invalidInput(param, `${param} must be a date.`);
    return formatUtc(date.toJSDate());
  }

  /** A free slug from `base` (the type's name when the title gives none). */
  async function freeSlug(
    repo: LinkedPostsReader<Row>,
    base: string,
    exceptId = 0,
  ): Promise<string> {
    const root = base === '' ? kind.type : base;
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

  /** Problems with the fields that need the database: the author and the image. */
  async function checkFields(
    repos: LinkedReads<Row>,
    input: Input,
    actor: Actor | null,
    existing?: Row,
  ): Promise<Problems> {
    const problems: Problems = { ...kind.crossCheck?.(input, existing) };
    if (input.author !== undefined && (await repos.users.byId(input.author)) === undefined) {
      problems.author = `author ${input.author} is not a user.`;
    }
    const image = await media.onPorts.validateImage(repos, input.image, actor, {
      allowEmpty: true,
    });
    if (image) problems.image = image;
    return problems;
  }

  /** The row, or the 400 for an id that names no item of the type. */
  async function getIn(repo: LinkedPostsReader<Row>, id: number): Promise<Row> {
    const row = await repo.find(id);
    if (!row) throw invalidInput('id', kind.messages.invalidId);
    return row;
  }

  /** Creates the item, or finds an identical one (docs/contract/decisions.md 12). */
  async function insertOrReuse(
    repos: LinkedWrites<Row>,
    input: Input,
    actor: Actor | null,
    zone: string,
  ): Promise<number> {
    crossCheck(input, undefined);
    const { shared, values, given } = build(input, actor, undefined, zone);
    const duplicate = await repos.repo.findDuplicate(given);
    // Reusing an item the caller may not read would hand them its other fields.
    if (duplicate && readable(actor, duplicate)) return duplicate.id;
    if (input.image !== undefined)
      shared.image_id = await media.onPorts.ensure(repos, input.image, actor?.id ?? null);
    shared.slug = await freeSlug(repos.repo, slugFor(shared.title));
    return repos.repo.insert(shared, values);
  }

  /** Whether an update restores a trashed row, and then the slug it takes back (not yet unique). */
  const restoring = (current: Row, shared: LinkedValues) =>
    current.status === 'trash' && shared.status !== 'trash';
  const restoredSlug = (current: Row, previous: TrashMeta | undefined) =>
    previous?.previous_slug ?? current.slug.replace(/__trashed(-\d+)?$/, '');

  /** Merges `input` into the row as it is now; a new status restores a trashed item. */
  async function updateIn(
    repos: LinkedWrites<Row>,
    current: Row,
    input: Input,
    actor: Actor | null,
    zone: string,
  ): Promise<Row> {
    const { repo } = repos;
    const { shared, values } = build(input, actor, current, zone);
    if (input.image !== undefined)
      shared.image_id = await media.onPorts.ensure(repos, input.image, actor?.id ?? null);
    if (restoring(current, shared)) {
      const slug = restoredSlug(current, await repo.trashMeta(current.id));
      shared.slug = await freeSlug(repo, slug, current.id);
      await repo.forgetTrash(current.id);
    }
    await repo.update(current.id, shared, values);
    return getIn(repo, current.id);
  }

  return { freeSlug, crossCheck, checkFields, getIn, insertOrReuse, updateIn };
}
