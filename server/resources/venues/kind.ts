/** What makes a venue a venue: its columns, its links to events, its messages (docs/contract/compat-notes.md §1.4, §3.4, §7.4). */
import type { LinkedKind } from '../linked-posts/kind.js';
import { venueJsonLd } from '../linked-posts/json-ld.js';
import type { Detail, LinkedBehaviour } from '../linked-posts/service.js';

const ADDRESS = [
  'address',
  'city',
  'country',
  'province',
  'state',
  'zip',
  'phone',
  'website',
] as const;

export const venueKind: LinkedKind = {
  type: 'venue',
  table: 'venues',
  nameField: 'venue',
  textColumns: [...ADDRESS, 'stateprovince'],
  extraColumns: ['show_map', 'show_map_link', 'geo_lat', 'geo_lng'],
  searchColumns: ['address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'],
  eventFilter: 't.id = (SELECT e.venue_id FROM events e WHERE e.id = @event)',
  hasEventsFilter:
    'EXISTS (SELECT 1 FROM events e WHERE e.venue_id = t.id AND e.status NOT IN (SELECT value FROM json_each(@hidden)))',
  upcomingFilter:
    'EXISTS (SELECT 1 FROM events e WHERE e.venue_id = t.id AND e.start_utc >= @now AND e.status IN (SELECT value FROM json_each(@visible)))',
  unlinkSql: 'UPDATE events SET venue_id = NULL WHERE venue_id = ?',
  messages: {
    notAccessible: 'The requested venue is not accessible',
    inTrash: 'The venue is already trashed',
    archivePageNotFound: 'The requested venue archive page does not exist',
    invalidId: 'id is not a venue ID.',
  },
};

const US_NAMES = new Set(['', 'us', 'usa', 'united states', 'united states of america']);

/** State for US (or country-less) venues, province elsewhere (docs/contract/compat-notes.md §7.4). */
export function deriveStateProvince(country: string, state: string, province: string): string {
  return US_NAMES.has(country.trim().toLowerCase()) ? state || province : province || state;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

export const venueBehaviour: LinkedBehaviour = {
  kind: venueKind,
  details(input, existing) {
    const values: Record<string, Detail> = {};
    const given: Record<string, Detail> = {};
    for (const column of ADDRESS) {
      const value = input[column];
      if (typeof value === 'string') values[column] = given[column] = value;
      else if (!existing) values[column] = '';
    }
    const merged = { ...existing, ...values };
    if (typeof input.stateprovince === 'string') {
      values.stateprovince = given.stateprovince = input.stateprovince;
    } else if (!existing || ['state', 'province', 'country'].some((c) => c in values)) {
      values.stateprovince = deriveStateProvince(
        str(merged.country),
        str(merged.state),
        str(merged.province),
      );
    }
    for (const flag of ['show_map', 'show_map_link']) {
      const value = input[flag];
      // Map flags default to shown on create and are kept when omitted on update (docs/contract/decisions.md 1).
      if (typeof value === 'boolean') values[flag] = value ? 1 : 0;
      else if (!existing) values[flag] = 1;
    }
    for (const coordinate of ['geo_lat', 'geo_lng']) {
      const value = input[coordinate];
      if (typeof value === 'number' || value === null) {
        values[coordinate] = value;
        if (value !== null) given[coordinate] = value;
      } else if (!existing) values[coordinate] = null;
    }
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
  jsonLd: venueJsonLd,
};
