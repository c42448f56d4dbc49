/**
 * What makes an organizer an organizer: its row, how a write fills it, how it is shown
 * (docs/contract/compat-notes.md §1.5, §3.4, §7.4; docs/contract/decisions.md 6).
 */
import type { OrganizerUpdateInput } from '../../../shared/schemas/organizer.js';
import type { OrganizerWire } from '../../../shared/schemas/wire/index.js';
import { compact, jsonLdBase } from '../linked-posts/json-ld.js';
import type { Detail, LinkedKind, LinkedRow, Own } from '../linked-posts/kind.js';

/** One `organizers` row as stored. */
export interface OrganizerRow extends LinkedRow {
  phone: string;
  website: string;
  email: string;
}

export const organizerKind: LinkedKind<OrganizerRow, OrganizerUpdateInput, OrganizerWire> = {
  type: 'organizer',
  table: 'organizers',
  nameField: 'organizer',
  name: (input) => input.organizer,
  columns: {
    phone: { search: true },
    website: { search: true },
    email: { search: true },
  },

  details(input, existing) {
    const given: Partial<Record<keyof Own<OrganizerRow>, Detail>> = {};
    const text = (column: keyof Own<OrganizerRow>) => {
      const value = input[column];
      if (value !== undefined) given[column] = value;
      return value ?? existing?.[column] ?? '';
    };
    return {
      values: { phone: text('phone'), website: text('website'), email: text('email') },
      given,
    };
  },

  present: (row, { head, body, json_ld, ids }) => ({
    ...head,
    organizer: row.title,
    ...body,
    phone: row.phone,
    website: row.website,
    email: row.email,
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

  messages: {
    notAccessible: 'The requested organizer is not accessible',
    inTrash: 'The organizer is already trashed',
    archivePageNotFound: 'The requested organizer archive page does not exist',
    invalidId: 'id is not an organizer ID.',
  },
};
