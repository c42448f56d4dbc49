/**
 * Venue and organizer rows as the API shows them (docs/contract/compat-notes.md §1.4, §1.5): fields in the
 * reference's order, every empty value removed, then the always-present keys appended.
 */
import type { ImageWire } from '../../../shared/schemas/wire/index.js';
import { formatInZone, parseUtc } from '../../../shared/time.js';
import { globalId, type Links } from '../../http/links.js';
import { autop } from '../../text/html.js';
import type { AnyLinkedRow, LinkedKind } from './kind.js';

export interface PresentOptions {
  /** The site time zone, for `date` and `modified`. */
  timezone: string;
  images: ReadonlyMap<number, ImageWire>;
  links: Links;
  /** Only single reads carry `json_ld` (docs/contract/compat-notes.md §1.7, §11.1). */
  jsonLd: boolean;
}

/** The reference's `empty()`: these values are dropped from the object. */
const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  value === 0 ||
  value === '0' ||
  value === false ||
  (Array.isArray(value) && value.length === 0);

export function permalink(kind: LinkedKind, row: AnyLinkedRow, links: Links): string {
  return links.site(`/${kind.type}/${encodeURIComponent(row.slug)}/`);
}

export function presentLinked(
  kind: LinkedKind,
  row: AnyLinkedRow,
  options: PresentOptions,
  jsonLd: (row: AnyLinkedRow, image: ImageWire | undefined, url: string) => Record<string, unknown>,
): Record<string, unknown> {
  const { links, timezone } = options;
  const url = permalink(kind, row, links);
  const image = row.image_id === null ? undefined : options.images.get(row.image_id);
  const fields: Array<[string, unknown]> = [
    ['id', row.id],
    ['author', row.author === null ? '0' : String(row.author)],
    ['status', row.status],
    ['date', formatInZone(parseUtc(row.date_utc), timezone)],
    ['date_utc', row.date_utc],
    ['modified', formatInZone(parseUtc(row.modified_utc), timezone)],
    ['modified_utc', row.modified_utc],
    ['url', url],
    [kind.nameField, row.title],
    ['description', autop(row.description)],
    ['excerpt', autop(row.excerpt)],
    ['slug', row.slug],
    ['image', image],
    ...kind.textColumns.map((column): [string, unknown] => [column, row[column]]),
  ];
  const out: Record<string, unknown> = {};
  for (const [key, value] of fields) if (!isEmpty(value)) out[key] = value;
  // Coordinates only come as a pair, and 0 is a real latitude (the equator), so they skip empty().
  if (typeof row.geo_lat === 'number' && typeof row.geo_lng === 'number') {
    out.geo_lat = row.geo_lat;
    out.geo_lng = row.geo_lng;
  }
  if (options.jsonLd) out.json_ld = jsonLd(row, image, url);
  if ('show_map' in row) {
    out.show_map = row.show_map === 1;
    out.show_map_link = row.show_map_link === 1;
  }
  const id = globalId(row.id, links);
  out.global_id = id;
  out.global_id_lineage = [id];
  return out;
}
