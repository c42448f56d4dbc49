/**
 * The one place the reference's key orders are written out (docs/contract/compat-notes.md §1.1,
 * §1.4, §1.5, §1.6): the wire schemas must list exactly these keys in this order. Every HTTP test
 * then compares responses with the schemas' keys (test/helpers/fixtures.ts), so a key added,
 * dropped or moved is caught here against the contract and there against the server.
 */
import { describe, expect, it } from 'vitest';
import {
  costDetails,
  dateDetails,
  embeddedTerm,
  event,
  organizer,
  venue,
} from '../../shared/schemas/wire/index.js';
import { wireKeys } from '../helpers/fixtures.js';

describe('wire schemas keep the reference’s keys and order', () => {
  it('event', () => {
    expect(wireKeys(event)).toEqual([
      'id',
      'global_id',
      'global_id_lineage',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'rest_url',
      'title',
      'description',
      'excerpt',
      'slug',
      'image',
      'all_day',
      'start_date',
      'start_date_details',
      'end_date',
      'end_date_details',
      'utc_start_date',
      'utc_start_date_details',
      'utc_end_date',
      'utc_end_date_details',
      'timezone',
      'timezone_abbr',
      'cost',
      'cost_details',
      'website',
      'show_map',
      'show_map_link',
      'hide_from_listings',
      'sticky',
      'featured',
      'categories',
      'tags',
      'venue',
      'organizer',
      'custom_fields',
      // Almanac's extensions come after the reference's keys, before json_ld
      // (docs/contract/extensions.md, §E1, §E7).
      'recurrence',
      'series_id',
      'original_start_date',
      'event_status',
      'event_status_reason',
      'series_parts',
      'json_ld',
    ]);
  });

  it('venue and organizer', () => {
    expect(wireKeys(venue)).toEqual([
      'id',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'venue',
      'description',
      'excerpt',
      'slug',
      'image',
      'address',
      'city',
      'country',
      'province',
      'state',
      'zip',
      'phone',
      'website',
      'stateprovince',
      'geo_lat',
      'geo_lng',
      'json_ld',
      'show_map',
      'show_map_link',
      'global_id',
      'global_id_lineage',
    ]);
    expect(wireKeys(organizer)).toEqual([
      'id',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'organizer',
      'description',
      'excerpt',
      'slug',
      'image',
      'phone',
      'website',
      'email',
      'json_ld',
      'global_id',
      'global_id_lineage',
    ]);
  });

  it('date details, cost details and embedded terms', () => {
    expect(wireKeys(dateDetails)).toEqual(['year', 'month', 'day', 'hour', 'minutes', 'seconds']);
    expect(wireKeys(costDetails)).toEqual([
      'currency_symbol',
      'currency_code',
      'currency_position',
      'values',
    ]);
    expect(wireKeys(embeddedTerm)).toEqual([
      'id',
      'name',
      'slug',
      'term_group',
      'term_taxonomy_id',
      'taxonomy',
      'description',
      'parent',
      'count',
      'filter',
      'urls',
    ]);
  });
});
