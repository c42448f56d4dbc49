/**
 * REPORTs on the calendar collection: calendar-query (RFC 4791 §7.8), calendar-multiget (§7.9),
 * free-busy-query (§7.10) and sync-collection (RFC 6578 §3). Each reads its request with the
 * XML helpers and answers a multistatus (free-busy-query: a VFREEBUSY), or a DAV precondition.
 */
import type { Element } from '@xmldom/xmldom';
import ICAL from 'ical.js';
import type { Actor } from '../../../shared/roles.js';
import { Refused } from '../../errors.js';
import type { Links } from '../../http/links.js';
import { PRODID } from '../feeds/calendar.js';
import { expandObject } from './expand.js';
import type { CalendarObject } from './objects.js';
import { objectPath } from './paths.js';
import { objectValue, syncUri, tokenOfUri, type PropContext } from './props.js';
import type { CaldavService } from './service.js';
import {
  badXml,
  child,
  children,
  dav,
  escapeXml,
  is,
  multistatus,
  NS,
  propResponse,
  qname,
  statusResponse,
  type PropValue,
  type QName,
} from './xml.js';

export interface ReportAnswer {
  status: number;
  type: string;
  body: string;
}

interface Window {
  start: Date;
  end: Date;
}

const FAR_PAST = new Date(Date.UTC(1900, 0, 1));
const FAR_FUTURE = new Date(Date.UTC(2200, 0, 1));

export const unsupportedReport = () =>
  new Refused('caldav_supported_report', 'This report is not supported here.');

/** `20260601T000000Z` (RFC 4791 §9.9: UTC date-time). */
function instant(value: string | null, fallback: Date): Date {
  if (value === null || value === '') return fallback;
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value.trim());
  if (!match) throw badXml(`"${value}" is not a UTC date-time.`);
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
}

function windowOf(element: Element): Window {
  return {
    start: instant(element.getAttribute('start'), FAR_PAST),
    end: instant(element.getAttribute('end'), FAR_FUTURE),
  };
}

/** The properties asked for and how calendar-data is to be given. */
interface Wanted {
  props: QName[];
  expand: Window | undefined;
}

function wantedOf(root: Element): Wanted {
  const prop = child(root, NS.dav, 'prop');
  const props = prop ? children(prop).map(qname) : [{ ns: NS.dav, name: 'getetag' }];
  const data = prop ? child(prop, NS.caldav, 'calendar-data') : undefined;
  const expandElement = data ? child(data, NS.caldav, 'expand') : undefined;
  return { props, expand: expandElement ? windowOf(expandElement) : undefined };
}

function respond(
  objects: CalendarObject[],
  wanted: Wanted,
  user: number,
  ctx: PropContext,
): string[] {
  return objects.map((object) => {
    const values: Array<[QName, PropValue]> = wanted.props.map((q) => {
      if (q.ns === NS.caldav && q.name === 'calendar-data') {
        const text = wanted.expand
          ? expandObject(object.text, wanted.expand.start, wanted.expand.end)
          : object.text;
        return [q, escapeXml(text)];
      }
      return [q, objectValue(q, object, ctx)];
    });
    return propResponse(objectPath(user, object.name), values);
  });
}

/** What calendar-query's filter asks: events at all, and in which window (RFC 4791 §9.7). */
function filterOf(root: Element): { events: boolean; window: Window | undefined; uid?: string } {
  const filter = child(root, NS.caldav, 'filter');
  const calendar = filter ? child(filter, NS.caldav, 'comp-filter') : undefined;
  if (!calendar) throw badXml('calendar-query needs a filter with a VCALENDAR comp-filter.');
  const inner = child(calendar, NS.caldav, 'comp-filter');
  if (!inner) return { events: true, window: undefined };
  if ((inner.getAttribute('name') ?? '').toUpperCase() !== 'VEVENT') {
    return { events: false, window: undefined };
  }
  const range = child(inner, NS.caldav, 'time-range');
  const uidFilter = children(inner).find(
    (c) =>
      is(c, NS.caldav, 'prop-filter') && (c.getAttribute('name') ?? '').toUpperCase() === 'UID',
  );
  const match = uidFilter ? child(uidFilter, NS.caldav, 'text-match') : undefined;
  return {
    events: true,
    window: range ? windowOf(range) : undefined,
    ...(match ? { uid: (match.textContent ?? '').trim() } : {}),
  };
}

