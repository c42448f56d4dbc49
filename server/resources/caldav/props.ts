/**
 * The WebDAV and CalDAV properties each resource answers (RFC 4918 §15, RFC 4791 §5.2 and §6,
 * RFC 5397, RFC 6578 §4, and calendarserver.org's getctag). A property a resource does not have
 * is reported missing (404 in its propstat).
 */
import { canEditPosts, type Actor } from '../../../shared/roles.js';
import type { CalendarObject } from './objects.js';
import { calendarPath, homePath, principalPath, type Resource } from './paths.js';
import { cal, dav, escapeXml, NS, type PropValue, type QName } from './xml.js';

export interface PropContext {
  actor: Actor;
  displayName: string;
  email: string;
  /** The calendar's sync token (also its ctag), read as the request began. */
  token: string;
}

export const OBJECT_TYPE = 'text/calendar; charset=utf-8; component=vevent';
export const syncUri = (token: string) => `urn:almanac:sync:${token}`;
export const tokenOfUri = (uri: string): string | undefined =>
  /^urn:almanac:sync:(.+)$/.exec(uri.trim())?.[1];

const href = (path: string) => dav('href', escapeXml(path));

/** Properties a PROPFIND with `allprop` (or no body) gets. */
export const ALLPROP: QName[] = [
  { ns: NS.dav, name: 'resourcetype' },
  { ns: NS.dav, name: 'displayname' },
  { ns: NS.dav, name: 'getetag' },
  { ns: NS.dav, name: 'getcontenttype' },
  { ns: NS.dav, name: 'current-user-principal' },
];

const REPORTS = ['calendar-query', 'calendar-multiget', 'free-busy-query']
  .map((name) => dav('supported-report', dav('report', cal(name))))
  .concat(dav('supported-report', dav('report', dav('sync-collection'))))
  .join('');

function privileges(actor: Actor): string {
  const names = canEditPosts(actor)
    ? ['read', 'read-current-user-privilege-set', 'write', 'write-content', 'bind', 'unbind']
    : ['read', 'read-current-user-privilege-set'];
  return names.map((name) => dav('privilege', dav(name))).join('');
}

/** Properties every resource answers. */
function common(q: QName, ctx: PropContext): PropValue {
  if (q.ns !== NS.dav) return undefined;
  switch (q.name) {
    case 'current-user-principal':
      return href(principalPath(ctx.actor.id));
    case 'principal-collection-set':
      return href('/dav/principals/');
    case 'current-user-privilege-set':
      return privileges(ctx.actor);
    case 'owner':
      return href(principalPath(ctx.actor.id));
    default:
      return undefined;
  }
}

function collectionProp(q: QName, resource: Resource, ctx: PropContext): PropValue {
  const user = ctx.actor.id;
  if (q.ns === NS.dav && q.name === 'resourcetype') {
    if (resource.kind === 'principal') return dav('principal') + dav('collection');
    if (resource.kind === 'calendar') return dav('collection') + cal('calendar');
    return dav('collection');
  }
  if (q.ns === NS.dav && q.name === 'displayname') {
    if (resource.kind === 'principal') return escapeXml(ctx.displayName);
    if (resource.kind === 'calendar') return 'Almanac';
    return undefined;
  }
  if (resource.kind === 'principal' || resource.kind === 'root') {
    if (q.ns === NS.dav && q.name === 'principal-URL') return href(principalPath(user));
    if (q.ns === NS.caldav && q.name === 'calendar-home-set') return href(homePath(user));
    if (q.ns === NS.caldav && q.name === 'calendar-user-address-set' && ctx.email !== '') {
      return href(`mailto:${ctx.email}`);
    }
  }
  if (resource.kind !== 'calendar') return common(q, ctx);
  if (q.ns === NS.caldav) {
    switch (q.name) {
      case 'supported-calendar-component-set':
        return '<c:comp name="VEVENT"/>';
      case 'supported-calendar-data':
        return '<c:calendar-data content-type="text/calendar" version="2.0"/>';
      case 'calendar-description':
        return 'The events of this Almanac calendar';
      case 'max-resource-size':
        return String(CALDAV_BODY_BYTES);
      default:
        return undefined;
    }
  }
  if (q.ns === NS.cs && q.name === 'getctag') return escapeXml(ctx.token);
  if (q.ns === NS.dav) {
    if (q.name === 'sync-token') return escapeXml(syncUri(ctx.token));
    if (q.name === 'supported-report-set') return REPORTS;
  }
  return common(q, ctx);
}

/** The most bytes of one request body (a calendar object or a report). */
export const CALDAV_BODY_BYTES = 1024 * 1024;

/** A property of a collection (root, principal, home, calendar). */
export function collectionValue(q: QName, resource: Resource, ctx: PropContext): PropValue {
  return collectionProp(q, resource, ctx);
}

/** A property of a calendar object; `calendar-data` is given by the caller (it may be expanded). */
export function objectValue(q: QName, object: CalendarObject, ctx: PropContext): PropValue {
  if (q.ns === NS.dav) {
    switch (q.name) {
      case 'getetag':
        return escapeXml(object.etag);
      case 'getcontenttype':
        return OBJECT_TYPE;
      case 'resourcetype':
        return '';
      case 'getcontentlength':
        return String(Buffer.byteLength(object.text));
      default:
        return common(q, ctx);
    }
  }
  if (q.ns === NS.caldav && q.name === 'calendar-data') return escapeXml(object.text);
  return undefined;
}

export const hrefs = { principalPath, homePath, calendarPath };
