/**
 * The venues and organizers aggregates, the reference's two "linked post" types: their rows,
 * their tables' columns, and what storage answers about them. Both share one shape of repository,
 * generic over the type's row; a type's own columns are declared once here, and the compiler
 * checks the declaration covers the row (resources/linked-posts/kind.ts builds on it).
 */
import type { PostStatus } from '../../shared/roles.js';
import type { LinkedOrderby, SortDirection } from '../../shared/schemas/order.js';
import { POST_COLUMNS, type PostRow } from '../db/post-row.js';

/** The columns every venue and organizer row has. */
export interface LinkedRow extends PostRow {
  image_id: number | null;
}

/** The shared columns a write stores (the id is the row's own). */
export type LinkedValues = Omit<LinkedRow, 'id'>;

/** The names of a type's own columns. */
export type OwnColumn<Row extends LinkedRow> = Exclude<keyof Row, keyof LinkedRow> & string;

/** A type's own columns with their values. */
export type Own<Row extends LinkedRow> = Pick<Row, OwnColumn<Row>>;

/** A stored column value, as duplicate detection compares it. */
export type Detail = string | number | null;

/** The columns every venue and organizer table has, besides the id. */
export const LINKED_COLUMNS = [
  ...POST_COLUMNS,
  'image_id',
] as const satisfies readonly (keyof LinkedValues)[];

/**
 * A type's own columns: those a search reads besides the title, description and excerpt
 * (docs/contract/compat-notes.md §3.4), and the others. The repository writes exactly these.
 */
export interface OwnColumns<Row extends LinkedRow> {
  readonly searched: readonly OwnColumn<Row>[];
  readonly stored: readonly OwnColumn<Row>[];
}

/** `unknown` when `Given` covers `All`; otherwise a type no object matches, naming what is missing. */
type Covers<All, Given> = [Exclude<All, Given>] extends [never]
  ? unknown
  : { missing: Exclude<All, Given> };

/** A type's own columns, which the compiler checks are all the row's own columns. */
export const ownColumnsOf =
  <Row extends LinkedRow>() =>
  <const S extends readonly OwnColumn<Row>[], const T extends readonly OwnColumn<Row>[]>(
    columns: { searched: S; stored: T } & Covers<OwnColumn<Row>, S[number] | T[number]>,
  ): OwnColumns<Row> =>
    columns;

/** What storage needs to know of a type: its table and its own columns. */
export interface LinkedTable<Row extends LinkedRow> {
  type: 'venue' | 'organizer';
  /** `venues` / `organizers`: the table and the REST collection. */
  table: 'venues' | 'organizers';
  /** Every own column of the table, made by `ownColumnsOf` so that none can be forgotten. */
  columns: OwnColumns<Row>;
}

/** The own columns of a type. */
export const ownColumns = <Row extends LinkedRow>(kind: LinkedTable<Row>): OwnColumn<Row>[] => [
  ...kind.columns.searched,
  ...kind.columns.stored,
];

/** Every column of a type's table but the id: the shared ones, then its own. */
export const linkedColumns = <Row extends LinkedRow>(kind: LinkedTable<Row>): string[] => [
  ...LINKED_COLUMNS,
  ...ownColumns(kind),
];

/** One `venues` row as stored. */
export interface VenueRow extends LinkedRow {
  address: string;
  city: string;
  country: string;
  province: string;
  state: string;
  zip: string;
  phone: string;
  website: string;
  stateprovince: string;
  show_map: 0 | 1;
  show_map_link: 0 | 1;
  geo_lat: number | null;
  geo_lng: number | null;
}

/** The venues' text columns, in the order of the wire shape and of the export. */
export const VENUE_TEXT_COLUMNS = [
  'address',
  'city',
  'country',
  'province',
  'state',
  'zip',
  'phone',
  'website',
  'stateprovince',
] as const satisfies readonly (keyof VenueRow)[];

export const VENUE_TABLE: LinkedTable<VenueRow> = {
  type: 'venue',
  table: 'venues',
  columns: ownColumnsOf<VenueRow>()({
    searched: ['address', 'city', 'province', 'state', 'zip', 'phone', 'stateprovince'],
    stored: ['country', 'website', 'show_map', 'show_map_link', 'geo_lat', 'geo_lng'],
  }),
};

/** One `organizers` row as stored. */
export interface OrganizerRow extends LinkedRow {
  phone: string;
  website: string;
  email: string;
}

/** The organizers' text columns, in the order of the wire shape and of the export. */
export const ORGANIZER_TEXT_COLUMNS = [
  'phone',
  'website',
  'email',
] as const satisfies readonly (keyof OrganizerRow)[];

export const ORGANIZER_TABLE: LinkedTable<OrganizerRow> = {
  type: 'organizer',
  table: 'organizers',
  columns: ownColumnsOf<OrganizerRow>()({ searched: ORGANIZER_TEXT_COLUMNS, stored: [] }),
};

export interface ListOrder {
  by: LinkedOrderby;
  dir: SortDirection;
}

export interface ListFilter {
  statuses: readonly string[];
  /** Contributors see published items and their own, never other users' drafts. */
  ownOrPublishedFor?: number | undefined;
  event?: number | undefined;
  hasEvents?: boolean | undefined;
  upcoming?: { now: string; statuses: readonly string[] } | undefined;
  /** Search fragments: an item matches when one field contains them all. */
  fragments?: readonly string[] | undefined;
  order: ListOrder;
}

export interface TrashMeta {
  previous_status: string;
  previous_slug: string;
}

export interface LinkedPostsReader<Row extends LinkedRow> {
  find(id: number): Promise<Row | undefined>;
  findBySlug(slug: string): Promise<Row | undefined>;
  findMany(ids: readonly number[]): Promise<Row[]>;
  /** The kind of post `id` is (`event`, `venue`, …), if it is one. */
  kindOf(id: number): Promise<string | undefined>;
  /** The author and status of event `id`, which decide who may read it. */
  eventOwner(id: number): Promise<{ author: number | null; status: PostStatus } | undefined>;
  /** The slugs other items use among `base` and `base-<n>`. */
  slugVariants(base: string, exceptId: number): Promise<Set<string>>;
  trashMeta(id: number): Promise<TrashMeta | undefined>;
  /**
   * The first non-trashed item whose given columns all equal the given values, text compared
   * case-insensitively (docs/contract/decisions.md 12).
   */
  findDuplicate(given: Readonly<Partial<Record<string, Detail>>>): Promise<Row | undefined>;
  /** A page and its total, read together; `total` is -1 without `counted`. */
  list(
    filter: ListFilter,
    limit: number,
    offset: number,
    counted: boolean,
  ): Promise<{ rows: Row[]; total: number }>;
}

export interface LinkedPostsRepository<Row extends LinkedRow> extends LinkedPostsReader<Row> {
  /** A new post id and row; answers the id. */
  insert(shared: LinkedValues, values: Own<Row>): Promise<number>;
  update(id: number, shared: LinkedValues, values: Own<Row>): Promise<void>;
  /** Moves to the trash (remembering its status and slug) and unlinks it from its events. */
  trash(row: Row, shared: LinkedValues, trashedUtc: string): Promise<void>;
  forgetTrash(id: number): Promise<void>;
}
