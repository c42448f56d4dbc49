/**
 * What makes an organizer an organizer: its row, how a write fills it, how it is shown
 * (docs/contract/compat-notes.md §1.5, §3.4, §7.4; docs/contract/decisions.md 6).
 */
import { pick } from '../../../shared/pick.js';
import type { OrganizerUpdateInput } from '../../../shared/schemas/organizer.js';
import type { OrganizerWire } from '../../../shared/schemas/wire/index.js';
import { compact, jsonLdBase } from '../linked-posts/json-ld.js';
import { linkedKind, ownColumnsOf, textOnlyDetails, type LinkedRow } from '../linked-posts/kind.js';

/** One `organizers` row as stored. */
export interface OrganizerRow extends LinkedRow {
  phone: string;
  website: string;
  email: string;
}

/** The text columns, in the order of the wire shape and of the export. */
export const ORGANIZER_TEXT_COLUMNS = [
  'phone',
  'website',
  'email',
] as const satisfies readonly (keyof OrganizerRow)[];

export const organizerKind = linkedKind<OrganizerRow, OrganizerUpdateInput, OrganizerWire>({
  type: 'organizer',
  name: (input) => input.organizer,
  columns: ownColumnsOf<OrganizerRow>()({ searched: ORGANIZER_TEXT_COLUMNS, stored: [] }),

  details: textOnlyDetails(ORGANIZER_TEXT_COLUMNS),

  present: (row, { head, body, json_ld, ids }) => ({
    ...head,
    organizer: row.title,
    ...body,
    ...pick(row, ORGANIZER_TEXT_COLUMNS),
    json_ld,
    ...ids,
  }),
  keepEmpty: [],

  jsonLd: (row, image, url) =>
    compact({
      ...jsonLdBase('Person', row, image, url),
      telephone: row.phone,
      email: row.email,
      sameAs: row.website,
    }),
});
