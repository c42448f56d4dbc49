/** The event wire shape (docs/contract/compat-notes.md §1.1, in its key order) and the event archive (§2.1). */
import { z } from 'zod';
import {
  archiveOf,
  costDetails,
  dateDetails,
  dateTime,
  emptyList,
  globalIds,
  image,
  jsonLd,
  postStatus,
} from './common.js';
import { embeddedTerm } from './terms.js';
import { organizer, venue } from './linked.js';
import { eventStatusValue } from '../event-status.js';

const flag = (description: string) => z.boolean().meta({ description });

export const event = z
  .object({
    id: z.number().int().meta({ description: 'The event ID.' }),
    ...globalIds,
    author: z.string().meta({ description: "The ID of the event's author, as a string." }),
    status: postStatus("The event's status."),
    date: dateTime("The event's publication date in the site time zone."),
    date_utc: dateTime("The event's publication date in UTC."),
    modified: dateTime("The event's last modification date in the site time zone."),
    modified_utc: dateTime("The event's last modification date in UTC."),
    url: z.string().meta({ description: 'The public page of the event.' }),
    rest_url: z.string().meta({ description: 'The REST URL of the event.' }),
    title: z.string().meta({ description: 'The event title.' }),
    description: z.string().meta({ description: "The event's description, as HTML." }),
    excerpt: z.string().meta({ description: "The event's excerpt, as HTML." }),
    slug: z.string().meta({ description: "The event's slug." }),
    image: z
      .union([image, z.literal(false)])
      .meta({ description: 'The featured image, or false when there is none.' }),
    all_day: flag('Whether the event lasts whole days.'),
    start_date: dateTime('The start date in the event time zone.'),
    start_date_details: dateDetails,
    end_date: dateTime('The end date in the event time zone.'),
    end_date_details: dateDetails,
    utc_start_date: dateTime('The start date in UTC.'),
    utc_start_date_details: dateDetails,
    utc_end_date: dateTime('The end date in UTC.'),
    utc_end_date_details: dateDetails,
    timezone: z.string().meta({ description: 'The event time zone, or an empty string.' }),
    timezone_abbr: z
      .string()
      .meta({ description: 'The abbreviation of the event time zone, or an empty string.' }),
    cost: z
      .string()
      .meta({ description: 'The cost as displayed, with its currency symbol; empty when none.' }),
    cost_details: costDetails,
    website: z.string().meta({ description: 'The event website URL.' }),
    show_map: flag('Whether a map is shown.'),
    show_map_link: flag('Whether a link to a map is shown.'),
    hide_from_listings: flag('Whether the event is left out of listings.'),
    sticky: flag('Whether the event sticks to the top of calendar views.'),
    featured: flag('Whether the event is featured.'),
    categories: z.array(embeddedTerm).meta({ description: 'The event categories.' }),
    tags: z.array(embeddedTerm).meta({ description: 'The event tags.' }),
    venue: z
      .union([venue, emptyList])
      .meta({ description: 'The event venue, or an empty list when there is none.' }),
    organizer: z.array(organizer).meta({ description: 'The event organizers.' }),
    custom_fields: z
      .union([
        z.record(z.string(), z.looseObject({ label: z.string(), value: z.unknown() })),
        emptyList,
      ])
      .meta({ description: 'Additional fields by key, or an empty list when there are none.' }),
    recurrence: z.array(z.string()).meta({
      description:
        'How the event repeats: the RFC 5545 lines of its series, or an empty list when it does not.',
    }),
    series_id: z.number().int().nullable().meta({
      description:
        'The ID of the first event of its series (the same for every occurrence), or null.',
    }),
    original_start_date: z.string().nullable().meta({
      description:
        'The start the rule gave this occurrence, in the event time zone, or null for a single event.',
    }),
    event_status: eventStatusValue.meta({
      description: 'Whether the event takes place: scheduled, canceled or postponed.',
    }),
    event_status_reason: z.string().meta({
      description: 'Why the event is canceled or postponed, as plain text; may be empty.',
    }),
    series_parts: z.array(z.number().int()).meta({
      description:
        'The IDs of the first events of every part of its series, first part first: one ID until a "this and following" change splits the series, then one per part; an empty list for a single event.',
    }),
    json_ld: jsonLd.optional(),
  })
  .meta({ description: 'An event.' });

export const eventArchive = archiveOf('events', event, 'events');

export type EventWire = z.infer<typeof event>;
export type EventArchiveWire = z.infer<typeof eventArchive>;
