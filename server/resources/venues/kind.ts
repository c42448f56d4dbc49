/**
 * What makes a venue a venue: its row, how a write fills it, how it is shown
 * (docs/contract/compat-notes.md §1.4, §3.4, §7.4). A new column goes into `VenueRow` and
 * `VENUE_TABLE` (storage/linked-posts.ts, and a migration), and the compiler then asks for it in `columns`, `details` and, once the wire shape
 * has it, `present` (docs/architecture.md, "Venues and organizers: one typed layer").
 */
import { pick } from '../../../shared/pick.js';
import type { VenueUpdateInput } from '../../../shared/schemas/venue.js';
import type { VenueWire } from '../../../shared/schemas/wire/index.js';
import { compact, jsonLdBase } from '../linked-posts/json-ld.js';
import { linkedKind, textDetails, type Detail, type Own } from '../linked-posts/kind.js';
import { VENUE_TABLE, VENUE_TEXT_COLUMNS, type VenueRow } from '../../storage/linked-posts.js';

export { VENUE_TEXT_COLUMNS, type VenueRow };

/** The text columns given as they are; `stateprovince` may be derived from them. */
const ADDRESS_COLUMNS = VENUE_TEXT_COLUMNS.filter(
  (column): column is Exclude<typeof column, 'stateprovince'> => column !== 'stateprovince',
);

const US_NAMES = new Set(['', 'us', 'usa', 'united states', 'united states of america']);

/**
 * State for US (or country-less) venues, province elsewhere (docs/contract/compat-notes.md §7.4).
 */
export function deriveStateProvince(country: string, state: string, province: string): string {
  return US_NAMES.has(country.trim().toLowerCase()) ? state || province : province || state;
}

/**
 * Map flags default to shown on create and are kept when omitted on update
 * (docs/contract/decisions.md 1).
 */
const flag = (value: boolean | undefined, existing: 0 | 1 | undefined): 0 | 1 =>
  value === undefined ? (existing ?? 1) : value ? 1 : 0;

export const venueKind = linkedKind<VenueRow, VenueUpdateInput, VenueWire>({
  type: 'venue',
  name: (input) => input.venue,
  columns: VENUE_TABLE.columns,

  details(input, existing) {
    const given: Partial<Record<keyof Own<VenueRow>, Detail>> = {};
    const coordinate = (column: 'geo_lat' | 'geo_lng') => {
      const value = input[column];
      if (value !== undefined && value !== null) given[column] = value;
      return value !== undefined ? value : (existing?.[column] ?? null);
    };
    const address = textDetails(ADDRESS_COLUMNS, input, existing, given);
    let stateprovince = existing?.stateprovince ?? '';
    if (input.stateprovince !== undefined)
      stateprovince = given.stateprovince = input.stateprovince;
    else if (
      !existing ||
      input.state !== undefined ||
      input.province !== undefined ||
      input.country !== undefined
    ) {
      stateprovince = deriveStateProvince(address.country, address.state, address.province);
    }
    const values: Own<VenueRow> = {
      ...address,
      stateprovince,
      show_map: flag(input.show_map, existing?.show_map),
      show_map_link: flag(input.show_map_link, existing?.show_map_link),
      geo_lat: coordinate('geo_lat'),
      geo_lng: coordinate('geo_lng'),
    };
    return { values, given };
  },

  crossCheck(input, existing) {
    const pick = (name: 'geo_lat' | 'geo_lng') => {
      const value = input[name];
      return value !== undefined ? value : (existing?.[name] ?? null);
    };
    const lat = pick('geo_lat');
    const lng = pick('geo_lng');
    if ((lat === null) === (lng === null)) return undefined;
    const missing = lat === null ? 'geo_lat' : 'geo_lng';
    return { [missing]: 'geo_lat and geo_lng go together: give both, or clear both.' };
  },

  present(row, { head, body, json_ld, ids }) {
    // Coordinates only come as a pair.
    const geo =
      row.geo_lat !== null && row.geo_lng !== null ? { lat: row.geo_lat, lng: row.geo_lng } : null;
    return {
      ...head,
      venue: row.title,
      ...body,
      ...pick(row, VENUE_TEXT_COLUMNS),
      geo_lat: geo?.lat,
      geo_lng: geo?.lng,
      json_ld,
      show_map: row.show_map === 1,
      show_map_link: row.show_map_link === 1,
      ...ids,
    };
  },
  // 0 is a real latitude (the equator), and false flags say something.
  keepEmpty: ['geo_lat', 'geo_lng', 'show_map', 'show_map_link'],

  jsonLd(row, image, url) {
    const address = compact({
      '@type': 'PostalAddress',
      streetAddress: row.address,
      addressLocality: row.city,
      addressRegion: row.stateprovince,
      postalCode: row.zip,
      addressCountry: row.country,
    });
    const geo =
      row.geo_lat !== null && row.geo_lng !== null
        ? { '@type': 'GeoCoordinates', latitude: row.geo_lat, longitude: row.geo_lng }
        : undefined;
    return compact({
      ...jsonLdBase('Place', row, image, url),
      address: Object.keys(address).length > 1 ? address : undefined,
      geo,
      telephone: row.phone,
      sameAs: row.website,
    });
  },
});
