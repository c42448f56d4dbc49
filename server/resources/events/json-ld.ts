/** The schema.org `json_ld` of a single event (docs/contract/compat-notes.md §1.7, §11.1). */
import { plainText } from '../../text/html.js';
import { lowestCost } from '../../../shared/cost.js';
import { wallMillis } from '../../../shared/time.js';
import type { OrganizerWire, VenueWire } from '../../../shared/schemas/wire/index.js';
import type { EventRow } from '../../storage/events.js';
import { SCHEMA_ORG_STATUS } from '../../../shared/schemas/event-status.js';
import { parseUtc } from '../../../shared/time.js';
import { parseCostColumn, type Wire } from './present.js';

export interface JsonLdInput {
  row: EventRow;
  url: string;
  imageUrl?: string | undefined;
  /** The embedded venue's own `json_ld` (a Place) and the organizers' (Persons). */
  venue?: VenueWire | undefined;
  organizers: OrganizerWire[];
  currencyCode: string;
}

function withoutContext(value: unknown): Wire | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { '@context': _context, ...rest } = value as Wire;
  return rest;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** PHP's `c` format of a stored wall time: always a numeric offset, `+00:00` for UTC. */
function iso(wall: string, utc: string): string {
  // The stored UTC time of the same instant gives the offset without a zone lookup.
  const minutes = Math.round((wallMillis(wall) - wallMillis(utc)) / 60_000);
  const abs = Math.abs(minutes);
  const offset = `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return `${wall.replace(' ', 'T')}${offset}`;
}

export function eventJsonLd(input: JsonLdInput): Wire {
  const { row } = input;
  const ld: Wire = {
    '@context': 'http://schema.org',
    '@type': 'Event',
    name: row.title,
    description: plainText(row.excerpt !== '' ? row.excerpt : row.description),
  };
  if (input.imageUrl) ld.image = input.imageUrl;
  ld.url = input.url;
  ld.eventAttendanceMode = 'https://schema.org/OfflineEventAttendanceMode';
  ld.eventStatus = `https://schema.org/${SCHEMA_ORG_STATUS[row.event_status]}`;
  ld.startDate = iso(row.start_local, row.start_utc);
  ld.endDate = iso(row.end_local, row.end_utc);
  const location = withoutContext(input.venue?.json_ld);
  if (location) ld.location = location;
  const people = input.organizers
    .map((organizer) => withoutContext(organizer.json_ld))
    .filter((person): person is Wire => person !== undefined);
  if (people.length === 1) ld.organizer = people[0];
  else if (people.length > 1) ld.organizer = people;
  ld.performer = 'Organization';
  const price = lowestCost(parseCostColumn(row.cost));
  if (price !== undefined) {
    ld.offers = {
      '@type': 'Offer',
      price,
      priceCurrency: input.currencyCode,
      url: input.url,
      category: 'primary',
      availability: 'inStock',
      validFrom: parseUtc(row.date_utc).toISOString().replace('.000Z', '+00:00'),
    };
  }
  return ld;
}
