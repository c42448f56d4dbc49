/**
 * Dates of imported VEVENTs as Almanac stores them: a wall time in an IANA zone. `TZID`s are
 * read as IANA names, as Windows names (CLDR's windowsZones table, through windows-iana: what
 * Outlook and Exchange write), as IANA names inside vendor prefixes (`/mozilla.org/…/Europe/Berlin`)
 * or through the file's own VTIMEZONE (its `X-LIC-LOCATION`, else its offsets: the instant is
 * then kept, in the calendar's zone). UTC and floating times go to the calendar's zone
 * (`X-WR-TIMEZONE`, else the site's).
 */
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { findIana } from 'windows-iana';
import { formatInZone, normalizeZone } from '../../../shared/time.js';

type Time = InstanceType<typeof ICAL.Time>;
type Timezone = InstanceType<typeof ICAL.Timezone>;
type Property = InstanceType<typeof ICAL.Property>;

export interface ZoneContext {
  /** The file's VTIMEZONEs by TZID. */
  custom: Map<string, Timezone>;
  /** Where UTC and floating times are placed. */
  calendarZone: string;
}

/** A date-time placed in a zone, or a date (all day). */
export type Placed =
  { kind: 'date'; date: string } | { kind: 'time'; zone: string; wall: string; ms: number };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function wallOf(time: Time): string {
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)} ${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`;
}

function ianaName(name: string): string | undefined {
  const zone = normalizeZone(name);
  // Only names: a fixed offset written as a TZID is not a zone any calendar app writes.
  return zone !== undefined && zone.includes('/') ? zone : zone === 'UTC' ? 'UTC' : undefined;
}

/** The IANA zone a TZID names, without the file's VTIMEZONEs. */
export function zoneOfTzid(tzid: string): string | undefined {
  const name = tzid.trim().replace(/^"|"$/g, '');
  const direct = ianaName(name);
  if (direct) return direct;
  const windows = findIana(name)[0];
  if (windows) return windows;
  // Vendor prefixes: the last two or three path segments may be an IANA name.
  const parts = name.split('/').filter((p) => p !== '');
  for (const count of [3, 2]) {
    if (parts.length >= count) {
      const candidate = ianaName(parts.slice(-count).join('/'));
      if (candidate) return candidate;
    }
  }
  return undefined;
}

/** The file's VTIMEZONEs, by TZID. */
export function customZones(calendar: InstanceType<typeof ICAL.Component>): Map<string, Timezone> {
  const out = new Map<string, Timezone>();
  for (const component of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = component.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string') out.set(tzid, new ICAL.Timezone(component));
  }
  return out;
}

/** The instant of a wall time in an IANA zone. */
function instantIn(zone: string, time: Time): number {
  return DateTime.fromObject(
    {
      year: time.year,
      month: time.month,
      day: time.day,
      hour: time.hour,
      minute: time.minute,
      second: time.second,
    },
    { zone },
  ).toMillis();
}

function inCalendarZone(ms: number, ctx: ZoneContext): Placed {
  return {
    kind: 'time',
    zone: ctx.calendarZone,
    wall: formatInZone(new Date(ms), ctx.calendarZone),
    ms,
  };
}

/** A DTSTART, DTEND or RECURRENCE-ID property's value, placed. */
export function place(property: Property, ctx: ZoneContext): Placed {
  const time = property.getFirstValue() as Time;
  if (time.isDate) {
    return { kind: 'date', date: `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}` };
  }
  const tzid = property.getParameter('tzid');
  if (typeof tzid === 'string' && tzid !== '') {
    const custom = ctx.custom.get(tzid);
    const location = custom?.component?.getFirstPropertyValue('x-lic-location');
    const named =
      zoneOfTzid(tzid) ?? (typeof location === 'string' ? zoneOfTzid(location) : undefined);
    if (named) return { kind: 'time', zone: named, wall: wallOf(time), ms: instantIn(named, time) };
    if (custom) {
      const local = time.clone();
      local.zone = custom;
      return inCalendarZone(local.toUnixTime() * 1000, ctx);
    }
  }
  if (time.zone?.tzid === 'UTC') {
    return inCalendarZone(
      Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second),
      ctx,
    );
  }
  // Floating, or a TZID the file does not define: the calendar's own wall time.
  return {
    kind: 'time',
    zone: ctx.calendarZone,
    wall: wallOf(time),
    ms: instantIn(ctx.calendarZone, time),
  };
}
