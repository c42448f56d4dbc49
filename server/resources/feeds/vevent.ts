/**
 * One event as a VEVENT (docs/contract/extensions.md §E2), in jCal form (RFC 7265) for ical.js
 * to write. Pure: the caller gives the row and only what the reader may see of its venue and
 * organizers.
 */
import { textWithBreaks } from '../../text/html.js';
import type { JCal, JCalProperty } from './vtimezone.js';
import type { FeedRow, OrganizerBrief, VenueBrief } from '../../storage/feeds.js';

export interface VeventParts {
  row: FeedRow;
  /** The UID: the imported one, or one made of the event id and the installation's id. */
  uid: string;
  sequence: number;
  url: string;
  venue: VenueBrief | undefined;
  organizers: OrganizerBrief[];
  /** Public page of an organizer, the ORGANIZER's address when it has no email. */
  organizerUrl: (organizer: OrganizerBrief) => string;
  categories: string[];
  /** RRULE/EXDATE/RDATE or RECURRENCE-ID of a series (series.ts), after DTSTART and DTEND. */
  recurrence?: JCalProperty[];
}

/** The UID of an event that was not imported: the installation's id makes it unique. */
export function eventUid(eventId: number, siteUid: string): string {
  return `event-${eventId}-${siteUid}@almanac`;
}

/** `YYYY-MM-DD HH:MM:SS` (stored UTC) as a jCal UTC date-time. */
const utc = (stored: string) => `${stored.replace(' ', 'T')}Z`;
/** `YYYY-MM-DD HH:MM:SS` (stored wall time) as a jCal local date-time. */
const local = (stored: string) => stored.replace(' ', 'T');

function nextDay(day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/** DTSTART and DTEND: wall times in the event's zone, or dates with the exclusive end. */
export function eventTimes(row: FeedRow): JCalProperty[] {
  if (row.all_day === 1) {
    return [
      ['dtstart', {}, 'date', row.start_local.slice(0, 10)],
      ['dtend', {}, 'date', nextDay(row.end_local.slice(0, 10))],
    ];
  }
  return [
    ['dtstart', { tzid: row.timezone }, 'date-time', local(row.start_local)],
    ['dtend', { tzid: row.timezone }, 'date-time', local(row.end_local)],
  ];
}

export function venueLocation(venue: VenueBrief): string {
  const parts = [
    venue.title,
    venue.address,
    [venue.zip, venue.city].filter((p) => p.trim() !== '').join(' '),
    venue.stateprovince,
    venue.country,
  ];
  return parts
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join(', ');
}

/**
 * STATUS (docs/contract/extensions.md §E7): a canceled event is CANCELLED; a postponed one, like
 * one not yet published, is TENTATIVE; a confirmed one says nothing (RFC 5545's default).
 */
export function veventStatus(row: Pick<FeedRow, 'status' | 'event_status'>): string | undefined {
  if (row.event_status === 'canceled') return 'CANCELLED';
  if (row.event_status === 'postponed' || row.status !== 'publish') return 'TENTATIVE';
  return undefined;
}

export function vevent(parts: VeventParts): JCal {
  const { row } = parts;
  const props: JCalProperty[] = [
    ['uid', {}, 'text', parts.uid],
    // The last change, not the time of the request: the same data gives the same bytes, so the
    // feed's validator is honest and clients see no change where there is none.
    ['dtstamp', {}, 'date-time', utc(row.modified_utc)],
    ...eventTimes(row),
    ...(parts.recurrence ?? []),
    ['summary', {}, 'text', row.title],
  ];
  const description = textWithBreaks(row.description);
  if (description !== '') props.push(['description', {}, 'text', description]);
  props.push(['url', {}, 'uri', parts.url]);
  if (parts.venue) {
    props.push(['location', {}, 'text', venueLocation(parts.venue)]);
    if (parts.venue.geo_lat !== null && parts.venue.geo_lng !== null) {
      props.push(['geo', {}, 'float', [parts.venue.geo_lat, parts.venue.geo_lng]]);
    }
  }
  // RFC 5545 allows one ORGANIZER; further organizers are CONTACTs.
  parts.organizers.forEach((organizer, index) => {
    const address =
      organizer.email.trim() !== ''
        ? `mailto:${organizer.email.trim()}`
        : parts.organizerUrl(organizer);
    if (index === 0) {
      props.push(['organizer', { cn: organizer.title }, 'cal-address', address]);
    } else {
      props.push(['contact', {}, 'text', `${organizer.title} <${address}>`]);
    }
  });
  if (parts.categories.length > 0) props.push(['categories', {}, 'text', ...parts.categories]);
  props.push(['last-modified', {}, 'date-time', utc(row.modified_utc)]);
  props.push(['created', {}, 'date-time', utc(row.date_utc)]);
  props.push(['sequence', {}, 'integer', parts.sequence]);
  const status = veventStatus(row);
  if (status !== undefined) props.push(['status', {}, 'text', status]);
  return ['vevent', props, []];
}
