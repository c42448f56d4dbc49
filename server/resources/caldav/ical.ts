/**
 * The iCalendar body of a CalDAV PUT (RFC 4791 §4.1): one VCALENDAR whose VEVENTs share one UID,
 * a master and changed occurrences (RECURRENCE-ID). Anything else is refused with the
 * precondition RFC 4791 names for it.
 */
import ICAL from 'ical.js';
import { Refused } from '../../errors.js';
import { customZones, zoneOfTzid, type ZoneContext } from '../feeds/import-times.js';
import '../feeds/calendar.js';

type Component = InstanceType<typeof ICAL.Component>;

export interface ObjectBody {
  uid: string;
  master: Component | undefined;
  changes: Component[];
  ctx: ZoneContext;
}

export const invalidData = (message: string) => new Refused('caldav_valid_calendar_data', message);

export function parseObject(text: string, siteZone: string): ObjectBody {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch (error) {
    throw invalidData(`The body is not iCalendar: ${error instanceof Error ? error.message : ''}`);
  }
  if (!Array.isArray(parsed) || parsed[0] !== 'vcalendar') {
    throw invalidData('The body must be one VCALENDAR.');
  }
  const calendar = new ICAL.Component(parsed);
  const others = calendar
    .getAllSubcomponents()
    .filter((c) => c.name !== 'vevent' && c.name !== 'vtimezone');
  if (others.length > 0) {
    throw new Refused(
      'caldav_supported_calendar_component',
      `This calendar holds events (VEVENT) only, not ${others[0]!.name.toUpperCase()}.`,
    );
  }
  const vevents = calendar.getAllSubcomponents('vevent');
  if (vevents.length === 0) throw invalidData('The calendar holds no VEVENT.');
  const uids = new Set(vevents.map((v) => String(v.getFirstPropertyValue('uid') ?? '').trim()));
  const [uid = ''] = uids;
  if (uids.size !== 1 || uid === '') {
    throw invalidData('Every VEVENT of one calendar object has the same, non-empty UID.');
  }
  const masters = vevents.filter((v) => !v.hasProperty('recurrence-id'));
  if (masters.length > 1)
    throw invalidData('A calendar object has one VEVENT without RECURRENCE-ID.');
  const named = calendar.getFirstPropertyValue('x-wr-timezone');
  return {
    uid,
    master: masters[0],
    changes: vevents.filter((v) => v.hasProperty('recurrence-id')),
    ctx: {
      custom: customZones(calendar),
      calendarZone: (typeof named === 'string' ? zoneOfTzid(named) : undefined) ?? siteZone,
    },
  };
}

/** Each date of EXDATE lines (as the mapping gives them) as a one-value property. */
export function exdateValues(lines: string[]): InstanceType<typeof ICAL.Property>[] {
  const out: InstanceType<typeof ICAL.Property>[] = [];
  for (const line of lines) {
    const property = ICAL.Property.fromString(line);
    if (property.name !== 'exdate') continue;
    for (const value of property.getValues()) {
      const single = new ICAL.Property(structuredClone(property.toJSON()));
      single.setValue(value);
      out.push(single);
    }
  }
  return out;
}
