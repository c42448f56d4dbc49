/**
 * Value types ical.js does not know for properties of common use (Apple's X-WR-*, Microsoft's
 * X-PUBLISHED-TTL and X-ALT-DESC): registered once, so they are written without a VALUE
 * parameter, as their authors' clients expect, and read back unescaped.
 */
import ICAL from 'ical.js';

for (const [name, type] of [
  ['x-wr-calname', 'text'],
  ['x-wr-timezone', 'text'],
  ['x-alt-desc', 'text'],
  ['x-published-ttl', 'duration'],
] as const) {
  ICAL.design.icalendar.property[name] = { defaultType: type };
}
