/**
 * What the mapping (import-map.ts one way, vevent.ts the other) leaves out of a VEVENT: alarms,
 * attendees, `X-` properties and any other property or component it neither reads nor writes.
 * Calendar apps keep their own data there and expect it back as they sent it (§E6), so it is
 * kept as iCalendar lines and written back inside the same VEVENT.
 */
import ICAL from 'ical.js';
import './calendar.js';

type Component = InstanceType<typeof ICAL.Component>;

/** Properties the mapping reads or writes: the server's own values stand for them. */
const MAPPED = new Set([
  'uid',
  'dtstamp',
  'dtstart',
  'dtend',
  'duration',
  'rrule',
  'rdate',
  'exdate',
  'recurrence-id',
  'summary',
  'description',
  'x-alt-desc',
  'url',
  'location',
  'geo',
  'organizer',
  'contact',
  'categories',
  'last-modified',
  'created',
  'sequence',
  'status',
  'class',
]);

/** The VEVENT's unmapped properties and components as folded lines ending in CRLF, or ''. */
export function keptLines(vevent: Component): string {
  const kept = new ICAL.Component('vevent');
  // Copies: adding a property or component to another one takes it from its parent.
  for (const property of [...vevent.getAllProperties()]) {
    if (!MAPPED.has(property.name)) {
      kept.addProperty(new ICAL.Property(structuredClone(property.toJSON())));
    }
  }
  for (const component of [...vevent.getAllSubcomponents()]) {
    kept.addSubcomponent(new ICAL.Component(structuredClone(component.toJSON())));
  }
  const text = kept.toString();
  const lines = text.split('\r\n');
  // Between BEGIN:VEVENT and END:VEVENT.
  const inner = lines.slice(1, -1).join('\r\n');
  return inner === '' ? '' : `${inner}\r\n`;
}
