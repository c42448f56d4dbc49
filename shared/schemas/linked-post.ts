/**
 * The payload and listing fields venues and organizers (the reference's "linked posts") share,
 * built from the field rules of fields.ts and reused by both resources' schemas and forms.
 */
import { z } from 'zod';
import { integerLike } from './coerce.js';
import {
  authorInput,
  dateInput,
  imageInput,
  pageInput,
  perPageInput,
  statusInput,
  statusListInput,
  text,
  flagFilter,
  idFilter,
} from './fields.js';
import { linkedSearchFragments } from '../search.js';
import { searchParam } from './search.js';
import { linkedOrderbyInput, orderInput } from './order.js';

/** The fields every linked post accepts besides its name and its own details. */
export const linkedPostFields = {
  author: authorInput.optional(),
  date: dateInput('The publication date, in the site time zone.').optional(),
  date_utc: dateInput('The publication date in UTC.').optional(),
  description: text('The description; HTML is limited to formatting tags.').optional(),
  excerpt: text('A short summary; HTML is limited to formatting tags.').optional(),
  status: statusInput.optional(),
  image: imageInput.optional(),
};

/** `page`, `per_page`, `search`, `event`, `has_events`, `only_with_upcoming` and `status`. */
export const linkedPostListFields = {
  page: pageInput,
  per_page: perPageInput('How many items to return per page (at most 50).'),
  search: searchParam(
    'Only items with a field that contains every word of this text.',
    linkedSearchFragments,
  ).optional(),
  event: idFilter('Only the items linked to this event ID.'),
  has_events: flagFilter('Only the items that have (true) or lack (false) events.'),
  only_with_upcoming: flagFilter('Only the items linked to events that have not started yet.'),
  status: statusListInput(
    'Only items with one of these statuses; publish only for those who cannot edit them.',
  ),
  orderby: linkedOrderbyInput,
  order: orderInput,
};

/** The listing's arguments, the same for venues and organizers. */
export const linkedPostListSchema = z.object(linkedPostListFields);

/** A path id (digits only; the route pattern already guarantees it). */
export const pathId = integerLike.meta({
  type: 'integer',
  minimum: 1,
  description: 'The numeric ID.',
});
export const pathSlug = z.string().min(1).meta({ description: 'The slug.' });
