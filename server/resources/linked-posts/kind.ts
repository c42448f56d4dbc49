/**
 * What differs between venues and organizers, the reference's two "linked post" types. Everything
 * else (storage, listing, duplicates, trash, presentation, routes) is shared code, generic over
 * the type's row, its write input and its wire shape. The compiler follows a column end to end:
 * a column added to a row type must be declared in `columns` (which the repository reads and writes),
 * given a value by `details` (from the write input, whose type comes from the zod schema), and
 * each field of the wire type must be set by `present`. The rows and their columns are declared
 * with their storage (storage/linked-posts.ts).
 */
import type { PostStatus } from '../../../shared/roles.js';
import type { Detail, LinkedRow, LinkedTable, Own, OwnColumn } from '../../storage/linked-posts.js';
import type { WriteStatus } from '../../../shared/schemas/fields.js';
import type { ImageWire } from '../../../shared/schemas/wire/index.js';
import type { Problems } from '../../errors.js';

export {
  LINKED_COLUMNS,
  linkedColumns,
  ownColumns,
  ownColumnsOf,
  type Detail,
  type LinkedRow,
  type LinkedTable,
  type LinkedValues,
  type Own,
  type OwnColumn,
  type OwnColumns,
} from '../../storage/linked-posts.js';

/** The fields every create and update may give, besides the name and the type's own fields. */
export interface LinkedInput {
  author?: number | undefined;
  date?: string | number | undefined;
  date_utc?: string | number | undefined;
  description?: string | undefined;
  excerpt?: string | undefined;
  status?: WriteStatus | undefined;
  image?: string | undefined;
}

/** What the shared presenter makes of the shared columns, for the type's `present`. */
export interface SharedWire {
  head: {
    id: number;
    author: string;
    status: PostStatus;
    date: string;
    date_utc: string;
    modified: string;
    modified_utc: string;
    url: string;
  };
  body: { description: string; excerpt: string; slug: string; image: ImageWire | undefined };
  json_ld: Record<string, unknown> | undefined;
  ids: { global_id: string; global_id_lineage: string[] };
}

/**
 * Every field of the wire shape, in the reference's order; `undefined` and empty values are then
 * left out (docs/contract/compat-notes.md §1.4, §1.5).
 */
export type Presented<Wire> = {
  // Not `[K in keyof Wire]-?`, which would also take `undefined` out of the optional ones.
  [K in Exclude<keyof Wire, never>]: Wire[K] | undefined;
};

export interface LinkedKind<
  Row extends LinkedRow,
  Input extends LinkedInput,
  Wire,
> extends LinkedTable<Row> {
  /** The wire and input key holding the name: `venue` / `organizer`. */
  nameField: 'venue' | 'organizer';
  /** The name a write gives, if any. */
  name(input: Input): string | undefined;
  /**
   * The own columns after applying `input` over `existing` (defaults on create), and those of
   * them that were given (compared by duplicate detection).
   */
  details(
    input: Input,
    existing: Row | undefined,
  ): { values: Own<Row>; given: Partial<Record<OwnColumn<Row>, Detail>> };
  /** Problems the field schemas cannot see alone (pairs of fields), keyed by parameter. */
  crossCheck?(input: Input, existing: Row | undefined): Problems | undefined;
  /** The wire object: the shared parts and the type's own fields, in the reference's order. */
  present(row: Row, shared: SharedWire): Presented<Wire>;
  /** The schema.org object of single reads (docs/contract/compat-notes.md §1.7). */
  jsonLd(row: Row, image: ImageWire | undefined, url: string): Record<string, unknown>;
  /** Values the wire keeps even when empty: `false` flags and a latitude of 0 mean something. */
  keepEmpty: readonly (keyof Wire)[];
  messages: {
    notAccessible: string;
    inTrash: string;
    archivePageNotFound: string;
    invalidId: string;
  };
}

/** What a type declares; its table, name key and messages follow from its `type`. */
export type LinkedSpec<Row extends LinkedRow, Input extends LinkedInput, Wire> = Omit<
  LinkedKind<Row, Input, Wire>,
  'table' | 'nameField' | 'messages'
>;

export function linkedKind<Row extends LinkedRow, Input extends LinkedInput, Wire>(
  spec: LinkedSpec<Row, Input, Wire>,
): LinkedKind<Row, Input, Wire> {
  const { type } = spec;
  const article = type === 'organizer' ? 'an' : 'a';
  return {
    ...spec,
    table: type === 'venue' ? 'venues' : 'organizers',
    nameField: type,
    // The reference's messages, word for word (docs/contract/compat-notes.md §4.3).
    messages: {
      notAccessible: `The requested ${type} is not accessible`,
      inTrash: `The ${type} is already trashed`,
      archivePageNotFound: `The requested ${type} archive page does not exist`,
      invalidId: `id is not ${article} ${type} ID.`,
    },
  };
}

/**
 * Text columns of a write: the given value, else the stored one, else "" on create. The given
 * ones are also noted in `given`, which duplicate detection compares.
 */
export function textDetails<K extends string>(
  columns: readonly K[],
  input: { readonly [C in K]?: string | undefined },
  existing: { readonly [C in K]: string } | undefined,
  given: Partial<Record<K, Detail>>,
): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const column of columns) {
    const value = input[column];
    if (value !== undefined) given[column] = value;
    values[column] = value ?? existing?.[column] ?? '';
  }
  return values;
}

/** `details` of a type whose own columns are all text given as they are (organizers). */
export const textOnlyDetails =
  <K extends string>(columns: readonly K[]) =>
  (
    input: { readonly [C in K]?: string | undefined },
    existing: { readonly [C in K]: string } | undefined,
  ) => {
    const given: Partial<Record<K, Detail>> = {};
    return { values: textDetails(columns, input, existing, given), given };
  };
