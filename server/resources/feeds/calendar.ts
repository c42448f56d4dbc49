/**
 * The text of a calendar feed, written by ical.js from jCal: escaping, folding and CRLF line
 * ends are the library's. The calendar is written in three parts (its head with the VTIMEZONEs,
 * each VEVENT, its end) so that a large feed can be sent while it is being made.
 */
import ICAL from 'ical.js';
import './ical-design.js';
import type { JCal, JCalProperty } from './vtimezone.js';

// ical.js folds content at `foldLength` octets and then adds the continuation line's leading
// space; 74 keeps every line within RFC 5545's 75 octets.
ICAL.foldLength = 74;

export const PRODID = '-//Almanac//Almanac calendar feed//EN';

export interface CalendarHeader {
  name: string;
  timezone: string;
}

/** The calendar's properties as §E2 lists them. */
export function calendarProperties(header: CalendarHeader): JCalProperty[] {
  return [
    ['prodid', {}, 'text', PRODID],
    ['version', {}, 'text', '2.0'],
    ['calscale', {}, 'text', 'GREGORIAN'],
    ['method', {}, 'text', 'PUBLISH'],
    ['x-wr-calname', {}, 'text', header.name],
    ['x-wr-timezone', {}, 'text', header.timezone],
    ['refresh-interval', {}, 'duration', 'PT1H'],
    ['x-published-ttl', {}, 'duration', 'PT1H'],
  ];
}

const END = 'END:VCALENDAR\r\n';

/** `BEGIN:VCALENDAR`, the properties and the given components (VTIMEZONEs), without the end. */
export function calendarHead(header: CalendarHeader, components: JCal[]): string {
  const text = ICAL.stringify(['vcalendar', calendarProperties(header), components]);
  return text.slice(0, text.length - END.length);
}

/** VTIMEZONE text by component (vtimezone.ts makes each zone's component once and keeps it). */
const zoneTexts = new WeakMap<JCal, string>();

let objectPrefix: string | undefined;

/**
 * A CalDAV calendar object's head (RFC 4791 §4.1): no METHOD, which marks a scheduling message,
 * and no feed-wide names.
 */
export function objectHead(components: JCal[]): string {
  objectPrefix ??= ICAL.stringify([
    'vcalendar',
    [
      ['prodid', {}, 'text', PRODID],
      ['version', {}, 'text', '2.0'],
      ['calscale', {}, 'text', 'GREGORIAN'],
    ],
    [],
  ]).slice(0, -END.length);
  let text = objectPrefix;
  for (const component of components) {
    let zone = zoneTexts.get(component);
    if (zone === undefined) {
      zone = componentText(component);
      zoneTexts.set(component, zone);
    }
    text += zone;
  }
  return text;
}

export const calendarTail = (): string => END;

/** One component's lines, each ending in CRLF. */
export function componentText(component: JCal): string {
  return ICAL.stringify(component);
}
