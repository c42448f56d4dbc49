/** What makes an organizer an organizer (docs/contract/compat-notes.md §1.5, §3.4, §7.4; docs/contract/decisions.md 6). */
import type { LinkedKind } from '../linked-posts/kind.js';
import { organizerJsonLd } from '../linked-posts/json-ld.js';
import type { Detail, LinkedBehaviour } from '../linked-posts/service.js';

const DETAILS = ['phone', 'website', 'email'] as const;

export const organizerKind: LinkedKind = {
  type: 'organizer',
  table: 'organizers',
  nameField: 'organizer',
  textColumns: DETAILS,
  extraColumns: [],
  searchColumns: ['phone', 'email', 'website'],
  eventFilter:
    't.id IN (SELECT eo.organizer_id FROM event_organizers eo WHERE eo.event_id = @event)',
  hasEventsFilter:
    'EXISTS (SELECT 1 FROM event_organizers eo JOIN events e ON e.id = eo.event_id WHERE eo.organizer_id = t.id AND e.status NOT IN (SELECT value FROM json_each(@hidden)))',
  upcomingFilter:
    'EXISTS (SELECT 1 FROM event_organizers eo JOIN events e ON e.id = eo.event_id WHERE eo.organizer_id = t.id AND e.start_utc >= @now AND e.status IN (SELECT value FROM json_each(@visible)))',
  // Only this organizer's links go (docs/contract/decisions.md 6; the reference drops every organizer).
  unlinkSql: 'DELETE FROM event_organizers WHERE organizer_id = ?',
  messages: {
    notAccessible: 'The requested organizer is not accessible',
    inTrash: 'The organizer is already trashed',
    archivePageNotFound: 'The requested organizer archive page does not exist',
    invalidId: 'id is not an organizer ID.',
  },
};

export const organizerBehaviour: LinkedBehaviour = {
  kind: organizerKind,
  details(input, existing) {
    const values: Record<string, Detail> = {};
    const given: Record<string, Detail> = {};
    for (const column of DETAILS) {
      const value = input[column];
      if (typeof value === 'string') values[column] = given[column] = value;
      else if (!existing) values[column] = '';
    }
    return { values, given };
  },
  jsonLd: organizerJsonLd,
};
