/**
 * One imported VEVENT as an event payload (docs/contract/extensions.md §E2, Import): what it
 * says, read with ical.js, mapped to the fields of `POST /events`. Pure: finding or creating
 * venues, organizers and terms is the import service's job.
 */
import ICAL from 'ical.js';
import { formatInZone } from '../../../shared/time.js';
import './ical-design.js';
import { place, zoneOfTzid, type Placed, type ZoneContext } from './import-times.js';

type Component = InstanceType<typeof ICAL.Component>;
type Duration = InstanceType<typeof ICAL.Duration>;
type Time = InstanceType<typeof ICAL.Time>;

export interface MappedEvent {
  uid: string;
  sequence: number;
  /** LAST-MODIFIED (else DTSTAMP), `YYYY-MM-DD HH:MM:SS` UTC, or '' when absent. */
  modified: string;
  /**
   * STATUS:CANCELLED → canceled and STATUS:TENTATIVE → postponed, as the feeds write them
   * (docs/contract/extensions.md §E7); any other is scheduled.
   */
  eventStatus: 'scheduled' | 'canceled' | 'postponed';
  /** RRULE, RDATE or EXDATE lines as written (a series), or `[]`. */
  recurrence: string[];
  /** RECURRENCE-ID: this VEVENT changes one occurrence of a series. */
  recurrenceId: Placed | undefined;
  title: string;
  description: string;
  timezone: string;
  allDay: boolean;
  start: string;
  end: string;
  website: string | undefined;
  location: string | undefined;
  geo: { lat: number; lng: number } | undefined;
  organizer: { name: string; email: string } | undefined;
  categories: string[];
  private: boolean;
}

const DAY_MS = 86_400_000;

const STATUSES: Record<string, MappedEvent['eventStatus']> = {
  CANCELLED: 'canceled',
  TENTATIVE: 'postponed',
};

function text(component: Component, name: string): string {
  const value = component.getFirstPropertyValue(name);
  return typeof value === 'string' ? value.trim() : '';
}

function utcText(time: Time | null): string {
  if (!time) return '';
  return formatInZone(new Date(time.toUnixTime() * 1000), 'UTC');
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Plain text as the stored HTML of a description: escaped, line breaks kept for wpautop. */
function htmlOfText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function description(component: Component): string {
  // Outlook writes the HTML it was given beside the plain text; it is sanitised on write.
  for (const alt of component.getAllProperties('x-alt-desc')) {
    const type = alt.getParameter('fmttype');
    const value = alt.getFirstValue();
    if (type === 'text/html' && typeof value === 'string' && value.trim() !== '') {
      // Only the body of a whole document, without the layout whitespace between tags.
      const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(value)?.[1] ?? value;
      return body.replace(/>\s+</g, '><').trim();
    }
  }
  return htmlOfText(text(component, 'description'));
}

function organizerOf(component: Component): MappedEvent['organizer'] {
  const property = component.getFirstProperty('organizer');
  if (!property) return undefined;
  const value = property.getFirstValue();
  const address = typeof value === 'string' ? value.trim() : '';
  const email = /^mailto:/i.test(address) ? address.replace(/^mailto:/i, '').trim() : '';
  const cn = property.getParameter('cn');
  const name = (typeof cn === 'string' ? cn : '').trim() || email;
  return name === '' ? undefined : { name, email };
}

function geoOf(component: Component): MappedEvent['geo'] {
  const value = component.getFirstPropertyValue('geo') as unknown;
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [lat, lng] = value.map(Number) as [number, number];
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  return { lat, lng };
}

function categoriesOf(component: Component): string[] {
  const names = component
    .getAllProperties('categories')
    .flatMap((property) => property.getValues())
    .map((value) => String(value).trim())
    .filter((value) => value !== '');
  return [...new Set(names)];
}

/** The rule's lines, with zones named as Almanac names them (Windows names become IANA ones). */
function recurrenceLines(component: Component): string[] {
  const lines: string[] = [];
  for (const name of ['rrule', 'rdate', 'exdate']) {
    for (const property of component.getAllProperties(name)) {
      const tzid = property.getParameter('tzid');
      const zone = typeof tzid === 'string' ? zoneOfTzid(tzid) : undefined;
      if (zone !== undefined) property.setParameter('tzid', zone);
      lines.push(property.toICALString());
    }
  }
  return lines;
}

/** The VEVENT mapped, or the message of what makes it unusable. */
export function mapVevent(component: Component, ctx: ZoneContext): MappedEvent | string {
  const uid = text(component, 'uid');
  if (uid === '') return 'The event has no UID.';
  const startProperty = component.getFirstProperty('dtstart');
  if (!startProperty) return 'The event has no DTSTART.';
  const start = place(startProperty, ctx);
  const endProperty = component.getFirstProperty('dtend');
  const duration = component.getFirstPropertyValue('duration') as Duration | null;
  let startText: string;
  let endText: string;
  let timezone = ctx.calendarZone;
  if (start.kind === 'date') {
    startText = start.date;
    let endDate = start.date;
    if (endProperty) {
      const end = place(endProperty, ctx);
      // DTEND of a whole-day event is the day after its last day.
      const exclusive = end.kind === 'date' ? end.date : end.wall.slice(0, 10);
      endDate = exclusive > start.date ? addDays(exclusive, -1) : start.date;
    } else if (duration) {
      const days = Math.max(1, Math.ceil(duration.toSeconds() / 86_400));
      endDate = addDays(start.date, days - 1);
    }
    endText = endDate;
  } else {
    timezone = start.zone;
    startText = start.wall;
    let endMs = start.ms;
    if (endProperty) {
      const end = place(endProperty, ctx);
      endMs = end.kind === 'date' ? Date.parse(`${end.date}T00:00:00Z`) : end.ms;
    } else if (duration) {
      endMs = start.ms + duration.toSeconds() * 1000;
    }
    endText = formatInZone(new Date(Math.max(endMs, start.ms)), start.zone);
  }
  const recurrenceIdProperty = component.getFirstProperty('recurrence-id');
  const url = text(component, 'url');
  const modified =
    (component.getFirstPropertyValue('last-modified') as Time | null) ??
    (component.getFirstPropertyValue('dtstamp') as Time | null);
  const sequence = Number(component.getFirstPropertyValue('sequence') ?? 0);
  const klass = text(component, 'class').toUpperCase();
  return {
    uid,
    sequence: Number.isSafeInteger(sequence) && sequence >= 0 ? sequence : 0,
    modified: utcText(modified),
    eventStatus: STATUSES[text(component, 'status').toUpperCase()] ?? 'scheduled',
    recurrence: recurrenceLines(component),
    recurrenceId: recurrenceIdProperty ? place(recurrenceIdProperty, ctx) : undefined,
    title: text(component, 'summary') || 'Untitled event',
    description: description(component),
    timezone,
    allDay: start.kind === 'date',
    start: startText,
    end: endText,
    website: /^https?:\/\/\S+$/i.test(url) ? url : undefined,
    location: text(component, 'location') || undefined,
    geo: geoOf(component),
    organizer: organizerOf(component),
    categories: categoriesOf(component),
    private: klass === 'PRIVATE' || klass === 'CONFIDENTIAL',
  };
}