/** The object names of hrefs in the calendar (calendar-multiget). */
function namesOf(root: Element, calendar: string): string[] {
  return children(root)
    .filter((c) => is(c, NS.dav, 'href'))
    .map((c) => {
      const text = (c.textContent ?? '').trim();
      const path = URL.parse(text, 'http://x')?.pathname ?? text;
      if (!path.startsWith(calendar)) return '';
      try {
        return decodeURIComponent(path.slice(calendar.length));
      } catch {
        return '';
      }
    });
}

export async function runReport(
  root: Element,
  caldav: CaldavService,
  user: number,
  calendar: string,
  actor: Actor,
  links: Links,
  ctx: PropContext,
): Promise<ReportAnswer> {
  const xml = (body: string): ReportAnswer => ({
    status: 207,
    type: 'application/xml; charset=utf-8',
    body,
  });
  if (is(root, NS.caldav, 'calendar-query')) {
    const filter = filterOf(root);
    if (!filter.events) return xml(multistatus([]));
    let found = filter.window
      ? await caldav.inRange(filter.window.start, filter.window.end, actor, links)
      : await caldav.all(actor, links);
    if (filter.uid !== undefined) {
      found = found.filter((o) => o.text.includes(`\r\nUID:${filter.uid}\r\n`));
    }
    return xml(multistatus(respond(found, wantedOf(root), user, ctx)));
  }
  if (is(root, NS.caldav, 'calendar-multiget')) {
    const wanted = wantedOf(root);
    const names = namesOf(root, calendar);
    const { found, missing } = await caldav.named(
      names.filter((n) => n !== ''),
      actor,
      links,
    );
    const gone = [...missing, ...names.filter((n) => n === '')].map((name) =>
      statusResponse(name === '' ? calendar : objectPath(user, name), '404 Not Found'),
    );
    return xml(multistatus([...respond(found, wanted, user, ctx), ...gone]));
  }
  if (is(root, NS.dav, 'sync-collection')) {
    const level = (child(root, NS.dav, 'sync-level')?.textContent ?? '1').trim();
    if (level !== '1') {
      throw new Refused('caldav_sync_level', 'Only sync-level 1 is supported.');
    }
    const given = (child(root, NS.dav, 'sync-token')?.textContent ?? '').trim();
    const wanted = wantedOf(root);
    if (given === '') {
      const token = await caldav.token();
      const all = await caldav.all(actor, links);
      return xml(multistatus(respond(all, wanted, user, ctx), dav('sync-token', syncUri(token))));
    }
    const token = tokenOfUri(given);
    if (token === undefined) throw new Refused('caldav_valid_sync_token', 'Unknown sync token.');
    const changes = await caldav.changedSince(token, actor, links);
    const gone = changes.gone.map((name) =>
      statusResponse(objectPath(user, name), '404 Not Found'),
    );
    return xml(
      multistatus(
        [...respond(changes.changed, wanted, user, ctx), ...gone],
        dav('sync-token', syncUri(changes.token)),
      ),
    );
  }
  if (is(root, NS.caldav, 'free-busy-query')) {
    const range = child(root, NS.caldav, 'time-range');
    if (!range) throw badXml('free-busy-query needs a time-range.');
    const window = windowOf(range);
    const busy = await caldav.busy(window.start, window.end, actor);
    const vcalendar = new ICAL.Component('vcalendar');
    vcalendar.addPropertyWithValue('prodid', PRODID);
    vcalendar.addPropertyWithValue('version', '2.0');
    const freebusy = new ICAL.Component('vfreebusy');
    const utc = (date: Date) => ICAL.Time.fromJSDate(date, true);
    const storedUtc = (text: string) => utc(new Date(`${text.replace(' ', 'T')}Z`));
    freebusy.addPropertyWithValue('dtstamp', utc(new Date()));
    freebusy.addPropertyWithValue('dtstart', utc(window.start));
    freebusy.addPropertyWithValue('dtend', utc(window.end));
    for (const [start, end] of busy) {
      const period = ICAL.Period.fromData({ start: storedUtc(start), end: storedUtc(end) });
      freebusy.addPropertyWithValue('freebusy', period);
    }
    vcalendar.addSubcomponent(freebusy);
    return { status: 200, type: 'text/calendar; charset=utf-8', body: vcalendar.toString() };
  }
  throw unsupportedReport();
}
