/**
 * Organizer payloads (docs/contract/calendar-api.md §2.3, docs/contract/compat-notes.md §7.4); the
 * wire shape is in wire/linked.ts.
 */
import { z } from 'zod';
import { nonEmptyString } from './coerce.js';
import { text, websiteInput } from './fields.js';
import { linkedPostFields } from './linked-post.js';

/** Every organizer field except the name, all optional. */
export const organizerDetailFields = {
  ...linkedPostFields,
  phone: text('The phone number.').optional(),
  website: websiteInput('The website URL.').optional(),
  // The reference does not check the format; neither do we (an organizer may list "on request").
  email: text('The e-mail address.').optional(),
};

export const organizerName = nonEmptyString.meta({
  description: 'The organizer name, as text: markup is removed and some text must remain.',
});

export const organizerCreateSchema = z.object({
  organizer: organizerName,
  ...organizerDetailFields,
});
export const organizerUpdateSchema = z.object({
  organizer: organizerName.optional(),
  ...organizerDetailFields,
});
export type OrganizerCreateInput = z.output<typeof organizerCreateSchema>;
export type OrganizerUpdateInput = z.output<typeof organizerUpdateSchema>;

export const organizerInlineSchema = organizerCreateSchema;
