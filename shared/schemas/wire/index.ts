/**
 * The named wire shapes, in the order the OpenAPI document lists them: the reference's eight
 * definitions first (docs/contract/compat-notes.md §8.3), then the archives and the error envelope.
 */
import type { z } from 'zod';
import { apiError, costDetails, dateDetails, image, imageSize } from './common.js';
import { category, categoryArchive, embeddedTerm, tag, tagArchive } from './terms.js';
import { organizer, organizerArchive, venue, venueArchive } from './linked.js';
import { event, eventArchive } from './events.js';

export * from './common.js';
export * from './terms.js';
export * from './linked.js';
export * from './events.js';
export * from './admin.js';
export * from './connect.js';

export const WIRE_SCHEMAS: ReadonlyArray<readonly [string, z.ZodType]> = [
  ['ImageSize', imageSize],
  ['CostDetails', costDetails],
  ['Term', embeddedTerm],
  ['Image', image],
  ['DateDetails', dateDetails],
  ['Event', event],
  ['Venue', venue],
  ['Organizer', organizer],
  ['Category', category],
  ['Tag', tag],
  ['EventArchive', eventArchive],
  ['VenueArchive', venueArchive],
  ['OrganizerArchive', organizerArchive],
  ['CategoryArchive', categoryArchive],
  ['TagArchive', tagArchive],
  ['Error', apiError],
];
