/**
 * What makes an organizer an organizer: its row, how a write fills it, how it is shown
 * (docs/contract/compat-notes.md §1.5, §3.4, §7.4; docs/contract/decisions.md 6).
 */
import { pick } from '../../../shared/pick.js';
import type { OrganizerUpdateInput } from '../../../shared/schemas/organizer.js';
import type { OrganizerWire } from '../../../shared/schemas/wire/index.js';
import { compact, jsonLdBase } from '../linked-posts/json-ld.js';
import { linkedKind, textOnlyDetails } from '../linked-posts/kind.js';
import {
  ORGANIZER_TABLE,
  ORGANIZER_TEXT_COLUMNS,
  type OrganizerRow,
} from '../../storage/linked-posts.js';

export { ORGANIZER_TEXT_COLUMNS, type OrganizerRow };

export const organizerKind = linkedKind<OrganizerRow, OrganizerUpdateInput, OrganizerWire>({
  type: 'organizer',
  name: (input) => input.organizer,
  columns: ORGANIZER_TABLE.columns,

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
