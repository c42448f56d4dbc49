/**
 * `calendar-data` with `expand` (RFC 4791 §9.6.5): each instance of the object overlapping the
 * window as a VEVENT of its own, with RECURRENCE-ID and times in UTC and no rule. Expanded with
 * ical.js from the object's own text, so the instances are exactly what a client expanding the
 * object itself would see (its EXDATEs and changed occurrences included).
 */
import ICAL from 'ical.js';
import '../feeds/calendar.js';
import { PRODID } from '../feeds/calendar.js';

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;

/** Instances read at most per object: a rule with no end stops there. */
const MAX_INSTANCES = 5000;

// ical.js reuses the Time objects its iterator gives: each value is copied before it is kept.
const utcOf = (time: Time): Time => time.clone().convertToZone(ICAL.Timezone.utcTimezone);

function instance(item: Component, start: Time, end: Time, recurrenceId: Time | null): Component {
  // toJSON() is the component's own jCal: a deep copy keeps the object itself unchanged.
  const out = new ICAL.Component(structuredClone(item.toJSON()));
  for (const name of [
    'rrule',
    'rdate',
    'exdate',
    'recurrence-id',
    'dtstart',
    'dtend',
    'duration',
  ]) {
    out.removeAllProperties(name);
  }
  const allDay = start.isDate;
  out.addPropertyWithValue('dtstart', allDay ? start.clone() : utcOf(start));
  out.addPropertyWithValue('dtend', allDay ? end.clone() : utcOf(end));
  if (recurrenceId) {
    out.addPropertyWithValue('recurrence-id', allDay ? recurrenceId.clone() : utcOf(recurrenceId));
  }
  return out;
}

export function expandObject(text: string, from: Date, until: Date): string {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    // ical.js resolves TZIDs through its registry; UTC is its own and must stay so.
    const tzid = String(zone.getFirstPropertyValue('tzid') ?? '');
    if (tzid !== '' && tzid.toUpperCase() !== 'UTC' && !ICAL.TimezoneService.has(tzid)) {
      ICAL.TimezoneService.register(zone);
    }
  }
  const vevents = calendar.getAllSubcomponents('vevent');
  const master = vevents.find((v) => !v.hasProperty('recurrence-id'));
  const out = new ICAL.Component('vcalendar');
  out.addPropertyWithValue('prodid', PRODID);
  out.addPropertyWithValue('version', '2.0');
  const fromTime = ICAL.Time.fromJSDate(from, true);
  const untilTime = ICAL.Time.fromJSDate(until, true);
  const overlaps = (start: Time, end: Time) =>
    start.compare(untilTime) < 0 && (end.compare(fromTime) > 0 || start.compare(fromTime) >= 0);
  if (!master) return out.toString();
  const event = new ICAL.Event(master);
  for (const change of vevents) if (change !== master) event.relateException(change);
  if (!event.isRecurring()) {
    if (overlaps(event.startDate, event.endDate)) {
      out.addSubcomponent(instance(master, event.startDate, event.endDate, null));
    }
    return out.toString();
  }
  const iterator = event.iterator();
  for (let n = 0, next = iterator.next(); next && n < MAX_INSTANCES; n++, next = iterator.next()) {
    const details = event.getOccurrenceDetails(next);
    if (details.startDate.compare(untilTime) >= 0 && next.compare(untilTime) >= 0) break;
    if (overlaps(details.startDate, details.endDate)) {
      out.addSubcomponent(
        instance(details.item.component, details.startDate, details.endDate, details.recurrenceId),
      );
    }
  }
  return out.toString();
}
