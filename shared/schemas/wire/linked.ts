/**
 * Venue and organizer wire shapes (docs/contract/compat-notes.md §1.4, §1.5). Empty fields are left
 * out of these objects, so every field that can be empty is optional (a name of "0" too, as the
 * reference's `empty()` drops it); there is no `rest_url`.
 */
import { z } from 'zod';
import {
  archiveOf,
  dateTime,
  globalIds,
  image,
  jsonLd,
  optionalString as text,
  postStatus,
} from './common.js';

const head = (what: string) => ({
  id: z
    .number()
    .int()
    .meta({ description: `The ${what} ID.` }),
  author: z
    .string()
    .optional()
    .meta({ description: `The ID of the ${what}'s author, as a string.` }),
  status: postStatus(`The ${what}'s status.`),
  date: dateTime(`The ${what}'s publication date in the site time zone.`),
  date_utc: dateTime(`The ${what}'s publication date in UTC.`),
  modified: dateTime(`The ${what}'s last modification date in the site time zone.`),
  modified_utc: dateTime(`The ${what}'s last modification date in UTC.`),
  url: z.string().meta({ description: `The public page of the ${what}.` }),
});

const body = (what: string) => ({
  description: z
    .string()
    .optional()
    .meta({ description: `The ${what}'s description, as HTML.` }),
  excerpt: z
    .string()
    .optional()
    .meta({ description: `The ${what}'s excerpt, as HTML.` }),
  slug: z
    .string()
    .optional()
    .meta({ description: `The ${what}'s slug.` }),
  image: image.optional(),
});

/** The contact fields both shapes have, in the reference's order. */
const contact = { phone: text('The phone number.'), website: text('The website URL.') };

export const venue = z
  .object({
    ...head('venue'),
    venue: text('The venue name.'),
    ...body('venue'),
    address: text('The street address.'),
    city: text('The city.'),
    country: text('The country.'),
    province: text('The province.'),
    state: text('The state.'),
    zip: text('The postal code.'),
    ...contact,
    stateprovince: text('The state or province.'),
    geo_lat: z.number().optional().meta({ description: 'The latitude, when known.' }),
    geo_lng: z.number().optional().meta({ description: 'The longitude, when known.' }),
    json_ld: jsonLd.optional(),
    show_map: z.boolean().meta({ description: 'Whether a map is shown for the venue.' }),
    show_map_link: z
      .boolean()
      .meta({ description: 'Whether a link to a map is shown for the venue.' }),
    ...globalIds,
  })
  .meta({ description: 'A venue; empty fields are left out.' });

export const organizer = z
  .object({
    ...head('organizer'),
    organizer: text('The organizer name.'),
    ...body('organizer'),
    ...contact,
    email: text('The e-mail address.'),
    json_ld: jsonLd.optional(),
    ...globalIds,
  })
  .meta({ description: 'An organizer; empty fields are left out.' });

export const venueArchive = archiveOf('venues', venue, 'venues');
export const organizerArchive = archiveOf('organizers', organizer, 'organizers');

export type VenueWire = z.infer<typeof venue>;
export type OrganizerWire = z.infer<typeof organizer>;
export type VenueArchiveWire = z.infer<typeof venueArchive>;
export type OrganizerArchiveWire = z.infer<typeof organizerArchive>;
