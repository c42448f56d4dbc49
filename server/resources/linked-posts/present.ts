/**
 * Venue and organizer rows as the API shows them (docs/contract/compat-notes.md §1.4, §1.5): the
 * type's `present` lays out every field in the reference's order, then empty values are left out
 * as the reference's `empty()` leaves them out, except the few that mean something when empty.
 */
import type { ImageWire } from '../../../shared/schemas/wire/index.js';
import { formatInZone, parseUtc } from '../../../shared/time.js';
import { globalId, type Links } from '../../http/links.js';
import { autop } from '../../text/html.js';
import type { LinkedInput, LinkedKind, LinkedRow, Presented, SharedWire } from './kind.js';

export interface PresentOptions {
  /** The site time zone, for `date` and `modified`. */
  timezone: string;
  images: ReadonlyMap<number, ImageWire>;
  links: Links;
  /** Only single reads carry `json_ld` (docs/contract/compat-notes.md §1.7, §11.1). */
  jsonLd: boolean;
}

/** The reference's `empty()`. */
const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  value === 0 ||
  value === '0' ||
  value === false ||
  (Array.isArray(value) && value.length === 0);

/** These are there even when empty: ids, and `json_ld` when asked for. */
const ALWAYS = new Set(['json_ld', 'global_id', 'global_id_lineage']);

/** The fields left when empty ones are dropped; `undefined` always goes. */
function withoutEmpty<Wire>(fields: Presented<Wire>, keep: ReadonlySet<PropertyKey>): Wire {
  const out: Partial<Wire> = {};
  for (const key of Object.keys(fields) as (keyof Wire)[]) {
    const value = fields[key];
    if (value !== undefined && (!isEmpty(value) || keep.has(key) || ALWAYS.has(String(key)))) {
      out[key] = value;
    }
  }
  // Every key the type requires is one `present` sets and none of them is ever empty.
  return out as Wire;
}

export function presentLinked<Row extends LinkedRow, Input extends LinkedInput, Wire>(
  kind: LinkedKind<Row, Input, Wire>,
  row: Row,
  options: PresentOptions,
): Wire {
  const { links, timezone } = options;
  const url = links.site(`/${kind.type}/${encodeURIComponent(row.slug)}/`);
  const image = row.image_id === null ? undefined : options.images.get(row.image_id);
  const id = globalId(row.id, links);
  const shared: SharedWire = {
    head: {
      id: row.id,
      author: row.author === null ? '0' : String(row.author),
      status: row.status,
      date: formatInZone(parseUtc(row.date_utc), timezone),
      date_utc: row.date_utc,
      modified: formatInZone(parseUtc(row.modified_utc), timezone),
      modified_utc: row.modified_utc,
      url,
    },
    body: {
      description: autop(row.description),
      excerpt: autop(row.excerpt),
      slug: row.slug,
      image,
    },
    json_ld: options.jsonLd ? kind.jsonLd(row, image, url) : undefined,
    ids: { global_id: id, global_id_lineage: [id] },
  };
  return withoutEmpty(kind.present(row, shared), new Set(kind.keepEmpty));
}
