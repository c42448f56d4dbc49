/**
 * Venue payloads (docs/contract/calendar-api.md §2.2, docs/contract/compat-notes.md §7.4); the wire
 * shape is in wire/linked.ts.
 */
import { z } from 'zod';
import { nonEmptyString, numberLike } from './coerce.js';
import { flag, text, websiteInput } from './fields.js';
import { linkedPostFields } from './linked-post.js';

/** A coordinate in range, or `""` to clear it. */
const coordinate = (limit: number, description: string) =>
  z
    .union([
      z.literal(''),
      numberLike.refine((n) => Math.abs(n) <= limit, `must be between -${limit} and ${limit}.`),
    ])
    .transform((value) => (value === '' ? null : value))
    .meta({
      type: 'number',
      description,
      forms: [
        z.number().meta({ minimum: -limit, maximum: limit }),
        z.literal('').meta({ description: 'Clears it.' }),
      ],
    });

/** Every venue field except the name, all optional (the name is required on create only). */
export const venueDetailFields = {
  ...linkedPostFields,
  show_map: flag('Whether a map is shown.').optional(),
  show_map_link: flag('Whether a link to a map is shown.').optional(),
  address: text('The street address.').optional(),
  city: text('The city.').optional(),
  country: text('The country.').optional(),
  province: text('The province.').optional(),
  state: text('The state.').optional(),
  zip: text('The postal code.').optional(),
  phone: text('The phone number.').optional(),
  stateprovince: text(
    'The state or province; derived from state or province when omitted.',
  ).optional(),
  website: websiteInput('The website URL.').optional(),
  geo_lat: coordinate(
    90,
    'The latitude, from -90 to 90, given or cleared together with geo_lng.',
  ).optional(),
  geo_lng: coordinate(
    180,
    'The longitude, from -180 to 180, given or cleared together with geo_lat.',
  ).optional(),
};

export const venueName = nonEmptyString.meta({
  description: 'The venue name, as text: markup is removed and some text must remain.',
});

export const venueCreateSchema = z.object({ venue: venueName, ...venueDetailFields });
export const venueUpdateSchema = z.object({ venue: venueName.optional(), ...venueDetailFields });
export type VenueCreateInput = z.output<typeof venueCreateSchema>;
export type VenueUpdateInput = z.output<typeof venueUpdateSchema>;

/** Venue data given inline in an event's `venue` field (the reference also reads `stateProvince`). */
export const venueInlineSchema = venueCreateSchema
  .extend({ stateProvince: text('The state or province.').optional() })
  .transform(({ stateProvince, ...venue }): VenueCreateInput =>
    venue.stateprovince === undefined && stateProvince !== undefined
      ? { ...venue, stateprovince: stateProvince }
      : venue,
  );
